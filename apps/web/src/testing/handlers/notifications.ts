import { http } from 'msw';
import type {
  CreateNotificationBody,
  CreateNotificationResponse,
  MarkAllNotificationsReadResponse,
  MarkNotificationReadResponse,
  NotificationListResponse,
  NotificationReadChanges,
  NotificationReadChangesResponse,
} from '@cask/contracts/notifications';
import { aNotification } from '../factories.ts';
import { bodyOf, bulkIdOf, bulkRefusal, json, page, queryOf } from '../respond.ts';
import { db } from '../store.ts';

const unread = () => db().notifications.filter((n) => !n.isRead).length;

/** The admin's notifications (modules/notifications), newest first. */
export const notificationsHandlers = [
  http.get('/api/notifications', ({ request }) => {
    const { rows, pagination } = page(db().notifications, queryOf(request), 20);
    return json(200, {
      success: true,
      data: { notifications: rows, pagination, unreadCount: unread() },
    } satisfies NotificationListResponse);
  }),
  http.put('/api/notifications/mark-all-read', () => {
    const state = db();
    const marked = unread();
    state.notifications = state.notifications.map((n) => ({ ...n, isRead: true }));
    return json(200, {
      success: true,
      data: { marked, unreadCount: 0 },
    } satisfies MarkAllNotificationsReadResponse);
  }),
  http.post('/api/notifications/bulk/read', async ({ request }) => {
    // For this admin, all or nothing, as the API: a notification not there fails the change.
    const body = await bodyOf<NotificationReadChanges>(request);
    const state = db();
    const failed = body.changes.flatMap(({ id }, index) =>
      state.notifications.some((n) => n.id === id)
        ? []
        : [{ index, message: 'Notification not found' }],
    );
    if (failed.length > 0) return bulkRefusal(body.changes.length, failed);
    const done = body.changes.map(({ id, isRead }) => {
      const index = state.notifications.findIndex((n) => n.id === id);
      const found = state.notifications[index]!;
      state.notifications[index] = { ...found, isRead };
      return { id, before: { isRead: found.isRead }, after: { isRead } };
    });
    return json(200, {
      success: true,
      data: { bulkId: bulkIdOf(body), changes: done },
    } satisfies NotificationReadChangesResponse);
  }),
  http.put('/api/notifications/:id/read', ({ params }) => {
    const state = db();
    const id = params.id as string;
    state.notifications = state.notifications.map((n) =>
      n.id === id ? { ...n, isRead: true } : n,
    );
    return json(200, {
      success: true,
      data: { id, isRead: true, unreadCount: unread() },
    } satisfies MarkNotificationReadResponse);
  }),
  http.post('/api/notifications', async ({ request }) => {
    const state = db();
    const body = await bodyOf<CreateNotificationBody>(request);
    const recipient = state.customers.find((c) => c.id === body.recipient);
    const created = aNotification({
      title: body.title,
      message: body.message,
      type: body.type,
      priority: body.priority,
      category: body.category,
      isGlobal: body.isGlobal,
      recipient: recipient
        ? { id: recipient.id, fullName: recipient.fullName, email: recipient.email }
        : null,
      adminNotes: body.adminNotes ?? null,
      time: new Date().toISOString(),
    });
    state.notifications.unshift(created);
    return json(201, {
      success: true,
      message: 'Notification created successfully!',
      data: { notification: created },
    } satisfies CreateNotificationResponse);
  }),
];
