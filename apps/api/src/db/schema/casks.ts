import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { VALUATION_SOURCES } from '@cask/contracts/cask-records';
import { CASK_STATUSES, type CaskStatus } from '@cask/contracts/casks';
import { admins } from './admins.ts';
import { customers } from './customers.ts';
import { files } from './files.ts';
import { warehouses } from './warehouses.ts';

/** The one list is the contract's (packages/contracts/src/casks.ts). */
export { CASK_STATUSES, type CaskStatus };

/** Shared by casks and offers (docs/screens/casks.md). */
export const PRODUCT_TYPES = ['cask', 'bottle', 'experience'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/**
 * A cask (or bottle, or experience) a customer holds as an investment (docs/screens/casks.md).
 * Money is numeric(14,2) in dollars: exact, and summed in SQL (docs/architecture.md#data-model).
 */
export const casks = pgTable(
  'casks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    distillery: text('distillery'),
    year: integer('year'),
    /**
     * The cask as filled (added): litres to the millilitre, typed as '2000L' or '70cl', and the
     * ABV in percent, two decimals, typed as '40%' (the placeholder of
     * docs/screens/casks.md#add-new-cask). What the screens show as 'Volume' and 'ABV' is the
     * latest gauge when there is one (`gauged_volume`,
     * `gauged_abv` below), these otherwise (docs/decisions/305).
     */
    volume: numeric('volume', { precision: 12, scale: 3 }),
    abv: numeric('abv', { precision: 5, scale: 2 }),
    /**
     * Identity (issue 44, docs/domain.md#identity, decision 400): the number stencilled on the head,
     * the day it was filled (its year is `year`, the fill year, which the database keeps equal),
     * the bonded warehouse it lies in and its place there (`location`: rack, bay). Number,
     * distillery and fill year are unique among the casks not deleted (casks_identity_unique).
     */
    caskNumber: text('cask_number'),
    fillDate: date('fill_date'),
    warehouseId: uuid('warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    location: text('location'),
    estimatedValue: numeric('estimated_value', { precision: 14, scale: 2 }),
    currentValue: numeric('current_value', { precision: 14, scale: 2 }),
    purchasePrice: numeric('purchase_price', { precision: 14, scale: 2 }),
    status: text('status', { enum: CASK_STATUSES }).notNull().default('Ready'),
    /**
     * docs/screens/casks.md: a cask always has an owner. Customers are soft-deleted, so RESTRICT
     * holds.
     */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    type: text('type', { enum: PRODUCT_TYPES }).notNull().default('cask'),
    notes: text('notes'),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }),
    /** The uploaded picture (`caskImages` in the spec), served from /uploads/<id>. */
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /**
     * What a search matches (decisions 176 and 400): the name, the distillery, the cask number and
     * the location lower-cased, one per line, so one trigram index serves the search and the
     * listing index can carry it (migrations 0018 and 0037).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name) || chr(10) || coalesce(lower(distillery), '') || chr(10) || coalesce(lower(cask_number), '') || chr(10) || coalesce(lower(location), '')`,
      ),
    /**
     * The gauge alerts (docs/domain.md#gauge-alerts, decision 230). `last_gauged_on` and
     * `abv_forty_on` are written with every regauge by cask_refresh_gauge_alerts()
     * (src/db/sql/100), never by hand: the day of the latest regauge, and the day the trend of the
     * gauges' ABV crosses 40% (null without a falling trend of two gauges or more).
     * `regauge_due_on` follows from the year and the last gauge: every 3 years once the cask is
     * older than 5, every year once older than 15 (the fill is the first day of its year; without a
     * year no regauge is ever due).
     */
    lastGaugedOn: date('last_gauged_on'),
    /**
     * The latest gauge's bulk litres and ABV (the one of `last_gauged_on`, the latest recorded
     * on that day), written with it by cask_refresh_gauge_alerts(); null without a gauge
     * (docs/decisions/305).
     */
    gaugedVolume: numeric('gauged_volume', { precision: 12, scale: 3 }),
    gaugedAbv: numeric('gauged_abv', { precision: 5, scale: 2 }),
    regaugeDueOn: date('regauge_due_on').generatedAlwaysAs(
      sql`case when year is null then null else least(
        greatest(make_date(year, 1, 1) + interval '5 years',
                 coalesce(last_gauged_on, make_date(year, 1, 1)) + interval '3 years'),
        greatest(make_date(year, 1, 1) + interval '15 years',
                 coalesce(last_gauged_on, make_date(year, 1, 1)) + interval '1 year'))::date end`,
    ),
    abvFortyOn: date('abv_forty_on'),
    /**
     * Set when the cask is deleted (decision 273): it is hidden from every read that shows casks
     * and counts nowhere, but kept as it was, so the delete's Undo can bring it back exactly.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
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
      'casks_fill_date_year',
      sql`${table.fillDate} is null or ${table.year} = extract(year from ${table.fillDate})`,
    ),
    check(
      'casks_money_not_negative',
      sql`coalesce(${table.estimatedValue}, 0) >= 0 and coalesce(${table.currentValue}, 0) >= 0 and coalesce(${table.purchasePrice}, 0) >= 0`,
    ),
    // Every index holds the casks not deleted only (decision 273), as every read asks for them.
    // A customer's cask count (the users list's "Casks") is an index-only count on this.
    index('casks_owner_idx')
      .on(table.ownerId)
      .where(sql`${table.deletedAt} is null`),
    // The customer page's 'Casks', newest first.
    index('casks_owner_listing_idx')
      .on(table.ownerId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The Cask List's alert filters (decision 230); the dashboard counts from cask_alert_days.
    index('casks_regauge_due_idx')
      .on(table.regaugeDueOn, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('casks_abv_forty_idx')
      .on(table.abvFortyOn, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('casks_listing_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('casks_status_idx')
      .on(table.status)
      .where(sql`${table.deletedAt} is null`),
    // The sorted lists (issue 31): each sortable column, then id, read from either end.
    index('casks_name_sort_idx')
      .on(table.name, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('casks_distillery_sort_idx')
      .on(table.distillery, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('casks_current_value_sort_idx')
      .on(table.currentValue, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('casks_status_sort_idx')
      .on(table.status, table.id)
      .where(sql`${table.deletedAt} is null`),
    // Identity (decision 400): one cask of a number, distillery and fill year.
    uniqueIndex(CASKS_IDENTITY_UNIQUE)
      .on(table.caskNumber, sql`lower(${table.distillery})`, table.year)
      .where(sql`${table.deletedAt} is null and ${table.caskNumber} is not null`),
    // The Cask List's warehouse filter, newest first.
    index('casks_warehouse_listing_idx')
      .on(table.warehouseId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The substring search (pg_trgm, decision 176).
    index('casks_search_trgm_idx')
      .using('gin', table.searchText.op('gin_trgm_ops'))
      .where(sql`${table.deletedAt} is null`),
  ],
);

/**
 * The cask's value history: one point a month ("appreciationData {month, value}",
 * docs/screens/casks.md), the latest valuation of that month (decision 396), written by the
 * trigger on cask_valuations (src/db/sql/050_cask_valuations_record_appreciation.sql) and by the
 * bulk seed; never by the API.
 */
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

/**
 * A valuation of a cask (issue 44, docs/domain.md#valuation, decision 395): the value on a day,
 * where it came from and a note. A history: rows are only ever added (UPDATE and DELETE are refused
 * by src/db/sql/051_refuse_valuation_change.sql, but for the foreign keys' actions). The cask's
 * `current_value` is its latest valuation (by `valued_on`, then `created_at`), set by the API in
 * the same transaction; each valuation's month in the value history (`cask_appreciation`) is the
 * latest valuation of that month, written by src/db/sql/050 (decision 396).
 */
export const caskValuations = pgTable(
  'cask_valuations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caskId: uuid('cask_id')
      .notNull()
      .references(() => casks.id, { onDelete: 'cascade' }),
    valuedOn: date('valued_on').notNull(),
    value: numeric('value', { precision: 14, scale: 2 }).notNull(),
    /** One of VALUATION_SOURCES (packages/contracts/src/cask-records.ts), as the select says it. */
    source: text('source', { enum: VALUATION_SOURCES }).notNull(),
    note: text('note'),
    /** Null for the seeds' history and what migration 0036 carried over (decision 397). */
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cask_valuations_value_not_negative', sql`${table.value} >= 0`),
    check(
      'cask_valuations_source_valid',
      sql`${table.source} in ('Broker quote', 'Auction comparable', 'Internal model', 'Other')`,
    ),
    // The latest valuation of a cask, and of each of its months, read from the end of this.
    index('cask_valuations_cask_idx').on(table.caskId, table.valuedOn, table.createdAt),
  ],
);

