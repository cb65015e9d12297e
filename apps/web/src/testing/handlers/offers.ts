import { http } from 'msw';
import { offerDetailsSchemas } from '@cask/contracts/offer-form';
import type {
  DeleteOfferResponse,
  Offer,
  OfferActiveChanges,
  OfferActiveChangesResponse,
  OfferDeletedChanges,
  OfferDeletedChangesResponse,
  OfferListResponse,
  OfferResponse,
  OfferType,
} from '@cask/contracts/offers';
import { anOffer, testUuid } from '../factories.ts';
import {
  bodyOf,
  bulkIdOf,
  etag,
  formFields,
  json,
  nextVersion,
  notFound,
  page,
  queryOf,
  refuseStaleSave,
  setActive,
} from '../respond.ts';
import { db, deleteRow, listsReleased, restoreRow } from '../store.ts';

/** Offer details as the API answers them: checked by the contract (ABV and volume as numbers). */
function savedDetails(type: string | undefined, text: string | undefined): Offer['details'] {
  const raw: unknown = JSON.parse(text ?? '{}');
  const schema = offerDetailsSchemas[(type ?? 'cask') as OfferType];
  const parsed = schema.safeParse(raw);
  return (parsed.success ? parsed.data : raw) as Offer['details'];
}

const offerOf = (id: unknown) => db().offers.find((o) => o.id === id);

/** The offers catalogue (modules/offers): multipart saves with images. */
export const offersHandlers = [
  http.get('/api/offers', async ({ request }) => {
    await listsReleased();
    const query = queryOf(request);
    const state = db();
    const search = (query.search ?? '').trim().toLowerCase();
    const matches = state.offers.filter(
      (o) =>
        (!query.type || o.type === query.type) &&
        (o.title.toLowerCase().includes(search) ||
          (o.description ?? '').toLowerCase().includes(search)),
    );
    const { rows, pagination } = page(matches, query, 10);
    return json(200, {
      success: true,
      data: {
        offers: rows,
        pagination,
        stats: {
          totalOffers: state.offers.length,
          activeOffers: state.offers.filter((o) => o.isActive).length,
        },
      },
    } satisfies OfferListResponse);
  }),
  http.post('/api/offers/bulk/deleted', async ({ request }) => {
    const body = await bodyOf<OfferDeletedChanges>(request);
    const done = body.changes.map(({ id }) => {
      restoreRow('offers', id);
      return { id, before: { deleted: true }, after: { deleted: false } };
    });
    return json(200, {
      success: true,
      data: { bulkId: bulkIdOf(body), changes: done },
    } satisfies OfferDeletedChangesResponse);
  }),
  http.post('/api/offers/bulk/active', async ({ request }) => {
    const body = await bodyOf<OfferActiveChanges>(request);
    const done = setActive(db().offers, body.changes);
    return json(200, {
      success: true,
      data: { bulkId: bulkIdOf(body), changes: done },
    } satisfies OfferActiveChangesResponse);
  }),
  http.post('/api/offers', async ({ request }) => {
    const { fields, files } = await formFields(request);
    const created = anOffer({
      title: fields.title ?? '',
      type: (fields.type ?? 'cask') as OfferType,
      priceNumeric: Number(fields.priceNumeric),
      currentPrice: Number(fields.currentPrice),
      originalPrice: fields.originalPrice ? Number(fields.originalPrice) : null,
      expiryDate: fields.expiryDate ?? null,
      description: fields.description || null,
      location: fields.location || null,
      isFeatured: fields.isFeatured === 'true',
      details: savedDetails(fields.type, fields.details),
      image: files.offerImage ? `/uploads/${testUuid()}` : null,
      images: (files.offerImages ?? []).map(() => `/uploads/${testUuid()}`),
    });
    db().offers.unshift(created);
    return json(201, {
      success: true,
      message: 'Offer added successfully',
      data: { offer: created },
    } satisfies OfferResponse);
  }),
  http.get('/api/offers/:id', ({ params }) => {
    const offer = offerOf(params.id);
    if (!offer) return notFound('Offer not found');
    return json(
      200,
      { success: true, data: { offer } } satisfies OfferResponse,
      etag(offer.version),
    );
  }),
  http.put('/api/offers/:id', async ({ request, params }) => {
    const offer = offerOf(params.id);
    if (!offer) return notFound('Offer not found');
    const stale = refuseStaleSave(request, offer.version);
    if (stale) return stale;
    const { fields, files } = await formFields(request);
    const kept = JSON.parse(fields.images ?? '[]') as string[];
    Object.assign(offer, {
      title: fields.title ?? offer.title,
      type: (fields.type ?? offer.type) as OfferType,
      priceNumeric: Number(fields.priceNumeric),
      currentPrice: Number(fields.currentPrice),
      originalPrice: fields.originalPrice ? Number(fields.originalPrice) : null,
      expiryDate: fields.expiryDate ?? null,
      isActive: fields.isActive === 'true',
      details: savedDetails(fields.type ?? offer.type, fields.details),
      image: files.offerImage ? `/uploads/${testUuid()}` : fields.image || null,
      images: [...kept, ...(files.offerImages ?? []).map(() => `/uploads/${testUuid()}`)],
      version: nextVersion(offer.version),
    } satisfies Partial<Offer>);
    return json(200, {
      success: true,
      message: 'Offer updated successfully',
      data: { offer },
    } satisfies OfferResponse);
  }),
  http.delete('/api/offers/:id', ({ params }) => {
    const offer = offerOf(params.id);
    if (!offer) return notFound('Offer not found');
    deleteRow('offers', offer);
    return json(200, {
      success: true,
      message: 'Offer deleted successfully',
      data: { id: offer.id, retired: true },
    } satisfies DeleteOfferResponse);
  }),
];
