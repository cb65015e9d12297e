import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { BULK_NOTIFICATION_NOT_FOUND } from '@cask/contracts/notifications';
import type { BulkAction } from '../../db/bulk.ts';
import type { Actor } from '../../db/audit.ts';
import type {
  Notification,
  NotificationPriority,
  NotificationType,
  notificationListDefinition,
} from '@cask/contracts/notifications';
import type { ExportFilters } from '@cask/contracts/lists';
import type { Database, DbOrTx } from '../../db/client.ts';
import { type ExportSource } from '../../db/csv-export.ts';
import { createList, windowSql, type ListRequest } from '../../db/list.ts';
import { isoTimeSql, jsonObject } from '../../db/sql-fragments.ts';
import { planPage } from '../../lib/page-plan.ts';
import { customers } from '../../db/schema/customers.ts';
import {
  notificationReads,
  notifications,
  type NewNotification,
  NOTIFICATION_COUNTERS,
} from '../../db/schema/notifications.ts';

/** A notification as one admin sees it: with that admin's read state and the recipient. */
export interface NotificationRow {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  priority: NotificationPriority;
  category: string;
  adminNotes: string | null;
  isGlobal: boolean;
  createdAt: Date;
  isRead: boolean;
  recipient: { id: string; fullName: string; email: string } | null;
}

/** The read row of `adminId` for each notification (absent = unread for that admin). */
const readByAdmin = (adminId: string) =>
  and(
    eq(notificationReads.notificationId, notifications.id),
    eq(notificationReads.adminId, adminId),
  );

function selectForAdmin(db: DbOrTx, adminId: string) {
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      priority: notifications.priority,
      category: notifications.category,
      adminNotes: notifications.adminNotes,
      isGlobal: notifications.isGlobal,
      createdAt: notifications.createdAt,
      isRead: sql<boolean>`${notificationReads.adminId} is not null`,
      recipientId: customers.id,
      recipientFullName: customers.fullName,
      recipientEmail: customers.email,
    })
    .from(notifications)
    .leftJoin(notificationReads, readByAdmin(adminId))
    .leftJoin(customers, eq(customers.id, notifications.recipientId));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectForAdmin>['execute']>>[number];

function toNotificationRow(row: SelectedRow): NotificationRow {
  const { recipientId, recipientFullName, recipientEmail, ...rest } = row;
  return {
    ...rest,
    // node-postgres and PGlite both give booleans here, but a driver that gave 't' would lie.
    isRead: row.isRead === true,
    // A recipient soft-deleted later still shows: the notification was sent to them.
    recipient:
      recipientId && recipientFullName !== null && recipientEmail !== null
        ? { id: recipientId, fullName: recipientFullName, email: recipientEmail }
        : null,
  };
}

/** The Notifications list's orders (issue 31): the contract's sort names to the columns. */
export const NOTIFICATION_LIST_SORTS = { createdAt: 'created_at', title: 'title' };

/**
 * The notifications list (docs/screens/notifications.md) through db/list.ts: newest first (`id`
 * breaks ties so pages never overlap or skip rows created together), with the asking admin's read
 * state and the recipient read for the page's rows only, written by PostgreSQL as the contract's
 * Notification. The total is a maintained counter (src/db/sql/035_notifications_counters.sql; counting 10,000 rows took 2.3 ms
 * a page), and the number the admin has read comes back with it as an extra value.
 */
export function createNotificationList(database: Database) {
  const read = createList<Notification>(database, {
    counters: [NOTIFICATION_COUNTERS.total],
    sorts: NOTIFICATION_LIST_SORTS,
    item: jsonObject<Notification>({
      id: sql`p.id`,
      title: sql`p.title`,
      message: sql`p.message`,
      type: sql`p.type`,
      priority: sql`p.priority`,
      category: sql`p.category`,
      time: isoTimeSql(sql`p.created_at`),
      isRead: sql`p.is_read`,
      isGlobal: sql`p.is_global`,
      // A recipient soft-deleted later still shows: the notification was sent to them.
      recipient: sql`case when p.recipient_id is null then null else ${jsonObject<
        NonNullable<Notification['recipient']>
      >({
        id: sql`p.recipient_id`,
        fullName: sql`p.recipient_name`,
        email: sql`p.recipient_email`,
      })} end`,
      adminNotes: sql`p.admin_notes`,
    }),
  });
  /** The page's rows as `adminId` sees them: with that admin's read state. */
  const rowSql = (adminId: string) =>
    sql`w.id, w.title, w.message, w.type, w.priority, w.category, w.admin_notes, w.is_global,
      c.id as recipient_id, exists (select 1 from notification_reads r
        where r.admin_id = ${adminId} and r.notification_id = w.id) as is_read,
      c.full_name as recipient_name, c.email as recipient_email, w.created_at`;
  const request = (
    adminId: string,
    query: { page: number; limit: number; sort?: string | undefined },
  ): ListRequest => ({
    page: query.page,
    limit: query.limit,
    sort: query.sort,
    key: 'notifications',
    // The maintained counter (src/db/sql/035_notifications_counters.sql), read in the same snapshot
    // as the page.
    listTotal: (counter) => counter(NOTIFICATION_COUNTERS.total),
    // The notifications this admin has read: an index-only count on notification_reads_pk. Each
    // read row names an existing notification (the foreign key, deleted with it) at most once
    // (the primary key), so the unread ones are the total less these, exactly, in one snapshot.
    extras: () => [sql`select count(*)::int from notification_reads where admin_id = ${adminId}`],
    pageSql: (window) =>
      sql`select ${rowSql(adminId)} from (${windowSql(
        {
          table: 'notifications',
          columns: [
            'id',
            'title',
            'message',
            'type',
            'priority',
            'category',
            'admin_notes',
            'is_global',
            'recipient_id',
            'created_at',
          ],
          where: sql`true`,
        },
        window,
      )}) w left join customers c on c.id = w.recipient_id`,
    // The count is the whole list's, not a search's: read from the nearer end, never by
    // collecting matches.
    plan: (planned) => planPage({ ...planned, searching: false }),
  });
  return async (
    adminId: string,
    query: { page: number; limit: number; sort?: string | undefined },
  ) => {
    const answer = await read(request(adminId, query));
    return { ...answer, unreadCount: answer.pagination.total - Number(answer.extras[0]) };
  };
}