/**
 * A regauge (docs/domain.md#regauge): bulk litres and ABV measured on a day. A history: rows are
 * only ever added (decision 230); the litres of pure alcohol are computed, never stored.
 */
export const caskRegauges = pgTable(
  'cask_regauges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caskId: uuid('cask_id')
      .notNull()
      .references(() => casks.id, { onDelete: 'cascade' }),
    gaugedOn: date('gauged_on').notNull(),
    bulkLitres: numeric('bulk_litres', { precision: 12, scale: 3 }).notNull(),
    abv: numeric('abv', { precision: 5, scale: 2 }).notNull(),
    /** Null for the seeds' history. */
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cask_regauges_bulk_litres_positive', sql`${table.bulkLitres} > 0`),
    check('cask_regauges_abv_range', sql`${table.abv} > 0 and ${table.abv} <= 100`),
    index('cask_regauges_cask_idx').on(table.caskId, table.gaugedOn, table.createdAt),
  ],
);

/** A change of owner (a delivery order, docs/domain.md#ownership): kept, never overwritten. */
export const caskTransfers = pgTable(
  'cask_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caskId: uuid('cask_id')
      .notNull()
      .references(() => casks.id, { onDelete: 'cascade' }),
    fromCustomerId: uuid('from_customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    toCustomerId: uuid('to_customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    transferredOn: date('transferred_on').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }),
    note: text('note'),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cask_transfers_not_self', sql`${table.fromCustomerId} <> ${table.toCustomerId}`),
    check('cask_transfers_price_not_negative', sql`coalesce(${table.price}, 0) >= 0`),
    index('cask_transfers_cask_idx').on(table.caskId, table.createdAt),
    index('cask_transfers_from_idx').on(table.fromCustomerId),
    index('cask_transfers_to_idx').on(table.toCustomerId),
  ],
);

