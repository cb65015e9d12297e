import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_ROLES } from '@cask/contracts/admins';
import { admins } from './admins.ts';

/**
 * Invitations of new admins that are still outstanding (docs/decisions/221): accepting one turns
 * it into an `admins` row and withdrawing one deletes it, so a row here is pending or expired.
 * The link's token is 256 random bits the invitee's mail holds; only its SHA-256 is stored.
 * Resending replaces the hash, which kills the earlier link.
 */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    /** Stored lower-cased; unique among outstanding invites. */
    email: text('email').notNull(),
    role: text('role', { enum: ADMIN_ROLES }).notNull(),
    /** Hex SHA-256 of the link's token. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: uuid('invited_by').references(() => admins.id, { onDelete: 'set null' }),
    /** When the last mail went out (the invite itself or a resend). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('admin_invites_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('admin_invites_token_hash_unique').on(table.tokenHash),
    check('admin_invites_role_check', sql`${table.role} in ('owner', 'admin', 'viewer')`),
    index('admin_invites_listing_idx').on(table.createdAt, table.id),
  ],
);

/** The outstanding invites' counter (src/db/sql/091_admin_invites_counters.sql). */
export const ADMIN_INVITE_COUNTERS = { total: 'admin_invites.total' } as const;
