import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  BULK_OFFER_NOT_DELETED,
  BULK_OFFER_NOT_FOUND,
  type Offer,
  type offerListDefinition,
  type OfferListParams,
  type OfferStats,
} from '@cask/contracts/offers';
import { deletedColumn, type BulkAction } from '../../db/bulk.ts';
import type { ExportFilters } from '@cask/contracts/lists';
import type { Database, DbOrTx } from '../../db/client.ts';
import { activeTextSql, searchPattern, type ExportSource } from '../../db/csv-export.ts';
import { containsPattern, createList, windowSql, type ListWindow } from '../../db/list.ts';
import { frozenSql, isoTimeSql, jsonObject, uploadUrlSql } from '../../db/sql-fragments.ts';
import {
  offerImages,
  offers,
  type NewOffer,
  type Offer as OfferTableRow,
  OFFER_COUNTERS,
} from '../../db/schema/offers.ts';
import { nextUpdatedAt, versionSql } from '../../db/versions.ts';

export type OfferRow = OfferTableRow;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days from today (UTC) to the deadline, 0 once it has passed: what the service answers for
 * one offer. The list counts the same in SQL from the same day (offerRowSql).
 */
export function daysLeft(expiryDate: string | null, now = new Date()): number | null {
  if (!expiryDate) return null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(0, Math.round((Date.parse(`${expiryDate}T00:00:00Z`) - today) / DAY_MS));
}

/** The counters the list reads with every page (src/db/sql/032_offers_counters.sql). */
const COUNTERS = {
  total: OFFER_COUNTERS.total,
  active: OFFER_COUNTERS.active,
  cask: OFFER_COUNTERS.type('cask'),
  bottle: OFFER_COUNTERS.type('bottle'),
  experience: OFFER_COUNTERS.type('experience'),
  searchVersion: OFFER_COUNTERS.searchVersion,
} as const;

/**
 * The offers the list shows: not retired, of the type, and with the search in the title or the
 * description (each side served by its pg_trgm GIN index, schema/offers.ts). `pattern` is
 * containsPattern's result.
 */
