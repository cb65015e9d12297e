import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { counterReader } from '../../db/counter-reads.ts';
import { COUNTER_NAMES, counters } from '../../db/schema/counters.ts';
import { customers } from '../../db/schema/customers.ts';

// The customers as every list of them reads them (User Management, the Reward List): the same
// visible rows, search, order and paging, and the row lock a change to one customer takes.
// Each module adds its own per-row columns on top of `customerWindow` in its own repository.

/** `%term%` for ILIKE, with the pattern characters of the term matched literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The search the lists share: a case-insensitive substring of the name or the e-mail. Each side is
 * served by its partial pg_trgm GIN index (customers.ts), so the condition must keep the
 * `deleted_at is null` the indexes are built with.
 */
function visibleCustomers(pattern: string | undefined) {
  const visible = isNull(customers.deletedAt);
  if (pattern === undefined) return visible;
  return and(visible, or(ilike(customers.fullName, pattern), ilike(customers.email, pattern)));
}

const readCounters = counterReader(
  [COUNTER_NAMES.customers, COUNTER_NAMES.customersSearchVersion],
  'read_customer_counters',
);

/**
 * The exact number of customers not deleted (maintained counter, migration 0004) and the version of
 * the searchable data (migration 0006), in one statement. A counter never written reads as 0.
 */
export async function readCustomerCounters(
  db: Db,
): Promise<{ total: number; searchVersion: number }> {
  const value = await readCounters(db);
  return {
    total: value(COUNTER_NAMES.customers),
    searchVersion: value(COUNTER_NAMES.customersSearchVersion),
  };
}

/**
 * The exact number of customers a search matches, counted through the trigram indexes, with the
 * search version read in the same statement (so in the same snapshot) as the count.
 */
export async function countCustomerMatches(
  db: DbOrTx,
  pattern: string,
): Promise<{ total: number; version: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      version: sql<string>`coalesce((select ${counters.value} from ${counters}
        where ${counters.name} = ${COUNTER_NAMES.customersSearchVersion}), 0)::text`,
    })
    .from(customers)
    .where(visibleCustomers(pattern));
  return { total: row?.total ?? 0, version: Number(row?.version ?? 0) };
}

/** Which slice of the newest-first list to read, and how (see customer-paging.ts). */
export interface CustomerWindow {
  pattern: string | undefined;
  /**
   * 'newest-first' / 'oldest-first': walk customers_listing_idx from that end, filtering as it
   * goes (right when rows are plenty or the search matches many). 'matches-first': collect every
   * match through the trigram indexes, then sort them (right when a search matches few).
   */
  read: 'newest-first' | 'oldest-first' | 'matches-first';
  limit: number;
  offset: number;
}

// PostgreSQL never flattens a subquery with an OFFSET, so `OFFSET 0` makes it plan the search on
// its own (trigram bitmap scan) instead of walking the created_at index with a LIMIT it guessed
// would stop early. Drizzle leaves out a numeric 0 and types OFFSET as a number, hence the SQL.
const OPTIMIZATION_FENCE = sql`0` as unknown as number;

const windowFields = {
  id: customers.id,
  fullName: customers.fullName,
  email: customers.email,
  phone: customers.phone,
  isActive: customers.isActive,
  pointsBalance: customers.pointsBalance,
  createdAt: customers.createdAt,
};

/**
 * The rows of one page as a subquery named `page`. Callers select from it and add their per-row
 * columns, which PostgreSQL then computes for the page's rows only, never for skipped rows.
 */
export function customerWindow(db: DbOrTx, window: CustomerWindow) {
  const where = visibleCustomers(window.pattern);
  if (window.read === 'matches-first') {
    const matches = db
      .select(windowFields)
      .from(customers)
      .where(where)
      .offset(OPTIMIZATION_FENCE)
      .as('matches');
    return db
      .select()
      .from(matches)
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
  }
  const order =
    window.read === 'newest-first'
      ? [desc(customers.createdAt), desc(customers.id)]
      : [asc(customers.createdAt), asc(customers.id)];
  return db
    .select(windowFields)
    .from(customers)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
}

/** Locks the customer's row for the rest of the transaction; deleted customers are not found. */
export async function lockVisibleCustomer(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: customers.id,
      fullName: customers.fullName,
      email: customers.email,
      isActive: customers.isActive,
      pointsBalance: customers.pointsBalance,
    })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .for('update');
  return row;
}
