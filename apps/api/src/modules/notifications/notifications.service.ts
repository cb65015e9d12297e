import type {
  CreateNotificationBody,
  Notification,
  NotificationReadChanges,
} from '@cask/contracts/notifications';
import { applyBulk } from '../../db/bulk.ts';
import type { Database } from '../../db/client.ts';
import { writeAudit, type Actor } from '../../db/audit.ts';
import { NotFoundError } from '../../lib/errors.ts';
import * as repo from './notifications.repository.ts';

/** The list's CSV export (issue 29), declared in its repository, for its routes' routeListExport. */
export { notificationsExport } from './notifications.repository.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const RECIPIENT_NOT_FOUND = 'Recipient user not found';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

function toNotification(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    priority: row.priority,
    category: row.category,
    time: row.createdAt.toISOString(),
    isRead: row.isRead,
    isGlobal: row.isGlobal,
    recipient: row.recipient,
    adminNotes: row.adminNotes,
  };
}

/**
 * docs/screens/notifications.md. Read state is per admin (notification_reads): one admin
 * reading an item leaves it unread for the others. Marking read writes an audit row only when
 * it changed something (docs/decisions/080).
 */
export function createNotificationsService({ database }: { database: Database }) {
  const { db } = database;
  const readNotificationList = repo.createNotificationList(database);
  return {
    /**
     * docs/screens/notifications.md: newest first, with this admin's read state and unread count
     * (db/list.ts).
     */
    async list(adminId: string, query: { page: number; limit: number; sort?: string | undefined }) {
      const answer = await readNotificationList(adminId, query);
      return {
        notifications: answer.items,
        pagination: answer.pagination,
        unreadCount: answer.unreadCount,
      };
    },

    async create(body: CreateNotificationBody, actor: Actor): Promise<Notification> {
      const id = await db.transaction(async (tx) => {
        if (body.recipient) {
          const customer = await repo.findReachableCustomerForShare(tx, body.recipient);
          if (!customer) throw new NotFoundError(RECIPIENT_NOT_FOUND);
        }
        const values = {
          title: body.title,
          message: body.message,
          type: body.type,
          priority: body.priority,
          category: body.category,
          adminNotes: body.adminNotes,
          isGlobal: body.isGlobal,
          // The contract guarantees: null when global, a customer id otherwise.
          recipientId: body.recipient,
          createdBy: actor.adminId,
        };
        const created = await repo.insertNotification(tx, values);
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'notification.created',
          entity: 'notification',
          entityId: created.id,
          after: values,
          ip: actor.ip,
        });
        return created.id;
      });
      const row = await repo.findNotificationForAdmin(db, id, actor.adminId);
      if (!row) throw new Error('the notification just created is gone');
      return toNotification(row);
    },

    /** Idempotent: reading a read notification again changes nothing and answers the same. */
    async markRead(
      notificationId: string,
      actor: Actor,
    ): Promise<{ id: string; isRead: true; unreadCount: number }> {
      await db.transaction(async (tx) => {
        const marked = await repo.insertRead(tx, actor.adminId, notificationId);
        if (!marked) {
          if (!(await repo.notificationExists(tx, notificationId))) {
            throw new NotFoundError(NOTIFICATION_NOT_FOUND);
          }
          return;
        }
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'notification.read',
          entity: 'notification',
          entityId: notificationId,
          ip: actor.ip,
        });
      });
      const unreadCount = await repo.countUnreadForAdmin(db, actor.adminId);
      return { id: notificationId, isRead: true, unreadCount };
    },

    /**
     * Issue 31: 'Mark as read' for the chosen notifications (and its undo), all or none, each
     * audited.
     */
    async setRead(body: NotificationReadChanges, actor: Actor) {
      const changes = body.changes.map(({ id, isRead }) => ({ id, value: { isRead } }));
      return applyBulk(
        database,
        repo.notificationReadBulk,
        { changes, bulkId: body.bulkId },
        actor,
      );
    },

    async markAllRead(actor: Actor): Promise<{ marked: number; unreadCount: number }> {
      const marked = await db.transaction(async (tx) => {
        const count = await repo.insertAllReads(tx, actor.adminId);
        if (count > 0) {
          await writeAudit(tx, {
            adminId: actor.adminId,
            action: 'notification.all_read',
            entity: 'notification',
            after: { marked: count },
            ip: actor.ip,
          });
        }
        return count;
      });
      // A notification created meanwhile is unread, and the count says so.
      const unreadCount = await repo.countUnreadForAdmin(db, actor.adminId);
      return { marked, unreadCount };
    },
  };
}
