import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The unique index of visible customers' e-mails (any case): a save it refuses answers 409. */
export const CUSTOMERS_EMAIL_UNIQUE = 'customers_email_unique';

/**
 * The club's customers: the screens' "users" (docs/screens/users.md). They never sign in here
 * (docs/architecture.md#data-model). A customer with financial history is never hard-deleted:
 * `deleted_at` hides them
 * from every list and keeps their casks, orders, referrals and ledger intact.
 *
 * Not modelled here: the counter and search version triggers
 * (src/db/sql/030_customers_counters.sql), and, set by custom migrations,
 * statistics target 300 on full_name and email (0006), gin_pending_list_limit 128 kB on the two
 * trigram indexes and fillfactor 90 (0008). See docs/decisions/041.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    /** Stored lower-cased; unique among customers that are not deleted. */
    email: text('email').notNull(),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    /** The code a customer hands out to refer friends; 12 random hex characters by default. */
    referralCode: text('referral_code')
      .notNull()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))`),
    /**
     * The reward-point balance, derived from `point_transactions` by a statement trigger in the
     * same transaction as each ledger insert (src/db/sql/040_apply_point_transactions.sql).
     * Never written directly; the CHECK makes an overdraw impossible even if a service forgot to
     * lock and check.
     */
    pointsBalance: integer('points_balance').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * What a search matches (decision 176): the name and the e-mail lower-cased, one per line. A
     * search is one line (the contracts' searchParam), so `search_text like lower(pattern)` matches
     * exactly where `full_name ilike pattern or email ilike pattern` does, from one trigram index.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(full_name) || chr(10) || lower(email)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('customers_points_balance_not_negative', sql`${table.pointsBalance} >= 0`),
    uniqueIndex('customers_referral_code_unique').on(table.referralCode),
    uniqueIndex(CUSTOMERS_EMAIL_UNIQUE)
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} is null`),
    // The lists read newest first, forwards for early pages and backwards for late ones.
    index('customers_listing_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The sorted lists (issue 31): each sortable column, then id, read from either end.
    index('customers_full_name_sort_idx')
      .on(table.fullName, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('customers_email_sort_idx')
      .on(table.email, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('customers_points_balance_sort_idx')
      .on(table.pointsBalance, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The substring search (pg_trgm); partial like the lists that use it.
    index('customers_search_trgm_idx')
      .using('gin', table.searchText.op('gin_trgm_ops'))
      .where(sql`${table.deletedAt} is null`),
  ],
);

export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

/**
 * The customers' counters, by the names the repositories read
 * (docs/architecture.md#counters-and-triggers): what each counts is in
 * src/db/sql/030_customers_counters.sql.
 */
export const CUSTOMER_COUNTERS = {
  /** Customers not deleted. */
  total: 'customers.total',
  /** Moves whenever a search over customers could answer differently (customers_search_version). */
  searchVersion: 'customers.search_version',
} as const;