export async function findNotificationForAdmin(
  db: DbOrTx,
  id: string,
  adminId: string,
): Promise<NotificationRow | undefined> {
  const [row] = await selectForAdmin(db, adminId).where(eq(notifications.id, id)).limit(1);
  return row ? toNotificationRow(row) : undefined;
}

/** The notifications `adminId` has not read. */
export async function countUnreadForAdmin(db: DbOrTx, adminId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .leftJoin(notificationReads, readByAdmin(adminId))
    .where(isNull(notificationReads.adminId));
  return Number(row?.unread ?? 0);
}

export async function insertNotification(
  tx: DbOrTx,
  values: Omit<NewNotification, 'id' | 'createdAt'>,
): Promise<{ id: string }> {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  if (!row) throw new Error('notification insert returned nothing');
  return row;
}

/**
 * A customer that can receive a notification: exists and is not deleted. FOR SHARE holds off a
 * concurrent soft-delete until the notification is committed.
 */
export async function findReachableCustomerForShare(
  tx: DbOrTx,
  id: string,
): Promise<{ id: string; fullName: string; email: string } | undefined> {
  const [row] = await tx
    .select({ id: customers.id, fullName: customers.fullName, email: customers.email })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .limit(1)
    .for('share');
  return row;
}

export async function notificationExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.id, id))
    .limit(1);
  return Boolean(row);
}

/**
 * Marks one notification read for one admin. Returns true when this call made it read, false
 * when it was read already or does not exist (the caller tells those apart).
 */
export async function insertRead(
  tx: DbOrTx,
  adminId: string,
  notificationId: string,
): Promise<boolean> {
  const inserted = await tx
    .insert(notificationReads)
    .select((qb) =>
      qb
        .select({
          adminId: sql`${adminId}::uuid`.as('admin_id'),
          notificationId: notifications.id,
          readAt: sql`now()`.as('read_at'),
        })
        .from(notifications)
        .where(eq(notifications.id, notificationId)),
    )
    .onConflictDoNothing()
    .returning({ notificationId: notificationReads.notificationId });
  return inserted.length > 0;
}

/**
 * One statement for "mark all read": every notification this admin has no read row for gets
 * one; those already read are skipped by the primary key. Returns how many were marked.
 */
export async function insertAllReads(tx: DbOrTx, adminId: string): Promise<number> {
  const inserted = await tx
    .insert(notificationReads)
    .select((qb) =>
      qb
        .select({
          adminId: sql`${adminId}::uuid`.as('admin_id'),
          notificationId: notifications.id,
          readAt: sql`now()`.as('read_at'),
        })
        .from(notifications),
    )
    .onConflictDoNothing()
    .returning({ notificationId: notificationReads.notificationId });
  return inserted.length;
}

/**
 * The Notifications screen's bulk 'Mark as read' (issue 31) for the admin who asks, and its undo
 * (`isRead: false` takes back the reads it added, and only those), as one statement (decision
 * 390): the notifications locked, the admin's read rows added or taken back.
 */
export const notificationReadBulk: BulkAction<{ isRead: boolean }> = {
  action: (value) => (value.isRead ? 'notification.read' : 'notification.unread'),
  entity: 'notification',
  missing: BULK_NOTIFICATION_NOT_FOUND,
  table: notifications,
  id: notifications.id,
  value: (actor) => ({
    isRead: sql`exists (select 1 from ${notificationReads} r
      where r.notification_id = ${notifications.id} and r.admin_id = ${actor.adminId}::uuid)`,
  }),
  write: (actor: Actor) => ({
    read_added: sql`insert into ${notificationReads} (admin_id, notification_id, read_at)
      select ${actor.adminId}::uuid, locked.id, now() from locked join change on change.id = locked.id
      where (change.value->>'isRead')::boolean and not (locked.before->>'isRead')::boolean
      on conflict do nothing`,
    read_taken_back: sql`delete from ${notificationReads} r
      using locked join change on change.id = locked.id
      where r.admin_id = ${actor.adminId}::uuid and r.notification_id = locked.id
        and not (change.value->>'isRead')::boolean and (locked.before->>'isRead')::boolean`,
  }),
};

/** The Notifications' CSV (issue 29): every notification, newest first, with its recipient. */
export const notificationsExport: ExportSource<ExportFilters<typeof notificationListDefinition>> = {
  file: 'notifications',
  sorts: NOTIFICATION_LIST_SORTS,
  table: 'notifications',
  where: () => sql`true`,
  joins: sql`join notifications t on t.id = w.id left join customers c on c.id = t.recipient_id`,
  columns: [
    ['ID', sql`t.id::text`],
    ['Title', sql`t.title`],
    ['Message', sql`t.message`],
    ['Type', sql`t.type`],
    ['Priority', sql`t.priority`],
    ['Category', sql`t.category`],
    ['Global', sql`case when t.is_global then 'Yes' else 'No' end`],
    ['Recipient', sql`c.full_name`],
    ['Recipient Email', sql`c.email`],
    ['Time', isoTimeSql(sql`t.created_at`)],
  ],
};
