import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
import { customers } from './customers.ts';

/** Spec 000 §3. */
export const NOTIFICATION_TYPES = [
  'system',
  'tier',
  'referral',
  'payment',
  'cask',
  'offer',
  'purchase',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** The spec names a priority but not its values; these four are the usual scale. */
export const NOTIFICATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/**
 * A notification sent to every customer (global) or to one (spec 000 §2 "Create Notification").
 * Read state belongs to each admin reading the back-office list: see notification_reads.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('system'),
    priority: text('priority', { enum: NOTIFICATION_PRIORITIES }).notNull().default('medium'),
    category: text('category').notNull().default('general'),
    adminNotes: text('admin_notes'),
    isGlobal: boolean('is_global').notNull().default(false),
    recipientId: uuid('recipient_id').references(() => customers.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'notifications_type_valid',
      sql`${table.type} in ('system', 'tier', 'referral', 'payment', 'cask', 'offer', 'purchase')`,
    ),
    check(
      'notifications_priority_valid',
      sql`${table.priority} in ('low', 'medium', 'high', 'urgent')`,
    ),
    // Spec 000 §3: recipient is a user id, null when global.
    check(
      'notifications_recipient_matches_scope',
      sql`(${table.isGlobal} and ${table.recipientId} is null) or (not ${table.isGlobal} and ${table.recipientId} is not null)`,
    ),
    index('notifications_listing_idx').on(table.createdAt, table.id),
    index('notifications_recipient_idx').on(table.recipientId),
  ],
);

/** Which admin has read which notification, and when (spec 000 §4: per reader, not global). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'notification_reads_pk', columns: [table.adminId, table.notificationId] }),
    index('notification_reads_notification_idx').on(table.notificationId),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type NotificationRead = typeof notificationReads.$inferSelect;
