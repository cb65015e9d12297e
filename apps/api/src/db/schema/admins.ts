import { sql } from 'drizzle-orm';
import {
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
import { ADMIN_ROLES } from '@cask/contracts/admins';

/** Administrators: the only people who sign in here (docs/architecture.md#data-model). */
export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    /** One of ADMIN_ROLES; what the API lets this admin do (docs/decisions/220). */
    role: text('role', { enum: ADMIN_ROLES }).notNull().default('admin'),
    /** Public URL of the avatar (`/uploads/<id>`), or null for the placeholder. */
    avatar: text('avatar'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Carried by every access token (`ver`); logout, password change or reset and a detected
     * refresh token reuse raise it, which ends every access token issued before at once
     * (docs/decisions/131).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set when too many wrong reset codes were tried (docs/architecture.md#authentication). */
    resetLockedUntil: timestamp('reset_locked_until', { withTimezone: true }),
    /** Kept by src/db/sql/092_admins_record_sign_in.sql from the `auth.signed_in` audit rows. */
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('admins_email_unique').on(sql`lower(${table.email})`),
    check('admins_role_check', sql`${table.role} in ('owner', 'admin', 'viewer')`),
    index('admins_listing_idx').on(table.createdAt, table.id),
  ],
);

export type Admin = typeof admins.$inferSelect;

/** The admins' counter (src/db/sql/090_admins_counters.sql). */
export const ADMIN_COUNTERS = { total: 'admins.total' } as const;
