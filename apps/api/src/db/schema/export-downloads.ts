import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A CSV export (issue 29, decision 211): asked for with the admin's bearer token, then downloaded
 * by the browser itself through a link carrying a single-use token valid for a minute. Only the
 * token's SHA-256 is stored. `started_at` spends it; `finished_at` and `rows` say the file was sent
 * whole (the button shows 'Exporting...' until then).
 */
export const exportDownloads = pgTable(
  'export_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull(),
    /**
     * The session and token version of the access token that asked for it: the link opens only
     * while that session is live and its tokens valid (issue 40, docs/decisions/304).
     */
    sessionId: uuid('session_id'),
    tokenVersion: integer('token_version'),
    list: text('list').notNull(),
    /** The list's search and filters, as the contract parsed them. */
    query: jsonb('query').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rows: integer('rows'),
  },
  (table) => [index('export_downloads_created_idx').on(table.createdAt)],
);
