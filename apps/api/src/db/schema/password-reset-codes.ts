import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';

/**
 * One row per forgot-password request that passed the resend wait
 * (docs/architecture.md#authentication). Requests for unknown, inactive or locked addresses get a
 * row too, without a code, so the 60-second resend rule answers the same whether or not the account
 * exists.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased address as typed (also for unknown addresses). */
    email: text('email').notNull(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the 4-digit code keyed with the server secret; null when none was sent. */
    codeHash: text('code_hash'),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when a newer code, a lock or a completed reset made this one useless. */
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  },
  (table) => [
    index('password_reset_codes_email_idx').on(table.email, table.createdAt),
    index('password_reset_codes_created_at_idx').on(table.createdAt),
  ],
);