/**
 * The kinds of `cask_alert_days`: the day each cask column names (decision 386), and the same
 * casks by the month and the year of that day (`<kind>_month`, `<kind>_year`, their `day` the
 * first of the month or year), so the dashboard sums past years, then months, then days
 * (decision 394).
 */
export const CASK_ALERT_DAY_KINDS = [
  'regauge_due',
  'regauge_due_month',
  'regauge_due_year',
  'abv_forty',
  'abv_forty_month',
  'abv_forty_year',
] as const;
export type CaskAlertDayKind = (typeof CASK_ALERT_DAY_KINDS)[number];

/**
 * The dashboard's gauge alert counts (issue 46, decision 386): how many casks not deleted have
 * each day as their `regauge_due_on` (kind 'regauge_due') or their `abv_forty_on` (kind
 * 'abv_forty'). The casks with an alert on a date are the sum over the days up to it, so the
 * count is exact on any date, midnight included, and reads past years, this year's months and
 * this month's days (decision 394), not one row a cask. Kept by
 * casks_counters_apply() (src/db/sql/031_casks_counters.sql) in the same transaction as each
 * change to casks (a change is added, so concurrent writers never overwrite each other); rebuilt
 * from the casks by rebuild_cask_alert_days() (src/db/sql/101), which refresh_counters() runs, so a
 * TRUNCATE and a recount rebuild it too. A day whose casks all moved away stays with 0. Never
 * written from application code.
 */
export const caskAlertDays = pgTable(
  'cask_alert_days',
  {
    kind: text('kind', { enum: CASK_ALERT_DAY_KINDS }).notNull(),
    day: date('day').notNull(),
    casks: integer('casks').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.day] }),
    check(
      'cask_alert_days_kind_valid',
      sql`${table.kind} in ('regauge_due', 'regauge_due_month', 'regauge_due_year', 'abv_forty', 'abv_forty_month', 'abv_forty_year')`,
    ),
  ],
);

export type Cask = typeof casks.$inferSelect;
export type NewCask = typeof casks.$inferInsert;
export type CaskAppreciationPoint = typeof caskAppreciation.$inferSelect;
export type CaskValuation = typeof caskValuations.$inferSelect;
export type NewCaskValuation = typeof caskValuations.$inferInsert;

/**
 * The casks' counters, by the names the repositories read
 * (docs/architecture.md#counters-and-triggers): what each counts is in
 * src/db/sql/031_casks_counters.sql. Deleted casks count in none.
 */
/** The identity's unique index (decision 400), as a unique violation names it. */
export const CASKS_IDENTITY_UNIQUE = 'casks_identity_unique';

export const CASK_COUNTERS = {
  total: 'casks.total',
  status: (status: CaskStatus) => `casks.status.${status}`,
  /** Sum of casks.current_value (null counts as 0), in dollars. */
  currentValue: 'casks.current_value',
  /** Sum of casks.purchase_price (null counts as 0), in dollars. */
  purchasePrice: 'casks.purchase_price',
  /** Sum of current_value - purchase_price over casks where both are known. */
  gain: 'casks.gain',
  /** Moves whenever a search over casks could answer differently (casks_search_version). */
  searchVersion: 'casks.search_version',
  /** Moves whenever a cask's gauge alert days could change (casks_alert_search_version). */
  alertSearchVersion: 'casks.alert.search_version',
} as const;
