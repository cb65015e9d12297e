import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, recordPreconditionHeaders, uuidParam } from '@cask/contracts/common';
import {
  CASK_IMAGE_FIELD,
  caskDeletedChangesBody,
  caskDeletedChangesResponse,
  caskResponse,
  createCaskFields,
  deleteCaskResponse,
  updateCaskBody,
  caskListDefinition,
  warehouseListResponse,
} from '@cask/contracts/casks';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { ok } from '../../lib/envelope.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { expectedRecordVersion, withVersionEtag } from '../../lib/preconditions.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { documentMultipartForm, readImageForm, registerImageUploads } from '../files/multipart.ts';
import { createCasksService, casksExport } from './casks.service.ts';
import { routeListExport } from '../exports/list-exports.ts';

/** docs/screens/casks.md#api-calls: the four cask calls; all need a signed-in admin. */
export const casksRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const casks = createCasksService({ database: deps.database });
  await registerImageUploads(app, { maxFiles: 1 });

  app.get(
    caskListDefinition.path,
    {
      schema: {
        tags: ['casks'],
        querystring: caskListDefinition.query,
        response: { 200: caskListDefinition.response },
      },
    },
    async (request) => ok(await casks.list(request.query)),
  );
  routeListExport(app, caskListDefinition, casksExport);

  app.get(
    '/warehouses',
    {
      schema: {
        tags: ['casks'],
        description:
          "The bonded warehouses casks lie in (issue 44), by name: the Cask List's filter and the Add Cask form's select.",
        response: { 200: warehouseListResponse },
      },
    },
    async () => ok(await casks.warehouses()),
  );

  app.get(
    '/casks/:id',
    {
      schema: {
        tags: ['casks'],
        description: 'One cask as the list shows it; the `ETag` header is its version.',
        params: uuidParam,
        response: { 200: caskResponse, 404: errorEnvelope.describe('No such cask') },
      },
    },
    async (request, reply) =>
      ok({ cask: withVersionEtag(reply, await casks.get(request.params.id)) }),
  );

  app.post(
    '/casks',
    {
      // Each add may decode an image: far more than a person needs, far less than a flood.
      config: {
        rateLimit: routeRateLimit(60),
        swaggerTransform: documentMultipartForm({
          fields: Object.keys(createCaskFields.shape),
          files: { [CASK_IMAGE_FIELD]: 'one' },
        }),
      },
      schema: {
        tags: ['casks'],
        consumes: ['multipart/form-data'],
        response: {
          201: caskResponse,
          400: errorEnvelope.describe(
            'A field is missing or wrong, or the owner or the warehouse is unknown',
          ),
          409: errorEnvelope.describe(
            'Another cask has this number, distillery and fill year (decision 400)',
          ),
        },
      },
    },
    async (request, reply) => {
      const form = await readImageForm(request, { fileFields: [CASK_IMAGE_FIELD], maxFiles: 1 });
      const parsed = createCaskFields.safeParse(form.fields);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({
          field: issue.path.join('.'),
          message: issue.message,
        }));
        throw new BadRequestError(errors[0]?.message ?? 'Invalid request', errors);
      }
      const cask = await casks.create(
        parsed.data,
        form.files[CASK_IMAGE_FIELD]?.[0],
        actorOf(request),
      );
      return reply.status(201).send(ok({ cask }, 'Cask added successfully!'));
    },
  );

  app.put(
    '/casks/:id/appreciation',
    {
      schema: {
        tags: ['casks'],
        params: uuidParam,
        headers: recordPreconditionHeaders,
        body: updateCaskBody,
        response: { 200: caskResponse, 404: errorEnvelope.describe('No such cask') },
      },
    },
    async (request) =>
      ok(
        {
          cask: await casks.update(
            request.params.id,
            request.body,
            actorOf(request),
            expectedRecordVersion(request.headers),
          ),
        },
        'Cask updated successfully!',
      ),
  );

  app.post(
    '/casks/bulk/deleted',
    {
      schema: {
        tags: ['casks'],
        description:
          'Hides casks (`deleted: true`, as DELETE does) or brings them back as they were (`deleted: false`, the undo of a delete); all or none: when a row is unknown or already as asked, 409 names each (`errors`, `changes.<n>.id`) and nothing changes.',
        body: caskDeletedChangesBody,
        response: { 200: caskDeletedChangesResponse },
      },
    },
    async (request) =>
      ok(await casks.setDeleted(request.body, actorOf(request)), 'Casks updated successfully!'),
  );

  app.delete(
    '/casks/:id',
    {
      schema: {
        tags: ['casks'],
        params: uuidParam,
        response: { 200: deleteCaskResponse, 404: errorEnvelope.describe('No such cask') },
      },
    },
    async (request) =>
      ok(await casks.remove(request.params.id, actorOf(request)), 'Cask deleted successfully!'),
  );
};
