import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';

export const TERMS_TYPES = ['privacy'] as const;
export type TermsType = (typeof TERMS_TYPES)[number];

/**
 * Versions of the club's legal texts (docs/screens/privacy-policy.md#api-calls: type 'privacy',
 * HTML content). Each save appends a version; the current text is the newest row of its type, and
 * the older ones stay as the history of what was published when.
 */
export const terms = pgTable(
  'terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: TERMS_TYPES }).notNull(),
    /** Sanitized HTML (docs/architecture.md#input-and-output: sanitized on save). */
    content: text('content').notNull(),
    updatedBy: uuid('updated_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('terms_type_valid', sql`${table.type} in ('privacy')`),
    index('terms_type_created_idx').on(table.type, table.createdAt),
  ],
);

export type Terms = typeof terms.$inferSelect;
