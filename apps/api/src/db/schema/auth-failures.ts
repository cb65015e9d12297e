import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins and wrong reset codes, kept in PostgreSQL so every API instance counts the same
 * failures (docs/architecture.md#authentication). Keyed by the lower-cased e-mail as typed, not the
 * admin id: unknown addresses are throttled exactly like real ones, so throttling reveals no
 * accounts.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'login' (wrong e-mail or password), 'password_change' (wrong current password) or 'reset_code' (wrong one-time code) or 'second_factor' (wrong TOTP or recovery code) or 'passkey' (a refused passkey sign-in, docs/decisions/297). */
    kind: text('kind', {
      enum: ['login', 'password_change', 'reset_code', 'second_factor', 'passkey'],
    }).notNull(),
    email: text('email').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_failures_email_idx').on(table.kind, table.email, table.createdAt),
    index('auth_failures_ip_idx').on(table.kind, table.ip, table.createdAt),
    index('auth_failures_created_at_idx').on(table.createdAt),
  ],
);

/**
 * Attempts refused with 429, counted per kind, address and window (docs/decisions/297): the
 * first of each writes the one audit entry, the rest only add to `count`, so a client hammering
 * a limit cannot grow the append-only audit log.
 */
export const throttledAttempts = pgTable(
  'throttled_attempts',
  {
    kind: text('kind', { enum: ['login', 'second_factor', 'passkey'] }).notNull(),
    ip: text('ip').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.kind, table.ip, table.windowStart] })],
);
