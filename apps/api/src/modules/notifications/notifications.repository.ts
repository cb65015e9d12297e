import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationPriority, NotificationType } from '@cask/contracts/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import {
  notificationReads,
  notifications,
  type NewNotification,
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

/** Newest first; `id` breaks ties so pages never overlap or skip rows created together. */
export async function listNotificationsForAdmin(
  db: DbOrTx,
  query: { adminId: string; limit: number; offset: number },
): Promise<NotificationRow[]> {
  const rows = await selectForAdmin(db, query.adminId)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toNotificationRow);
}

export async function findNotificationForAdmin(
  db: DbOrTx,
  id: string,
  adminId: string,
): Promise<NotificationRow | undefined> {
  const [row] = await selectForAdmin(db, adminId).where(eq(notifications.id, id)).limit(1);
  return row ? toNotificationRow(row) : undefined;
}

/** Both counts in one scan: every notification, and those `adminId` has not read. */
export async function countNotificationsForAdmin(
  db: DbOrTx,
  adminId: string,
): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: count(),
      unread: count(sql`case when ${notificationReads.adminId} is null then 1 end`),
    })
    .from(notifications)
    .leftJoin(notificationReads, readByAdmin(adminId));
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

export async function countUnreadForAdmin(db: DbOrTx, adminId: string): Promise<number> {
  return (await countNotificationsForAdmin(db, adminId)).unread;
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
