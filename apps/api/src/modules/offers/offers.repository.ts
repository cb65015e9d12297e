import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { OfferType } from '@cask/contracts/offers';
import type { DbOrTx } from '../../db/client.ts';
import { COUNTER_NAMES, counters } from '../../db/schema/counters.ts';
import { offerImages, offers, type NewOffer, type Offer } from '../../db/schema/offers.ts';
import { purchases } from '../../db/schema/purchases.ts';
import { containsPattern } from '../customers/customers.repository.ts';

export type OfferRow = Offer;

export interface OfferFilter {
  /** Already trimmed; undefined is no search. */
  search?: string | undefined;
  type?: OfferType | undefined;
}

/**
 * The offers the list shows: not retired, of the type, and with the search in the title or the
 * description (each side served by its pg_trgm GIN index, schema/offers.ts).
 */
function listed({ search, type }: OfferFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(offers.retiredAt)];
  if (type) conditions.push(eq(offers.type, type));
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(offers.title, pattern), ilike(offers.description, pattern)));
  }
  return and(...conditions);
}

/** Newest first, ties broken by id, so pages never overlap or skip. */
export async function selectOfferPage(
  db: DbOrTx,
  filter: OfferFilter,
  window: { limit: number; offset: number },
): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(listed(filter))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** The exact number of offers a search matches (the counters cannot know every search). */
export async function countOffers(db: DbOrTx, filter: OfferFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(offers).where(listed(filter));
  return row?.n ?? 0;
}

/** The maintained counters (migrations 0004, 0007, 0011): retired offers are not in them. */
export async function readOfferCounters(
  db: DbOrTx,
  type: OfferType | undefined,
): Promise<{ total: number; active: number; ofType: number }> {
  const typeCounter = COUNTER_NAMES.offerType(type ?? 'cask');
  const names = [COUNTER_NAMES.offers, COUNTER_NAMES.activeOffers, typeCounter];
  const rows = await db
    .select({ name: counters.name, value: counters.value })
    .from(counters)
    .where(inArray(counters.name, names));
  const value = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? 0);
  return {
    total: value(COUNTER_NAMES.offers),
    active: value(COUNTER_NAMES.activeOffers),
    ofType: value(typeCounter),
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
    .set({ ...values, updatedAt: sql`now()` })
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
 * Whether any order refers to the offer. With the offer locked FOR UPDATE, no new order can
 * refer to it until the transaction ends (its foreign-key check waits for the lock).
 */
export async function hasOrders(db: DbOrTx, offerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(eq(purchases.offerId, offerId))
    .limit(1);
  return row !== undefined;
}

/** Hides the offer (retired_at set, no longer active); the triggers take it out of the counters. */
export async function retireOffer(db: DbOrTx, id: string): Promise<OfferRow> {
  const [row] = await db
    .update(offers)
    .set({ retiredAt: sql`now()`, isActive: false, updatedAt: sql`now()` })
    .where(eq(offers.id, id))
    .returning();
  if (!row) throw new Error('offer update returned nothing');
  return row;
}

/** Erases the offer; its offer_images rows go with it (cascade). */
export async function deleteOffer(db: DbOrTx, id: string): Promise<void> {
  await db.delete(offers).where(eq(offers.id, id));
}
