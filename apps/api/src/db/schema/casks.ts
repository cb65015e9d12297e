import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CASK_STATUSES, type CaskStatus } from '@cask/contracts/casks';
import { customers } from './customers.ts';
import { files } from './files.ts';

/** The one list is the contract's (packages/contracts/src/casks.ts). */
export { CASK_STATUSES, type CaskStatus };

/** Shared by casks and offers (spec 001 §3). */
export const PRODUCT_TYPES = ['cask', 'bottle', 'experience'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/**
 * A cask (or bottle, or experience) a customer holds as an investment (spec 001 §3 "Cask").
 * Money is numeric(14,2) in dollars: exact, and summed in SQL (DESIGN.md §6).
 */
export const casks = pgTable(
  'casks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    distillery: text('distillery'),
    year: integer('year'),
    /** Litres, to the millilitre; typed as '2000L' or '70cl' (spec 001 §2 placeholder). */
    volume: numeric('volume', { precision: 12, scale: 3 }),
    /** Percent, two decimals; typed as '40%' (spec 001 §2 placeholder). */
    abv: numeric('abv', { precision: 5, scale: 2 }),
    location: text('location'),
    estimatedValue: numeric('estimated_value', { precision: 14, scale: 2 }),
    currentValue: numeric('current_value', { precision: 14, scale: 2 }),
    purchasePrice: numeric('purchase_price', { precision: 14, scale: 2 }),
    status: text('status', { enum: CASK_STATUSES }).notNull().default('Ready'),
    /** Spec 001 §5: a cask always has an owner. Customers are soft-deleted, so RESTRICT holds. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    type: text('type', { enum: PRODUCT_TYPES }).notNull().default('cask'),
    notes: text('notes'),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }),
    /** The uploaded picture (`caskImages` in the spec), served from /uploads/<id>. */
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /**
     * What a search matches (decision 176): the name and the distillery lower-cased, one per line,
     * so one trigram index serves the search and the listing index can carry it (migration 0018).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name) || chr(10) || coalesce(lower(distillery), '')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('casks_status_valid', sql`${table.status} in ('Ready', 'Maturing', 'Experience')`),
    check('casks_type_valid', sql`${table.type} in ('cask', 'bottle', 'experience')`),
    check('casks_year_range', sql`${table.year} between 1800 and 2200`),
    check('casks_volume_positive', sql`${table.volume} > 0`),
    check('casks_abv_range', sql`${table.abv} between 0 and 100`),
    check(
      'casks_money_not_negative',
      sql`coalesce(${table.estimatedValue}, 0) >= 0 and coalesce(${table.currentValue}, 0) >= 0 and coalesce(${table.purchasePrice}, 0) >= 0`,
    ),
    // A customer's cask count (the users list's "Casks") is an index-only count on this.
    index('casks_owner_idx').on(table.ownerId),
    index('casks_listing_idx').on(table.createdAt, table.id),
    index('casks_status_idx').on(table.status),
    // The sorted lists (issue 31): each sortable column, then id, read from either end.
    index('casks_name_sort_idx').on(table.name, table.id),
    index('casks_distillery_sort_idx').on(table.distillery, table.id),
    index('casks_current_value_sort_idx').on(table.currentValue, table.id),
    index('casks_status_sort_idx').on(table.status, table.id),
    // The substring search (pg_trgm, decision 176).
    index('casks_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/** The cask's value history: one point a month ("appreciationData {month, value}", spec 001 §3). */
export const caskAppreciation = pgTable(
  'cask_appreciation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caskId: uuid('cask_id')
      .notNull()
      .references(() => casks.id, { onDelete: 'cascade' }),
    /** The first day of the month the value is for. */
    month: date('month').notNull(),
    value: numeric('value', { precision: 14, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cask_appreciation_cask_month_unique').on(table.caskId, table.month),
    check('cask_appreciation_first_of_month', sql`extract(day from ${table.month}) = 1`),
    check('cask_appreciation_value_not_negative', sql`${table.value} >= 0`),
  ],
);

export type Cask = typeof casks.$inferSelect;
export type NewCask = typeof casks.$inferInsert;
export type CaskAppreciationPoint = typeof caskAppreciation.$inferSelect;
