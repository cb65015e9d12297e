import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const REFERRAL_STATUSES = ['pending', 'completed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/**
 * One customer (referrer) brought another (referee) to the club
 * (docs/screens/referrals.md#api-calls).
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    refereeId: uuid('referee_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The referrer's code the referee signed up with (copied: codes may be reissued). */
    referralCode: text('referral_code').notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('pending'),
    rewardAmount: numeric('reward_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('USD'),
    completedDate: timestamp('completed_date', { withTimezone: true }),
    firstPurchaseAmount: numeric('first_purchase_amount', { precision: 14, scale: 2 }),
    firstPurchaseDate: timestamp('first_purchase_date', { withTimezone: true }),
    adminNotes: text('admin_notes'),
    pointsAwarded: integer('points_awarded').notNull().default(0),
    rewardPaid: boolean('reward_paid').notNull().default(false),
    /**
     * What a search matches (decision 176): the code, then the referrer's and the referee's
     * `customers.search_text` (empty for a deleted customer), lower-cased, one per line. Kept by
     * triggers (src/db/sql/060 to 062) when the referral's code or customers change, or a
     * customer's name, e-mail or deletion does; never written by the API.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('referrals_status_valid', sql`${table.status} in ('pending', 'completed')`),
    check('referrals_not_self', sql`${table.referrerId} <> ${table.refereeId}`),
    check('referrals_reward_not_negative', sql`${table.rewardAmount} >= 0`),
    check('referrals_points_not_negative', sql`${table.pointsAwarded} >= 0`),
    check('referrals_currency_code', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    // A customer joins through at most one referral.
    uniqueIndex('referrals_referee_unique').on(table.refereeId),
    // The reward list counts a customer's referrals: an index-only count on this.
    index('referrals_referrer_idx').on(table.referrerId),
    // The customer page's 'Referrals' (made), newest first (issue 30).
    index('referrals_referrer_listing_idx').on(table.referrerId, table.createdAt, table.id),
    index('referrals_listing_idx').on(table.createdAt, table.id),
    index('referrals_status_idx').on(table.status, table.createdAt),
    // The sorted lists (issue 31): each sortable column, then id, read from either end.
    index('referrals_reward_amount_sort_idx').on(table.rewardAmount, table.id),
    index('referrals_status_sort_idx').on(table.status, table.id),
    index('referrals_code_idx').on(table.referralCode),
    // The referral list's substring search (pg_trgm, decision 176).
    index('referrals_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

export type Referral = typeof referrals.$inferSelect;
export type NewReferral = typeof referrals.$inferInsert;

/**
 * The referrals' counters, by the names the repositories read
 * (docs/architecture.md#counters-and-triggers): what each counts is in
 * src/db/sql/034_referrals_counters.sql.
 */
export const REFERRAL_COUNTERS = {
  total: 'referrals.total',
  status: (status: ReferralStatus) => `referrals.status.${status}`,
  /** Sum of reward_amount over all referrals, and over completed ones. */
  rewardAmount: 'referrals.reward_amount',
  completedRewardAmount: 'referrals.reward_amount.completed',
  /** Moves with any change to a referral row (referrals_search_version): a Referrals search. */
  searchVersion: 'referrals.search_version',
} as const;
