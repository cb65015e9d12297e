import {
  bigint,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';

/** An admin's passkeys (WebAuthn, issue 28, docs/decisions/229): public keys only. */
export const adminPasskeys = pgTable(
  'admin_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for those that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('admin_passkeys_credential_unique').on(table.credentialId),
    index('admin_passkeys_admin_idx').on(table.adminId, table.createdAt),
  ],
);

/**
 * WebAuthn challenges, each good for one ceremony within 5 minutes: the verification deletes
 * its row, so an answer cannot be replayed.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull(),
    /**
     * 'registration' (then the admin adding a passkey), 'authentication' (a sign-in: nobody
     * yet) or 'reauthentication' (step-up: the signed-in admin, docs/decisions/276).
     */
    kind: text('kind', { enum: ['registration', 'authentication', 'reauthentication'] }).notNull(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webauthn_challenges_expires_idx').on(table.expiresAt)],
);
