import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sentForApprovalResponse } from '@cask/contracts/approvals';
import { errorEnvelope } from '@cask/contracts/common';
import { CSV_IMPORT_FILE_FIELD } from '@cask/contracts/csv-import';
import {
  valuationImportApplyFields,
  valuationImportMessage,
  valuationImportPreviewFields,
  valuationImportPreviewResponse,
  valuationImportReportResponse,
  valuationImportResultResponse,
} from '@cask/contracts/valuation-imports';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { readCsvUpload, registerCsvUploads } from '../../lib/csv-import.ts';
import { ok } from '../../lib/envelope.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { PREVIEW_IS_A_READ } from '../../plugins/roles.ts';
import { documentMultipartForm } from '../files/multipart.ts';
import { sentForApproval } from '../approvals/approvable.ts';
import {
  createValuationImportsService,
  importSaveOf,
  valuationImport,
} from './valuation-imports.service.ts';

/** The form's text fields, checked with the contract (a multipart route declares no body). */
async function readForm<Schema extends z.ZodType>(request: FastifyRequest, fields: Schema) {
  const upload = await readCsvUpload(request);
  const parsed = fields.safeParse(upload.fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      message: issue.message,
    }));
    throw new BadRequestError(errors[0]?.message ?? 'Invalid request', errors);
  }
  return { upload, fields: parsed.data as z.output<Schema> };
}

const refusals = {
  400: errorEnvelope.describe(
    'The file cannot be read: not UTF-8, not CSV, a column unknown or missing, no rows',
  ),
  413: errorEnvelope.describe('The file is larger than 10 MB'),
  415: errorEnvelope.describe('Not a multipart/form-data upload'),
};

/**
 * 'Import valuations' on the Cask List (issue 44, docs/screens/casks.md#import-valuations): the
 * preview (a Viewer may: it writes nothing), its report as CSV, and the apply (one transaction).
 * Each takes the file in `file` and `dateOrder` (iso or dmy); the apply also the preview's token
 * and, when the Approvals policy sends it for approval, a `reason` (issue 45).
 */
export const valuationImportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await registerCsvUploads(app);
  const service = createValuationImportsService({ database: deps.database });
  app.approvals.add(valuationImport);

  app.post(
    '/casks/valuation-imports/preview',
    {
      config: {
        viewerMayWrite: PREVIEW_IS_A_READ,
        swaggerTransform: documentMultipartForm({
          fields: ['dateOrder'],
          files: { [CSV_IMPORT_FILE_FIELD]: 'one' },
        }),
      },
      schema: {
        tags: ['casks'],
        description:
          'Reads a CSV of valuations (columns cask_id, or cask_number + distillery + fill_year; date; value; source; note) and answers each row matched to its cask (old -> new value, the change in %, flagged above 50%, already recorded) and each row refused with its line and the reason. Writes nothing.',
        consumes: ['multipart/form-data'],
        response: { 200: valuationImportPreviewResponse, ...refusals },
      },
    },
    async (request) => {
      const { upload, fields } = await readForm(request, valuationImportPreviewFields);
      return ok(await service.preview(upload, fields.dateOrder));
    },
  );

  app.post(
    '/casks/valuation-imports/report',
    {
      config: {
        viewerMayWrite: PREVIEW_IS_A_READ,
        swaggerTransform: documentMultipartForm({
          fields: ['dateOrder'],
          files: { [CSV_IMPORT_FILE_FIELD]: 'one' },
        }),
      },
      schema: {
        tags: ['casks'],
        description:
          "The preview as a CSV report (one line a row of the file, every cell formula-neutralised), in the envelope's `csv`. Writes nothing.",
        consumes: ['multipart/form-data'],
        response: { 200: valuationImportReportResponse, ...refusals },
      },
    },
    async (request) => {
      const { upload, fields } = await readForm(request, valuationImportPreviewFields);
      return ok(await service.report(upload, fields.dateOrder));
    },
  );

  app.post(
    '/casks/valuation-imports',
    {
      config: {
        swaggerTransform: documentMultipartForm({
          fields: ['dateOrder', 'previewToken', 'reason'],
          files: { [CSV_IMPORT_FILE_FIELD]: 'one' },
        }),
      },
      schema: {
        tags: ['casks'],
        description:
          "Records the previewed file's rows in one transaction or none, each as POST /casks/{id}/valuations records one (current value, counters, portfolio, audit). A row recorded already (the same cask, day, value and source) is skipped and counted. 409 when a cask changed since the preview (`previewToken`). While the Approvals policy's 'Valuation change above' is on, every apply is sent for approval: 202 with the request (the file and its preview's token), which needs `reason`; approving applies it, or makes it Outdated when a cask changed since (issue 45).",
        consumes: ['multipart/form-data'],
        response: {
          201: valuationImportResultResponse,
          202: sentForApprovalResponse,
          ...refusals,
          409: errorEnvelope.describe('A cask in the file changed since the preview'),
        },
      },
    },
    async (request, reply) => {
      const { upload, fields } = await readForm(request, valuationImportApplyFields);
      const outcome = await app.approvals.runOrRequest(
        valuationImport,
        { recordId: null, body: importSaveOf(upload, fields), reason: fields.reason },
        actorOf(request),
      );
      if ('approval' in outcome) return reply.status(202).send(sentForApproval(outcome.approval));
      return reply.status(201).send(ok(outcome.result, valuationImportMessage(outcome.result)));
    },
  );
};