function listedSql(type: string | undefined, pattern: string | undefined): SQL {
  const conditions = [sql`retired_at is null`];
  if (type !== undefined) conditions.push(sql`type = ${type}`);
  if (pattern !== undefined) {
    conditions.push(sql`(title ilike ${pattern} or description ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

/** The columns of the offers' page subquery `w`. */
const OFFER_WINDOW_COLUMNS = [
  'id',
  'title',
  'type',
  'price_numeric',
  'is_active',
  'is_featured',
  'expiry_date',
  'description',
  'image_file_id',
  'category',
  'original_price',
  'current_price',
  'location',
  'details',
  'created_at',
  'updated_at',
];

/** The page subquery `w` of the offers, newest first (see lib/page-plan.ts). */
export function offerWindowSql(
  window: ListWindow,
  filter: { type: string | undefined; pattern: string | undefined },
): SQL {
  return windowSql(
    {
      table: 'offers',
      columns: OFFER_WINDOW_COLUMNS,
      where: listedSql(filter.type, filter.pattern),
    },
    window,
  );
}

export function countOffersSql(type: string | undefined, pattern: string | undefined): SQL {
  return sql`select count(*)::int from offers where ${listedSql(type, pattern)}`;
}

/**
 * One page row: the sliding images' addresses in display order (offer_images, for the page's
 * rows only) and the whole days from `today` (UTC, YYYY-MM-DD) to the deadline, 0 once it has
 * passed, as daysLeft() counts them; created_at and id keep their names for the list's order.
 * greatest() passes over a null: an offer without a deadline has no days left (null), not 0.
 */
function offerRowSql(today: string): SQL {
  return sql`${OFFER_COLUMNS}, case when w.expiry_date is null then null
      else greatest(0, w.expiry_date - ${today}::date) end as days_left, ${OFFER_SLIDES_AND_TIMES}`;
}

/** offerRowSql's parts without a value, written once (db/list.ts frozenSql). */
const OFFER_COLUMNS = frozenSql(
  sql`w.id, w.title, w.type, w.price_numeric, w.is_active, w.is_featured, w.expiry_date,
    w.description, w.image_file_id, w.category, w.original_price, w.current_price, w.location,
    w.details`,
);
const OFFER_SLIDES_AND_TIMES = frozenSql(
  sql`coalesce((select json_agg(${uploadUrlSql(sql`i.file_id`)} order by i.position)
      from offer_images i where i.offer_id = w.id), '[]'::json) as slides,
    w.created_at, w.updated_at`,
);

/** One page row (offerRowSql's columns) as the contract's Offer. */
const OFFER_JSON = jsonObject<Offer>({
  id: sql`p.id`,
  title: sql`p.title`,
  type: sql`p.type`,
  priceNumeric: sql`p.price_numeric`,
  isActive: sql`p.is_active`,
  isFeatured: sql`p.is_featured`,
  expiryDate: sql`p.expiry_date::text`,
  description: sql`p.description`,
  image: uploadUrlSql(sql`p.image_file_id`),
  images: sql`p.slides`,
  category: sql`p.category`,
  daysLeft: sql`p.days_left`,
  originalPrice: sql`p.original_price`,
  currentPrice: sql`p.current_price`,
  location: sql`p.location`,
  details: sql`p.details`,
  createdAt: isoTimeSql(sql`p.created_at`),
  updatedAt: isoTimeSql(sql`p.updated_at`),
  version: versionSql(sql`p.updated_at`),
});

/** Today's date in UTC (YYYY-MM-DD): the day an offer's days left count from. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The offers list's orders (issue 31): the contract's sort names to the offers' columns. */
export const OFFER_LIST_SORTS = {
  createdAt: 'created_at',
  title: 'title',
  priceNumeric: 'price_numeric',
};

/**
 * The offers list (docs/screens/offers.md#api-calls GET /offers) through db/list.ts: the cards and
 * the total of an unsearched list from the maintained counters, and the page, in one statement. A
 * search's exact count is made in the same statement and kept while offers.search_version stays
 * (any change to an offer moves it, src/db/sql/032_offers_counters.sql).
 */
export function createOfferList(database: Database) {
  const read = createList<Offer>(database, {
    counters: Object.values(COUNTERS),
    sorts: OFFER_LIST_SORTS,
    item: OFFER_JSON,
  });
  return async (query: OfferListParams) => {
    const { page, limit, search, type } = query;
    const pattern = search ? containsPattern(search) : undefined;
    const answer = await read({
      page,
      limit,
      sort: query.sort,
      key: `offers:${type ?? ''}:${pattern ?? ''}`,
      listTotal: (counter) => counter(type === undefined ? COUNTERS.total : COUNTERS[type]),
      ...(pattern === undefined
        ? {}
        : {
            search: {
              countSql: () => countOffersSql(type, pattern),
              // Kept while no offer changes (offers_search_version, decision 175).
              versionCounters: [COUNTERS.searchVersion],
            },
          }),
      pageSql: (window) =>
        sql`select ${offerRowSql(todayUtc())} from (${offerWindowSql(window, { type, pattern })}) w`,
    });
    return {
      ...answer,
      stats: {
        totalOffers: answer.counter(COUNTERS.total),
        activeOffers: answer.counter(COUNTERS.active),
      } satisfies OfferStats,
    };
  };
}

/** The sliding images of these offers, in display order. */
export async function selectSlidingImages(
  db: DbOrTx,
  offerIds: readonly string[],
): Promise<{ offerId: string; fileId: string }[]> {
  if (offerIds.length === 0) return [];
  return db
    .select({ offerId: offerImages.offerId, fileId: offerImages.fileId })
    .from(offerImages)
    .where(inArray(offerImages.offerId, [...offerIds]))
    .orderBy(asc(offerImages.offerId), asc(offerImages.position));
}

/** One offer that is not retired, locked for the rest of the transaction (FOR UPDATE). */
export async function lockOffer(db: DbOrTx, id: string): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), isNull(offers.retiredAt)))
    .for('update');
  return row;
}

export async function findOffer(db: DbOrTx, id: string): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row;
}

export async function insertOffer(db: DbOrTx, values: NewOffer): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  if (!row) throw new Error('offer insert returned nothing');
  return row;
}

export async function updateOffer(
  db: DbOrTx,
  id: string,
  values: Partial<NewOffer>,
): Promise<OfferRow> {
  const [row] = await db
    .update(offers)
    .set({ ...values, updatedAt: nextUpdatedAt(offers.updatedAt) })
    .where(eq(offers.id, id))
    .returning();
  if (!row) throw new Error('offer update returned nothing');
  return row;
}

/** Replaces the offer's sliding images by these files, in this order. */
export async function replaceSlidingImages(
  db: DbOrTx,
  offerId: string,
  fileIds: readonly string[],
): Promise<void> {
  await db.delete(offerImages).where(eq(offerImages.offerId, offerId));
  if (fileIds.length === 0) return;
  await db
    .insert(offerImages)
    .values(fileIds.map((fileId, position) => ({ offerId, fileId, position })));
}

/**
 * Hides the offer: `retired_at` set, everything else kept as it was (its Active flag, images and
 * details), so the delete's undo brings it back exactly (decisions 141 and 273). The triggers
 * take it out of the counters in the same transaction.
 */
export async function retireOffer(db: DbOrTx, id: string): Promise<OfferRow> {
  const [row] = await db
    .update(offers)
    .set({ retiredAt: sql`now()`, updatedAt: nextUpdatedAt(offers.updatedAt) })
    .where(and(eq(offers.id, id), isNull(offers.retiredAt)))
    .returning();
  if (!row) throw new Error('offer update returned nothing');
  return row;
}

/** The Offers list's WHERE, for its CSV export (modules/exports). */
export const offerListWhereSql = listedSql;

/** The Offer List's bulk 'Activate' / 'Deactivate' (issue 31, db/bulk.ts): offers not retired. */
export const offerActiveBulk: BulkAction<{ isActive: boolean }> = {
  action: 'offer.updated',
  entity: 'offer',
  missing: BULK_OFFER_NOT_FOUND,
  table: offers,
  id: offers.id,
  where: sql`${offers.retiredAt} is null`,
  value: { isActive: sql`${offers.isActive}` },
  write: {
    set: sql`is_active = (change.value->>'isActive')::boolean`,
    updatedAt: offers.updatedAt,
  },
};

/**
 * `POST /offers/bulk/deleted` (issue 31, decision 273): retires offers as the single delete does
 * (`deleted: true`) or brings them back (`deleted: false`, the undo of a delete), all or none,
 * each audited. Offer titles are not unique, so a restore never collides with a newer offer.
 */
export const offerDeletedBulk: BulkAction<{ deleted: boolean }> = {
  action: (value) => (value.deleted ? 'offer.deleted' : 'offer.restored'),
  entity: 'offer',
  missing: BULK_OFFER_NOT_FOUND,
  table: offers,
  id: offers.id,
  ...deletedColumn(offers.retiredAt, offers.updatedAt, {
    notFound: BULK_OFFER_NOT_FOUND,
    notDeleted: BULK_OFFER_NOT_DELETED,
  }),
};

const iso = isoTimeSql;

/** The Offers list's CSV (issue 29): its columns plus the offer's id, category, location and times. */
export const offersExport: ExportSource<ExportFilters<typeof offerListDefinition>> = {
  file: 'offers',
  sorts: OFFER_LIST_SORTS,
  table: 'offers',
  where: (filters) => offerListWhereSql(filters.type, searchPattern(filters.search)),
  joins: sql`join offers t on t.id = w.id`,
  columns: [
    ['ID', sql`t.id::text`],
    ['Offers', sql`t.title`],
    ['Type', sql`t.type`],
    ['Price', sql`t.price_numeric::text`],
    ['Status', activeTextSql(sql`t.is_active`)],
    ['Deadline', sql`t.expiry_date::text`],
    ['Category', sql`t.category`],
    ['Location', sql`t.location`],
    ['Created At', iso(sql`t.created_at`)],
    ['Updated At', iso(sql`t.updated_at`)],
  ],
};
