import { numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Exact totals kept by statement-level triggers in the same transaction as each change
 * (src/db/sql/: each counted table's NNN_<table>_counters.sql with its *_counters_apply trigger
 * and its search version's trigger, docs/decisions/206,
 * docs/architecture.md#counters-and-triggers), so no screen runs count(*) or sum() over a
 * million rows per request. Each table's counter names are beside its table
 * (CUSTOMER_COUNTERS in customers.ts...), never listed here: a new list adds its own and edits
 * nothing shared.
 * Read a missing counter as 0. `select refresh_counters()` recomputes them all from the tables
 * (after a bulk load with triggers disabled); TRUNCATE of a counted table does it by itself.
 * Never write these rows from application code.
 */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  /** A count or a sum of dollars; numeric keeps both exact. Comes back as a string. */
  value: numeric('value', { precision: 20, scale: 2 }).notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Counters kept in slots (decision 222): a counter every audited write moves would make all of
 * them queue on its one row, so its trigger adds to one of `slots` rows, `<name>#0` to
 * `<name>#<slots - 1>`, chosen at random, and a read sums them (with the `<name>` row that
 * refresh_counters() writes). The count must be the one in the counter's src/db/sql/ file.
 */
export const SLOTTED_COUNTERS: Readonly<Record<string, number>> = { 'audit_log.total': 16 };

/** The rows a counter is kept in: its name, and its slots when it has them. */
export function counterRowNames(name: string): string[] {
  const slots = SLOTTED_COUNTERS[name] ?? 0;
  return [name, ...Array.from({ length: slots }, (_, slot) => `${name}#${slot}`)];
}
