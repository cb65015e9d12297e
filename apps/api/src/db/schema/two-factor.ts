import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { admins } from './admins.ts';

/**
 * An admin's TOTP key (RFC 6238, issue 28). The key is encrypted with AES-256-GCM under
 * TOTP_ENCRYPTION_KEY (lib/secret-box.ts); `enabledAt` is null while the set-up waits for its
 * first code. `lastUsedStep` is the time step of the last code accepted: a code of that step or
 * an earlier one is refused, so no code works twice.
 */
export const adminTotp = pgTable('admin_totp', {
  adminId: uuid('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: only their SHA-256 is kept. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('admin_recovery_codes_hash_unique').on(table.adminId, table.codeHash),
    index('admin_recovery_codes_admin_idx').on(table.adminId),
  ],
);

/** The security policy: one row (id 1); no row reads as every setting off. */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: integer('id').primaryKey().default(1),
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('security_settings_single_row', sql`${table.id} = 1`)],
);

/**
 * The second sign-in step's challenges (docs/decisions/295): the login's 5-minute token names
 * one row, which a right code spends (`usedAt`), so a challenge opens one session at most;
 * `wrongCodes` counts the wrong codes typed against it, and at the limit it is spent too.
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('second_factor_challenges_expires_idx').on(table.expiresAt)],
);
