import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, recordPreconditionHeaders, uuidParam } from '@cask/contracts/common';
import {
  deleteOfferResponse,
  offerActiveChangesBody,
  offerActiveChangesResponse,
  offerDeletedChangesBody,
  offerDeletedChangesResponse,
  MAX_SLIDING_IMAGES,
  OFFER_IMAGE_FIELD,
  OFFER_IMAGES_FIELD,
  offerResponse,
  offerListDefinition,
} from '@cask/contracts/offers';
import { createOfferFields, updateOfferFields } from '@cask/contracts/offer-form';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { ok } from '../../lib/envelope.ts';
import { expectedRecordVersion, withVersionEtag } from '../../lib/preconditions.ts';
import { documentMultipartForm, readImageForm, registerImageUploads } from '../files/multipart.ts';
import { createOffersService, offersExport } from './offers.service.ts';
import { routeListExport } from '../exports/list-exports.ts';

/** A banner and the sliding images: the most files one form may carry. */
const MAX_FILES = 1 + MAX_SLIDING_IMAGES;
const FILE_FIELDS = [OFFER_IMAGE_FIELD, OFFER_IMAGES_FIELD] as const;
/** The form of each save for `/api/docs`: its text fields, `details` (JSON text), the images. */
const formDocs = (fields: object) =>
  documentMultipartForm({
    fields: [...Object.keys(fields), 'details'],
    formats: { expiryDate: 'date' },
    files: { [OFFER_IMAGE_FIELD]: 'one', [OFFER_IMAGES_FIELD]: 'many' },
  });

/**
 * docs/screens/offers.md#api-calls: the offers catalogue (cask, bottle, experience) with its
 * images.
 */
export const offersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const offers = createOffersService({ database: deps.database });
  await registerImageUploads(app, { maxFiles: MAX_FILES });
  const readForm = (request: Parameters<typeof readImageForm>[0]) =>
    readImageForm(request, { fileFields: FILE_FIELDS, maxFiles: MAX_FILES });

  app.get(
    offerListDefinition.path,
    {
      schema: {
        tags: ['offers'],
        querystring: offerListDefinition.query,
        response: { 200: offerListDefinition.response },
      },
    },
    async (request) => ok(await offers.list(request.query)),
  );
  routeListExport(app, offerListDefinition, offersExport);

  app.get(
    '/offers/:id',
    {
      schema: {
        tags: ['offers'],
        description: 'One offer as the list shows it; the `ETag` header is its version.',
        params: uuidParam,
        response: { 200: offerResponse, 404: errorEnvelope.describe('No such offer') },
      },
    },
    async (request, reply) =>
      ok({ offer: withVersionEtag(reply, await offers.get(request.params.id)) }),
  );

  app.post(
    '/offers',
    {
      config: { swaggerTransform: formDocs(createOfferFields.shape) },
      schema: {
        tags: ['offers'],
        consumes: ['multipart/form-data'],
        response: { 201: offerResponse },
      },
    },
    async (request, reply) => {
      const form = await readForm(request);
      const offer = await offers.create(form, actorOf(request));
      return reply.status(201).send(ok({ offer }, 'Offer added successfully'));
    },
  );

  app.put(
    '/offers/:id',
    {
      config: { swaggerTransform: formDocs(updateOfferFields.shape) },
      schema: {
        tags: ['offers'],
        params: uuidParam,
        headers: recordPreconditionHeaders,
        consumes: ['multipart/form-data'],
        response: { 200: offerResponse },
      },
    },
    async (request) => {
      const expected = expectedRecordVersion(request.headers);
      const form = await readForm(request);
      const offer = await offers.update(request.params.id, form, actorOf(request), expected);
      return ok({ offer }, 'Offer updated successfully');
    },
  );

  app.post(
    '/offers/bulk/active',
    {
      schema: {
        tags: ['offers'],
        body: offerActiveChangesBody,
        response: { 200: offerActiveChangesResponse },
      },
    },
    async (request) =>
      ok(await offers.setActives(request.body, actorOf(request)), 'Offers updated successfully'),
  );

  app.post(
    '/offers/bulk/deleted',
    {
      schema: {
        tags: ['offers'],
        description:
          'Retires offers (`deleted: true`, as DELETE does) or brings them back as they were (`deleted: false`, the undo of a delete); all or none: when a row is unknown or already as asked, 409 names each (`errors`, `changes.<n>.id`) and nothing changes.',
        body: offerDeletedChangesBody,
        response: { 200: offerDeletedChangesResponse },
      },
    },
    async (request) =>
      ok(await offers.setDeleted(request.body, actorOf(request)), 'Offers updated successfully'),
  );

  app.delete(
    '/offers/:id',
    {
      schema: {
        tags: ['offers'],
        description:
          'Retires the offer: hidden everywhere, kept as it was for its orders and for the undo (`POST /offers/bulk/deleted`).',
        params: uuidParam,
        response: { 200: deleteOfferResponse, 404: errorEnvelope.describe('No such offer') },
      },
    },
    async (request) =>
      ok(await offers.remove(request.params.id, actorOf(request)), 'Offer deleted successfully'),
  );
};
