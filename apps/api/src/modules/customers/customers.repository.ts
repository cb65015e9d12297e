import { and, eq, ilike, isNull, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { counterReader } from '../../db/counter-reads.ts';
import { countMatches, pageWindow } from '../../db/page-window.ts';
import type { PageWindow } from '../../lib/page-plan.ts';
import { COUNTER_NAMES } from '../../db/schema/counters.ts';
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
  return countMatches(db, {
    table: customers,
    where: visibleCustomers(pattern),
    versionCounter: COUNTER_NAMES.customersSearchVersion,
  });
}

/** Which slice of the newest-first list to read, and how (see lib/page-plan.ts). */
export interface CustomerWindow extends PageWindow {
  pattern: string | undefined;
}

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
  return pageWindow(db, { table: customers, fields: windowFields, where }, window);
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
