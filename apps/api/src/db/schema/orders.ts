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
import { CASK_PROGRESSES, ORDER_STATUSES, PAYMENT_STATUSES } from '@cask/contracts/orders';
import { admins } from './admins.ts';
import { customers } from './customers.ts';
import { offers } from './offers.ts';

/**
 * docs/screens/orders.md: all freely selectable by the admin; the lists are the contracts' (one
 * definition).
 */
export { CASK_PROGRESSES, ORDER_STATUSES };
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type CaskProgress = (typeof CASK_PROGRESSES)[number];
export const MANUAL_PAYMENT_STATUSES = PAYMENT_STATUSES;
export type ManualPaymentStatus = (typeof MANUAL_PAYMENT_STATUSES)[number];
/** The payment states that count as money received (the dashboard's Total Value). */
export const PAID_PAYMENT_STATUSES = ['paid', 'completed'] as const satisfies ManualPaymentStatus[];

/**
 * An order a customer placed for an offer (docs/screens/orders.md#api-calls). The title and the
 * contact details are copied at the time of the order, so they survive later edits of the offer or
 * customer, and the order survives the offer's deletion (offer_id set null).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order's number, in order of creation: its short reference ORD-00123 (issue 41,
     * decision 316). Kept by a hidden order; never reused.
     */
    orderNumber: integer('order_number').notNull().generatedByDefaultAsIdentity(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** personalInfo {fullName, email, preferredContactMethod, phoneNumber} as given with the order. */
    contactFullName: text('contact_full_name'),
    contactEmail: text('contact_email'),
    preferredContactMethod: text('preferred_contact_method'),
    phoneNumber: text('phone_number'),
    /** The budget, in dollars. */
    investmentAmount: numeric('investment_amount', { precision: 14, scale: 2 }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('Pending'),
    caskProgress: text('cask_progress', { enum: CASK_PROGRESSES }),
    manualPaymentStatus: text('manual_payment_status', { enum: MANUAL_PAYMENT_STATUSES })
      .notNull()
      .default('due'),
    isFirstPurchase: boolean('is_first_purchase').notNull().default(false),
    referralPointsAmount: integer('referral_points_amount').notNull().default(0),
    submittedDate: timestamp('submitted_date', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Days from submittedDate to the deadline (docs/screens/orders.md: deadline = submitted +
     * daysLeft).
     */
    daysLeft: integer('days_left'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What a search matches (decision 176): the contact's name and the title lower-cased, one per
     * line; the listing indexes carry it (migration 0018), so a search walks them index-only.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(lower(contact_full_name), '') || chr(10) || lower(title)`),
    /**
     * Set when an admin deletes the order: it is hidden, never erased (decision 151). Hidden orders
     * count nowhere: not in the counters (src/db/sql/033_orders_counters.sql), the lists, the
     * searches or the sums.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'orders_status_valid',
      sql`${table.status} in ('Active', 'Pending', 'Delivered', 'Reject')`,
    ),
    check('orders_cask_progress_valid', sql`${table.caskProgress} in ('Ready', 'Maturing')`),
    check(
      'orders_manual_payment_status_valid',
      sql`${table.manualPaymentStatus} in ('paid', 'refunded', 'Delivered', 'due', 'completed')`,
    ),
    check('orders_investment_amount_not_negative', sql`${table.investmentAmount} >= 0`),
    check('orders_referral_points_not_negative', sql`${table.referralPointsAmount} >= 0`),
    check('orders_days_left_not_negative', sql`${table.daysLeft} >= 0`),
    // The reward list sums a customer's visible investments that were not rejected: index-only.
    index('orders_customer_idx')
      .on(table.customerId, table.status, table.investmentAmount)
      .where(sql`${table.deletedAt} is null`),
    // The Orders list, newest first, whole or by status (decision 152). Migration 0018 adds
    // INCLUDE (search_text) to both, which drizzle cannot declare: keep it there.
    index('orders_listing_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('orders_status_idx')
      .on(table.status, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The sorted lists (issue 31): each sortable column, then id, read from either end.
    index('orders_title_sort_idx')
      .on(table.title, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('orders_investment_amount_sort_idx')
      .on(table.investmentAmount, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('orders_status_sort_idx')
      .on(table.status, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The Orders search: a substring of the customer's name or of the title (decisions 152, 176).
    index('orders_search_trgm_idx')
      .using('gin', table.searchText.op('gin_trgm_ops'))
      .where(sql`${table.deletedAt} is null`),
    index('orders_offer_idx').on(table.offerId),
    // An order found by its reference (a search for ORD-00123 or 123).
    uniqueIndex('orders_order_number_idx').on(table.orderNumber),
    // The customer page's 'Orders', newest first (issue 30).
    index('orders_customer_listing_idx')
      .on(table.customerId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/**
 * The notes history of an order: each save appends an entry; the screen shows the last one
 * (docs/screens/orders.md#edit-order: when the notes are a list it shows the last entry).
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_notes_order_idx').on(table.orderId, table.createdAt)],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderNote = typeof orderNotes.$inferSelect;

/**
 * The orders' counters, by the names the repositories read
 * (docs/architecture.md#counters-and-triggers): what each counts is in
 * src/db/sql/033_orders_counters.sql. Hidden orders count in none.
 */
export const ORDER_COUNTERS = {
  total: 'orders.total',
  status: (status: OrderStatus) => `orders.status.${status}`,
  /** Sum of investment_amount of orders whose manual_payment_status is paid or completed. */
  revenue: 'orders.revenue',
  /** The same revenue by the month (UTC) the order was submitted, 'YYYY-MM' (decision 233). */
  revenueOfMonth: (month: string) => `orders.revenue.${month}`,
  /** Moves whenever an Orders search count could answer differently (orders_search_version). */
  searchVersion: 'orders.search_version',
} as const;
