import { z } from 'zod';
import {
  bulkAnswer,
  bulkChanges,
  deletedAnswer,
  deletedChanges,
  okEnvelope,
  pageQuery,
  pagination,
  recordVersion,
  searchParam,
  sortParam,
} from './common.ts';
import { defineList } from './lists.ts';
import { OFFER_LIST, OFFER_SORTS, OFFER_TYPES } from './lists-plain.ts';

/**
 * docs/screens/offers.md#limits: the three kinds of offer; in ./lists-plain.ts, with the sorts, so
 * the Offers list draws without zod (decision 450).
 */
export { OFFER_SORTS, OFFER_TYPES };
export type OfferType = (typeof OFFER_TYPES)[number];

/** docs/screens/offers.md#limits: ten offers a page by default. */
export const OFFERS_PAGE_SIZE = 10;
/** At most this many sliding images per offer (the issue), besides the one banner. */
export const MAX_SLIDING_IMAGES = 10;
/**
 * The multipart file fields of docs/screens/offers.md#api-calls: the banner and the sliding images.
 */
export const OFFER_IMAGE_FIELD = 'offerImage';
export const OFFER_IMAGES_FIELD = 'offerImages';

export const OFFER_NOT_FOUND = 'Offer not found';
export const TOO_MANY_SLIDING_IMAGES = `At most ${MAX_SLIDING_IMAGES} sliding images are allowed`;
export const DETAILS_NOT_JSON = 'Details must be a JSON object';

/**
 * GET /offers: docs/screens/offers.md#api-calls (page, limit, search over title and description,
 * type).
 */
export const offerListQuery = pageQuery.extend({
  search: searchParam,
  type: z.enum(OFFER_TYPES, { error: 'Type must be cask, bottle or experience' }).optional(),
  sort: sortParam(OFFER_SORTS),
});
export type OfferListQuery = z.input<typeof offerListQuery>;
export type OfferListParams = z.output<typeof offerListQuery>;

/** What `details` holds in an answer: the checked details of the offer's type. */
export type OfferDetailsAnswer = Record<string, string | number | boolean | string[] | null>;
// Checked as a plain object only: z.record and z.union would add their code to the zod chunk
// every screen loads (decision 144); the API wrote the details through the schemas above.
const offerDetailsAnswer = z.custom<OfferDetailsAnswer>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'Details must be an object',
);

/**
 * docs/screens/offers.md#api-calls: an offer as the server returns it. Money in dollars, dates as
 * YYYY-MM-DD.
 */
export const offer = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(OFFER_TYPES),
  priceNumeric: z.number().nullable(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  expiryDate: z.string().nullable(),
  description: z.string().nullable(),
  /** The banner's URL (`/uploads/<id>`), or null. */
  image: z.string().nullable(),
  /** The sliding images' URLs, in order. */
  images: z.array(z.string()),
  category: z.string(),
  /** Whole days from today (UTC) to the deadline, 0 once it has passed; null without one. */
  daysLeft: z.number().int().nullable(),
  originalPrice: z.number().nullable(),
  currentPrice: z.number().nullable(),
  location: z.string().nullable(),
  details: offerDetailsAnswer,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Changes with every save; a save names it in If-Match (docs/decisions/208). */
  version: recordVersion,
});
export type Offer = z.infer<typeof offer>;

/** The two cards of the screen, from the maintained counters (retired offers excluded). */
export const offerStats = z.object({
  totalOffers: z.number().int(),
  activeOffers: z.number().int(),
});
export type OfferStats = z.infer<typeof offerStats>;

export const offerListResponse = okEnvelope(
  z.object({ offers: z.array(offer), pagination, stats: offerStats }),
);
export type OfferListResponse = z.infer<typeof offerListResponse>;

export const offerResponse = okEnvelope(z.object({ offer }));
export type OfferResponse = z.infer<typeof offerResponse>;

/**
 * DELETE /offers/{id}: the offer is retired (hidden, kept as it was, decisions 141 and 273), so
 * `retired` is always true now; it stays in the answer for the clients that read it.
 */
export const deleteOfferResponse = okEnvelope(z.object({ id: z.uuid(), retired: z.boolean() }));
export type DeleteOfferResponse = z.infer<typeof deleteOfferResponse>;

/**
 * POST /offers/bulk/active (issue 31): the Offer List's 'Activate' / 'Deactivate' for the chosen
 * offers in one transaction; undone by sending the answer's `before` values back.
 */
export const offerActiveChangesBody = bulkChanges({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type OfferActiveChanges = z.infer<typeof offerActiveChangesBody>;
export const offerActiveChangesResponse = bulkAnswer({ isActive: z.boolean() });
export type OfferActiveChangesResponse = z.infer<typeof offerActiveChangesResponse>;
export const BULK_OFFER_NOT_FOUND = 'Offer not found (deleted, or never there)';

/**
 * POST /offers/bulk/deleted (issue 31, decision 273): retires offers as DELETE /offers/{id} does
 * (`deleted: true`) and brings them back as they were (`deleted: false`: the undo of a delete).
 */
export const offerDeletedChangesBody = deletedChanges();
export type OfferDeletedChanges = z.infer<typeof offerDeletedChangesBody>;
export const offerDeletedChangesResponse = deletedAnswer();
export type OfferDeletedChangesResponse = z.infer<typeof offerDeletedChangesResponse>;
export const BULK_OFFER_NOT_DELETED = 'Offer is not deleted';

/** The Offers list: its route, query and answer, for the API and the web app (lists.ts). */
export const offerListDefinition = defineList({
  ...OFFER_LIST,
  query: offerListQuery,
  response: offerListResponse,
});
