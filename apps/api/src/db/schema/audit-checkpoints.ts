import { bigint, date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log's daily checkpoints (docs/architecture.md#audit, decision 414): the chain's head
 * as it was mailed to the Owners, one row a day (UTC). The row is written before the mail is
 * sent, in the statement that claims the day, so a restart or a second instance does not mail
 * the same day twice.
 */
export const auditCheckpoints = pgTable('audit_checkpoints', {
  day: date('day').primaryKey(),
  /** How many entries the chain had: the last entry's `seq`. */
  entries: bigint('entries', { mode: 'number' }).notNull(),
  /** The last entry's hash (64 zeros for an empty log). */
  lastHash: text('last_hash').notNull(),
  /** When the last entry was written; null for an empty log. */
  lastAt: timestamp('last_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
