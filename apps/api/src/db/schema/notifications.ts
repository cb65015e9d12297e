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
import {
  DEFAULT_NOTIFICATION_CATEGORY,
  DEFAULT_NOTIFICATION_PRIORITY,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
} from '@cask/contracts/notifications';
import { admins } from './admins.ts';
import { customers } from './customers.ts';

/**
 * `('a', 'b')`: the CHECK constraints follow the contracts' lists. A constraint holds literals,
 * not parameters: Drizzle writes each value in as a quoted literal.
 */
const sqlList = (values: readonly string[]) => sql`${values}`.inlineParams();

/**
 * A notification sent to every customer (global) or to one
 * (docs/screens/notifications.md#create-notification). Read state belongs to each admin reading the
 * back-office list: see notification_reads.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('system'),
    priority: text('priority', { enum: NOTIFICATION_PRIORITIES })
      .notNull()
      .default(DEFAULT_NOTIFICATION_PRIORITY),
    category: text('category').notNull().default(DEFAULT_NOTIFICATION_CATEGORY),
    adminNotes: text('admin_notes'),
    isGlobal: boolean('is_global').notNull().default(false),
    recipientId: uuid('recipient_id').references(() => customers.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('notifications_type_valid', sql`${table.type} in ${sqlList(NOTIFICATION_TYPES)}`),
    check(
      'notifications_priority_valid',
      sql`${table.priority} in ${sqlList(NOTIFICATION_PRIORITIES)}`,
    ),
    // docs/screens/notifications.md: recipient is a user id, null when global.
    check(
      'notifications_recipient_matches_scope',
      sql`(${table.isGlobal} and ${table.recipientId} is null) or (not ${table.isGlobal} and ${table.recipientId} is not null)`,
    ),
    index('notifications_listing_idx').on(table.createdAt, table.id),
    // The sorted lists (issue 31): each sortable column, then id, read from either end.
    index('notifications_title_sort_idx').on(table.title, table.id),
    index('notifications_recipient_idx').on(table.recipientId),
    // The customer page's 'Notifications': theirs and the global ones, newest first (issue 30).
    index('notifications_recipient_listing_idx').on(table.recipientId, table.createdAt, table.id),
    index('notifications_global_listing_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.isGlobal}`),
  ],
);

/**
 * Which admin has read which notification, and when (docs/screens/notifications.md: per reader, not
 * global).
 */
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

/**
 * The notifications' counters, by the names the repositories read
 * (docs/architecture.md#counters-and-triggers): src/db/sql/035_notifications_counters.sql.
 */
export const NOTIFICATION_COUNTERS = {
  total: 'notifications.total',
  /** Moves with any change to notifications (notifications_search_version). */
  searchVersion: 'notifications.search_version',
} as const;
