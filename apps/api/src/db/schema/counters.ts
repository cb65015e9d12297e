import { numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Exact totals kept by statement-level triggers in the same transaction as each change
 * (src/db/sql/: each counted table's NNN_<table>_counters.sql with its *_counters_apply trigger,
 * docs/decisions/206, docs/architecture.md#counters-and-triggers), so no screen runs count(*) or
 * sum() over a million rows per request.
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

/**
 * Every counter the triggers keep: what each row counts for is its table's *_counter_rows
 * function (src/db/sql/030_customers_counters.sql to 035_notifications_counters.sql,
 * 081_audit_log_counters.sql, 090_admins_counters.sql, 091_admin_invites_counters.sql), and the
 * search versions are bumped by 022_bump_counter_version.sql. A new counter is an edit of those
 * files (020_refresh_counters.sql recounts every table that has a *_counter_rows function), never
 * a migration.
 */
export const COUNTER_NAMES = {
  /** Customers not deleted. */
  customers: 'customers.total',
  /** Moves whenever a search over customers could answer differently (022_bump_counter_version). */
  customersSearchVersion: 'customers.search_version',
  casks: 'casks.total',
  caskStatus: (status: 'Ready' | 'Maturing' | 'Experience') => `casks.status.${status}`,
  /** Sum of casks.current_value (null counts as 0), in dollars. */
  casksCurrentValue: 'casks.current_value',
  /** Sum of casks.purchase_price (null counts as 0), in dollars. */
  casksPurchasePrice: 'casks.purchase_price',
  /** Sum of current_value - purchase_price over casks where both are known. */
  casksGain: 'casks.gain',
  /** Moves whenever a search over casks could answer differently (022_bump_counter_version). */
  casksSearchVersion: 'casks.search_version',
  /** Moves whenever a cask's gauge alert days could change (022_bump_counter_version). */
  casksAlertSearchVersion: 'casks.alert.search_version',
  offers: 'offers.total',
  /** Moves with any change to an offer row (022_bump_counter_version): an offers search's count. */
  offersSearchVersion: 'offers.search_version',
  offerType: (type: 'cask' | 'bottle' | 'experience') => `offers.type.${type}`,
  /** Offers with is_active = true. */
  activeOffers: 'offers.active',
  purchases: 'purchases.total',
  /** Moves whenever an Orders search count could answer differently (022_bump_counter_version). */
  purchasesSearchVersion: 'purchases.search_version',
  /** Moves with any change to the ledger (022_bump_counter_version). */
  pointTransactionsSearchVersion: 'point_transactions.search_version',
  /** Moves with any change to notifications (022_bump_counter_version). */
  notificationsSearchVersion: 'notifications.search_version',
  purchaseStatus: (status: 'Active' | 'Pending' | 'Delivered' | 'Reject') =>
    `purchases.status.${status}`,
  /** Sum of investment_amount of purchases whose manual_payment_status is paid or completed. */
  revenue: 'purchases.revenue',
  referrals: 'referrals.total',
  /** Notifications (035_notifications_counters_apply). */
  notifications: 'notifications.total',
  /** Moves with any change to a referral row (022_bump_counter_version): a Referrals search. */
  referralsSearchVersion: 'referrals.search_version',
  referralStatus: (status: 'pending' | 'completed') => `referrals.status.${status}`,
  /** Sum of reward_amount over all referrals, and over completed ones. */
  referralRewards: 'referrals.reward_amount',
  completedReferralRewards: 'referrals.reward_amount.completed',
  /** Admins, and outstanding invites (090_admins_counters, 091_admin_invites_counters). */
  admins: 'admins.total',
  adminInvites: 'admin_invites.total',
} as const;
