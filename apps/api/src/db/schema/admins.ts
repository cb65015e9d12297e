import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Administrators: the only people who sign in here (DESIGN.md §6). */
export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    role: text('role').notNull().default('admin'),
    /** Public URL of the avatar (`/uploads/<id>`), or null for the placeholder. */
    avatar: text('avatar'),
    isActive: boolean('is_active').notNull().default(true),
    /** Set when too many wrong reset codes were tried (DESIGN.md §5). */
    resetLockedUntil: timestamp('reset_locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('admins_email_unique').on(sql`lower(${table.email})`)],
);

export type Admin = typeof admins.$inferSelect;
