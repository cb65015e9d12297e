import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
import { customers } from './customers.ts';
import { referrals } from './referrals.ts';

export const POINT_TRANSACTION_TYPES = ['manual_adjustment', 'referral', 'purchase'] as const;
export type PointTransactionType = (typeof POINT_TRANSACTION_TYPES)[number];

/**
 * The append-only ledger of reward points (docs/architecture.md#data-model). A customer's balance
 * is the sum of their rows, kept in customers.points_balance by a trigger in the same transaction
 * (src/db/sql/040 to 042). Rows are never updated or deleted (a trigger refuses it); a correction
 * is a new row. The foreign keys never cascade for the same reason: customers are soft-deleted and
 * admins kept.
 */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** Positive adds, negative removes; never zero. */
    points: integer('points').notNull(),
    type: text('type', { enum: POINT_TRANSACTION_TYPES }).notNull(),
    description: text('description'),
    adminNotes: text('admin_notes'),
    /** The admin who made a manual adjustment; null for automatic entries. */
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'restrict' }),
    /**
     * The referral whose completion (a credit) or return to pending (the reversal) wrote this
     * entry; null for every other entry. The sum of a referral's entries is its points credited
     * now: pointsAwarded while it is completed, 0 while it is pending (docs/decisions/155).
     */
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('point_transactions_points_not_zero', sql`${table.points} <> 0`),
    check(
      'point_transactions_type_valid',
      sql`${table.type} in ('manual_adjustment', 'referral', 'purchase')`,
    ),
    check(
      'point_transactions_referral_type',
      sql`${table.referralId} is null or ${table.type} = 'referral'`,
    ),
    // A customer's ledger, newest first (the customer page's 'Points', issue 30): the page and the
    // balance after each entry (the sum of the entries after it) walk this index alone (0027).
    index('point_transactions_customer_idx').on(table.customerId, table.createdAt, table.id),
    index('point_transactions_referral_idx')
      .on(table.referralId)
      .where(sql`${table.referralId} is not null`),
  ],
);

export type PointTransaction = typeof pointTransactions.$inferSelect;
export type NewPointTransaction = typeof pointTransactions.$inferInsert;

/**
 * The ledger's counter (docs/architecture.md#counters-and-triggers): its search version moves with
 * any change to the ledger (point_transactions_search_version,
 * src/db/sql/040_apply_point_transactions.sql).
 */
export const POINT_TRANSACTION_COUNTERS = {
  searchVersion: 'point_transactions.search_version',
} as const;
