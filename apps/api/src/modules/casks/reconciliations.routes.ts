import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  demoStatementResponse,
  findingParams,
  reconciliationsOverviewResponse,
  resolveFindingBody,
  savedReconciliationResponse,
  STATEMENT_FILE_FIELD,
  statementPreviewResponse,
} from '@cask/contracts/reconciliations';
import { errorEnvelope, uuidParam } from '@cask/contracts/common';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { ok } from '../../lib/envelope.ts';
import { PREVIEW_IS_A_READ } from '../../plugins/roles.ts';
import { documentMultipartForm } from '../files/multipart.ts';
import { readCsvUpload, registerCsvUploads } from '../../lib/csv-import.ts';
import { createReconciliationsService, STATEMENT_WORDS } from './reconciliations.service.ts';

const statementForm = documentMultipartForm({
  fields: ['warehouseId', 'dateOrder', 'columns'],
  files: { [STATEMENT_FILE_FIELD]: 'one' },
});

/**
 * Reconcile (issue 44, docs/screens/reconciliations.md#api-calls): the warehouses and the latest
 * reports; a statement previewed (a read: a Viewer may), saved, read; a finding resolved.
 */
export const reconciliationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await registerCsvUploads(app);
  const reconciliations = createReconciliationsService({ database: deps.database });

  app.get(
    '/reconciliations',
    { schema: { tags: ['reconciliations'], response: { 200: reconciliationsOverviewResponse } } },
    async () => ok(await reconciliations.overview()),
  );

  app.get(
    '/reconciliations/demo-statement',
    {
      schema: {
        tags: ['reconciliations'],
        description:
          "The demo's stock statement: the casks of the warehouse holding the most numbered casks, with deliberate mismatches of each kind (docs/screens/reconciliations.md).",
        response: {
          200: demoStatementResponse,
          404: errorEnvelope.describe('No warehouse holds enough numbered casks'),
        },
      },
    },
    async () => ok(await reconciliations.demoStatement()),
  );

  app.post(
    '/reconciliations/preview',
    {
      config: { viewerMayWrite: PREVIEW_IS_A_READ, swaggerTransform: statementForm },
      schema: {
        tags: ['reconciliations'],
        description:
          "Reads a warehouse's stock statement and compares it with our casks; saves nothing. `columns` is a JSON object of field to header (the warehouse's remembered columns, else a guess, when left out); `dateOrder` is iso or dmy.",
        consumes: ['multipart/form-data'],
        response: {
          200: statementPreviewResponse,
          400: errorEnvelope.describe('The file or an option cannot be read'),
          413: errorEnvelope.describe('The file is larger than 10 MB'),
        },
      },
    },
    async (request) =>
      ok(await reconciliations.preview(await readCsvUpload(request, STATEMENT_WORDS))),
  );

  app.post(
    '/reconciliations',
    {
      config: { swaggerTransform: statementForm },
      schema: {
        tags: ['reconciliations'],
        description:
          "Saves the report of a statement (the same form as the preview), with its hash, who and when, and remembers the warehouse's columns. Refused while a row cannot be read.",
        consumes: ['multipart/form-data'],
        response: {
          201: savedReconciliationResponse,
          400: errorEnvelope.describe('A column is not mapped, or a row cannot be read'),
          413: errorEnvelope.describe('The file is larger than 10 MB'),
        },
      },
    },
    async (request, reply) => {
      const upload = await readCsvUpload(request, STATEMENT_WORDS);
      const saved = await reconciliations.save(upload, actorOf(request));
      return reply.status(201).send(ok(saved, 'Report saved'));
    },
  );

  app.get(
    '/reconciliations/:id',
    {
      schema: {
        tags: ['reconciliations'],
        params: uuidParam,
        response: {
          200: savedReconciliationResponse,
          404: errorEnvelope.describe('No such reconciliation'),
        },
      },
    },
    async (request) => ok(await reconciliations.read(request.params.id)),
  );

  app.post(
    '/reconciliations/:id/findings/:findingId/resolution',
    {
      schema: {
        tags: ['reconciliations'],
        params: findingParams,
        body: resolveFindingBody,
        response: {
          200: savedReconciliationResponse,
          400: errorEnvelope.describe(
            'The resolution does not apply to the finding, a note is missing, or the gauge is not physically possible',
          ),
          404: errorEnvelope.describe('No such finding'),
          409: errorEnvelope.describe('The finding is already resolved, or its cask was deleted'),
        },
      },
    },
    async (request) =>
      ok(
        await reconciliations.resolve(
          request.params.id,
          request.params.findingId,
          request.body,
          actorOf(request),
        ),
        'Finding resolved',
      ),
  );
};
