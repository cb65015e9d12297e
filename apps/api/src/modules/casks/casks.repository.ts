import { desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { caskAppreciation, casks, type CaskStatus, type NewCask } from '../../db/schema/casks.ts';
import { COUNTER_NAMES, counters } from '../../db/schema/counters.ts';
import { customers } from '../../db/schema/customers.ts';
import { countMatches, pageWindow } from '../../db/page-window.ts';
import type { PageWindow } from '../../lib/page-plan.ts';

const COUNTERS = {
  total: COUNTER_NAMES.casks,
  ready: COUNTER_NAMES.caskStatus('Ready'),
  maturing: COUNTER_NAMES.caskStatus('Maturing'),
  currentValue: COUNTER_NAMES.casksCurrentValue,
  gain: COUNTER_NAMES.casksGain,
  searchVersion: COUNTER_NAMES.casksSearchVersion,
} as const;

export type CaskCounters = Record<keyof typeof COUNTERS, string>;

/** Every cask counter the list needs, in one statement; a counter never written reads as '0'. */
export async function readCaskCounters(db: DbOrTx): Promise<CaskCounters> {
  const rows = await db
    .select({ name: counters.name, value: counters.value })
    .from(counters)
    .where(inArray(counters.name, Object.values(COUNTERS)));
  const value = (name: string) => rows.find((row) => row.name === name)?.value ?? '0';
  return {
    total: value(COUNTERS.total),
    ready: value(COUNTERS.ready),
    maturing: value(COUNTERS.maturing),
    currentValue: value(COUNTERS.currentValue),
    gain: value(COUNTERS.gain),
    searchVersion: value(COUNTERS.searchVersion),
  };
}

/** Name or distillery contains the term (each side served by its pg_trgm GIN index). */
function matching(pattern: string | undefined): SQL | undefined {
  if (pattern === undefined) return undefined;
  return or(ilike(casks.name, pattern), ilike(casks.distillery, pattern));
}

/** The exact number of casks a search matches, with the search version of the same snapshot. */
export async function countCaskMatches(
  db: DbOrTx,
  pattern: string,
): Promise<{ total: number; version: number }> {
  return countMatches(db, {
    table: casks,
    where: matching(pattern),
    versionCounter: COUNTERS.searchVersion,
  });
}

export interface CaskWindow extends PageWindow {
  pattern: string | undefined;
}

/** The ids of one page, newest first, as a subquery named `page` (see lib/page-plan.ts). */
function caskWindow(db: DbOrTx, window: CaskWindow) {
  const fields = { id: casks.id, createdAt: casks.createdAt };
  return pageWindow(db, { table: casks, fields, where: matching(window.pattern) }, window);
}

/**
 * What the list shows of a cask, money as exact decimal strings. The gain is computed here, in
 * SQL, from the exact numbers; the history is the last 24 monthly points, oldest first.
 */
const caskFields = {
  id: casks.id,
  name: casks.name,
  distillery: casks.distillery,
  year: casks.year,
  volume: casks.volume,
  abv: casks.abv,
  location: casks.location,
  estimatedValue: casks.estimatedValue,
  currentValue: casks.currentValue,
  purchasePrice: casks.purchasePrice,
  status: casks.status,
  type: casks.type,
  notes: casks.notes,
  purchaseDate: casks.purchaseDate,
  imageFileId: casks.imageFileId,
  createdAt: casks.createdAt,
  ownerId: customers.id,
  ownerName: customers.fullName,
  ownerEmail: customers.email,
  gain: sql<string | null>`(${casks.currentValue} - ${casks.purchasePrice})::text`,
  gainPercentage: sql<string | null>`round((${casks.currentValue} - ${casks.purchasePrice})
    * 100 / nullif(${casks.purchasePrice}, 0), 2)::text`,
  appreciation: sql<{ month: string; value: number }[]>`coalesce((
    select json_agg(json_build_object('month', to_char(p.month, 'YYYY-MM'), 'value', p.value)
                    order by p.month)
    from (select ${caskAppreciation.month} as month, ${caskAppreciation.value} as value
          from ${caskAppreciation} where ${caskAppreciation.caskId} = ${casks.id}
          order by ${caskAppreciation.month} desc limit 24) p), '[]'::json)`,
};

export async function selectCaskPage(db: Db, window: CaskWindow) {
  const page = caskWindow(db, window);
  return db
    .select(caskFields)
    .from(page)
    .innerJoin(casks, eq(casks.id, page.id))
    .innerJoin(customers, eq(customers.id, casks.ownerId))
    .orderBy(desc(page.createdAt), desc(page.id));
}

export async function findCask(db: DbOrTx, id: string) {
  const [row] = await db
    .select(caskFields)
    .from(casks)
    .innerJoin(customers, eq(customers.id, casks.ownerId))
    .where(eq(casks.id, id))
    .limit(1);
  return row;
}

export async function insertCask(tx: DbOrTx, values: NewCask): Promise<{ id: string }> {
  const [row] = await tx.insert(casks).values(values).returning({ id: casks.id });
  if (!row) throw new Error('cask insert returned nothing');
  return row;
}

/** Locks the cask for a change or removal; what it was, for the audit entry. */
export async function lockCask(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: casks.id,
      name: casks.name,
      distillery: casks.distillery,
      status: casks.status,
      notes: casks.notes,
      currentValue: casks.currentValue,
      purchasePrice: casks.purchasePrice,
      ownerId: casks.ownerId,
      imageFileId: casks.imageFileId,
    })
    .from(casks)
    .where(eq(casks.id, id))
    .for('update');
  return row;
}

export async function updateCaskStatusAndNotes(
  tx: DbOrTx,
  id: string,
  values: { status: CaskStatus; notes: string | null },
): Promise<void> {
  await tx
    .update(casks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(casks.id, id));
}

export async function deleteCask(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx.delete(casks).where(eq(casks.id, id)).returning({ id: casks.id });
  return rows.length > 0;
}
