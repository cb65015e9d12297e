import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRODUCT_TYPES, type ProductType } from './casks.ts';
import { files } from './files.ts';

/**
 * Type-specific details (docs/screens/offers.md#add-offer--edit-offer). Kept as jsonb because each
 * type has its own fields and the screen sends them as one JSON text; the offers contract validates
 * the shape.
 */
export type OfferDetails = Record<string, string | number | boolean | string[] | null>;

/**
 * Something the club sells: a cask, a bottle or an experience (docs/screens/offers.md#api-calls).
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    type: text('type', { enum: PRODUCT_TYPES }).notNull().default('cask'),
    /** The price the list shows ("priceNumeric"), in dollars. */
    priceNumeric: numeric('price_numeric', { precision: 14, scale: 2 }),
    /** "Purchase Value ($)" in the form. */
    originalPrice: numeric('original_price', { precision: 14, scale: 2 }),
    /** "Current Value ($)" in the form. */
    currentPrice: numeric('current_price', { precision: 14, scale: 2 }),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    /**
     * The deadline; only the date is shown (docs/screens/offers.md), so it is a date, not a
     * timestamp.
     */
    expiryDate: date('expiry_date'),
    description: text('description'),
    /** The banner image ("image" / "offerImage"). */
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    category: text('category').notNull().default('standard'),
    location: text('location'),
    details: jsonb('details').$type<OfferDetails>().notNull().default({}),
    /**
     * Set when an offer that orders refer to is deleted: it is hidden from the list and the
     * counters but kept for the orders' history (docs/decisions/141).
     */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('offers_type_valid', sql`${table.type} in ('cask', 'bottle', 'experience')`),
    check(
      'offers_money_not_negative',
      sql`coalesce(${table.priceNumeric}, 0) >= 0 and coalesce(${table.originalPrice}, 0) >= 0 and coalesce(${table.currentPrice}, 0) >= 0`,
    ),
    index('offers_listing_idx').on(table.createdAt, table.id),
    index('offers_type_idx').on(table.type, table.createdAt),
    // The sorted lists (issue 31): each sortable column, then id, read from either end.
    index('offers_title_sort_idx').on(table.title, table.id),
    index('offers_price_numeric_sort_idx').on(table.priceNumeric, table.id),
    index('offers_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('offers_description_trgm_idx').using('gin', table.description.op('gin_trgm_ops')),
  ],
);

/** The offer's sliding images ("images" / "offerImages"), in display order. */
export const offerImages = pgTable(
  'offer_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('offer_images_offer_position_unique').on(table.offerId, table.position)],
);

export type Offer = typeof offers.$inferSelect;
export type NewOffer = typeof offers.$inferInsert;
export type OfferImage = typeof offerImages.$inferSelect;

/**
 * The offers' counters, by the names the repositories read
 * (docs/architecture.md#counters-and-triggers): what each counts is in
 * src/db/sql/032_offers_counters.sql.
 */
export const OFFER_COUNTERS = {
  total: 'offers.total',
  type: (type: ProductType) => `offers.type.${type}`,
  /** Offers with is_active = true. */
  active: 'offers.active',
  /** Moves with any change to an offer row (offers_search_version): an offers search's count. */
  searchVersion: 'offers.search_version',
} as const;
