import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { NotificationListResponse } from '@cask/contracts/notifications';
import { beforeEach, expect, test } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { createAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { auditEntriesOf, rowCount, createCustomer } from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';
import { addNotification, insertNotifications } from '../../../test/support/notifications.ts';

const ctx = useTestContext();
// Every admin sees every notification, so each test starts from an empty list.
beforeEach(async () => {
  await ctx.database.db.delete(notifications);
});

const globalNotice = {
  title: 'Warehouse open day',
  message: 'Visit your casks on Saturday.',
  type: 'system',
  priority: 'high',
  category: 'general',
  adminNotes: 'Announced at the AGM',
  isGlobal: true,
  recipient: null,
};

test('every notification call needs a signed-in admin', async () => {
  const id = randomUUID();
  const calls = [
    ctx.app.inject({ method: 'GET', url: '/api/notifications' }),
    ctx.app.inject({ method: 'POST', url: '/api/notifications', payload: globalNotice }),
    ctx.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read` }),
    ctx.app.inject({ method: 'PUT', url: '/api/notifications/mark-all-read' }),
  ];
  for (const res of await Promise.all(calls)) {
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('You are not authorized');
  }
  expect(await rowCount(ctx, notifications)).toBe(0);
});

test('an empty list says so with zero pages and nothing unread', async () => {
  const admin = await createAdmin(ctx);
  expect(await adminApi(ctx, admin).data<NotificationListResponse>('/api/notifications')).toEqual({
    notifications: [],
    pagination: { current: 1, pages: 0, total: 0, limit: 20 },
    unreadCount: 0,
  });
});

test('an admin creates a global notification; it is listed unread with every field', async () => {
  const admin = await createAdmin(ctx);
  const res = await adminApi(ctx, admin).post('/api/notifications', globalNotice);
  expect(res.statusCode).toBe(201);
  const body = res.json();
  expect(body.success).toBe(true);
  expect(body.message).toBe('Notification created successfully!');
  const created = body.data.notification;
  expect(created).toEqual({
    id: expect.any(String),
    title: 'Warehouse open day',
    message: 'Visit your casks on Saturday.',
    type: 'system',
    priority: 'high',
    category: 'general',
    time: expect.any(String),
    isRead: false,
    isGlobal: true,
    recipient: null,
    adminNotes: 'Announced at the AGM',
  });
  expect(new Date(created.time).toISOString()).toBe(created.time);

  const page = await adminApi(ctx, admin).data<NotificationListResponse>('/api/notifications');
  expect(page.notifications).toEqual([created]);
  expect(page.unreadCount).toBe(1);
});

test('creating a notification writes its audit entry with the admin and the values', async () => {
  const admin = await createAdmin(ctx);
  const created = await addNotification(ctx, admin, globalNotice);
  const [entry, ...more] = await auditEntriesOf(ctx, {
    action: 'notification.created',
    entityId: created.id,
  });
  expect(more).toHaveLength(0);
  expect(entry).toMatchObject({
    adminId: admin.id,
    entity: 'notification',
    entityId: created.id,
    after: expect.objectContaining({ title: 'Warehouse open day', isGlobal: true }),
  });
  expect(entry?.ip).toBeTruthy();
});

test('a targeted notification names its recipient; priority and category have defaults', async () => {
  const admin = await createAdmin(ctx);
  const customer = await createCustomer(ctx, { fullName: 'Fiona Firkin' });
  const res = await adminApi(ctx, admin).post('/api/notifications', {
    title: 'Your cask was regauged',
    message: 'New bulk litres are in your statement.',
    type: 'cask',
    isGlobal: false,
    recipient: customer.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.notification).toMatchObject({
    type: 'cask',
    priority: 'medium',
    category: 'general',
    adminNotes: null,
    isGlobal: false,
    recipient: { id: customer.id, fullName: customer.fullName, email: customer.email },
  });
});

test('title and message are required, with the spec messages, and nothing is saved', async () => {
  const admin = await createAdmin(ctx);
  const res = await adminApi(ctx, admin).post('/api/notifications', {
    ...globalNotice,
    title: '  ',
    message: '',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual(
    expect.arrayContaining([
      { field: 'title', message: 'Title is required' },
      { field: 'message', message: 'Message is required' },
    ]),
  );
  const missing = await adminApi(ctx, admin).post('/api/notifications', {
    type: 'system',
    isGlobal: true,
  });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().errors.map((error: { field: string }) => error.field)).toEqual(
    expect.arrayContaining(['title', 'message']),
  );
  expect(await rowCount(ctx, notifications)).toBe(0);
});

test('a notification that is not global needs a recipient', async () => {
  const admin = await createAdmin(ctx);
  for (const recipient of [null, '', undefined]) {
    const res = await adminApi(ctx, admin).post('/api/notifications', {
      ...globalNotice,
      isGlobal: false,
      recipient,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Recipient user ID is required');
    expect(res.json().errors).toEqual([
      { field: 'recipient', message: 'Recipient user ID is required' },
    ]);
  }
  expect(await rowCount(ctx, notifications)).toBe(0);
});

test('a global notification cannot also name a recipient', async () => {
  const admin = await createAdmin(ctx);
  const customer = await createCustomer(ctx);
  const res = await adminApi(ctx, admin).post('/api/notifications', {
    ...globalNotice,
    recipient: customer.id,
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual([
    { field: 'recipient', message: 'A global notification has no recipient' },
  ]);
  expect(await rowCount(ctx, notifications)).toBe(0);
});

test('an unknown or deleted recipient is refused with 404, a malformed one with 400', async () => {
  const admin = await createAdmin(ctx);
  const deleted = await createCustomer(ctx, { deletedAt: new Date() });
  for (const recipient of [randomUUID(), deleted.id]) {
    const res = await adminApi(ctx, admin).post('/api/notifications', {
      ...globalNotice,
      isGlobal: false,
      recipient,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Recipient user not found' });
  }
  const malformed = await adminApi(ctx, admin).post('/api/notifications', {
    ...globalNotice,
    isGlobal: false,
    recipient: 'cask-7',
  });
  expect(malformed.statusCode).toBe(400);
  expect(malformed.json().errors[0].field).toBe('recipient');
  expect(await rowCount(ctx, notifications)).toBe(0);
  const audited = await auditEntriesOf(ctx, { action: 'notification.created' });
  expect(audited.filter((entry) => entry.adminId === admin.id)).toHaveLength(0);
});

test('type, priority and the length limits are checked', async () => {
  const admin = await createAdmin(ctx);
  const cases: [Record<string, unknown>, string][] = [
    [{ type: 'newsletter' }, 'type'],
    [{ type: undefined }, 'type'],
    [{ priority: 'whenever' }, 'priority'],
    [{ title: 'x'.repeat(201) }, 'title'],
    [{ message: 'x'.repeat(5001) }, 'message'],
    [{ category: 'x'.repeat(51) }, 'category'],
    [{ isGlobal: 'yes' }, 'isGlobal'],
  ];
  for (const [change, field] of cases) {
    const res = await adminApi(ctx, admin).post('/api/notifications', {
      ...globalNotice,
      ...change,
    });
    expect(res.statusCode, JSON.stringify(change)).toBe(400);
    expect(res.json().errors.map((error: { field: string }) => error.field)).toContain(field);
  }
  // The limits themselves are allowed.
  await addNotification(ctx, admin, {
    ...globalNotice,
    title: 'x'.repeat(200),
    message: 'x'.repeat(5000),
    type: 'purchase',
    priority: 'low',
  });
  expect(await rowCount(ctx, notifications)).toBe(1);
});

test('the list is newest first, 20 a page by default, with exact pagination', async () => {
  const admin = await createAdmin(ctx);
  await insertNotifications(ctx, 25, admin);

  const first = await adminApi(ctx, admin).data<NotificationListResponse>('/api/notifications');
  expect(first.notifications).toHaveLength(20);
  expect(first.notifications[0]?.title).toBe('Notice 25');
  expect(first.notifications[19]?.title).toBe('Notice 6');
  expect(first.pagination).toEqual({ current: 1, pages: 2, total: 25, limit: 20 });
  expect(first.unreadCount).toBe(25);

  const second = await adminApi(ctx, admin).data<NotificationListResponse>('/api/notifications', {
    page: '2',
  });
  expect(second.notifications.map((n) => n.title)).toEqual([
    'Notice 5',
    'Notice 4',
    'Notice 3',
    'Notice 2',
    'Notice 1',
  ]);
  expect(second.pagination).toEqual({ current: 2, pages: 2, total: 25, limit: 20 });

  const small = await adminApi(ctx, admin).data<NotificationListResponse>('/api/notifications', {
    page: '3',
    limit: '10',
  });
  expect(small.notifications).toHaveLength(5);
  expect(small.pagination).toEqual({ current: 3, pages: 3, total: 25, limit: 10 });
});

test('page and limit outside their ranges are refused', async () => {
  const admin = await createAdmin(ctx);
  const queries: Record<string, string>[] = [
    { limit: '0' },
    { limit: '101' },
    { page: '0' },
    { page: 'two' },
  ];
  for (const query of queries) {
    const res = await adminApi(ctx, admin).get('/api/notifications', query);
    expect(res.statusCode, JSON.stringify(query)).toBe(400);
  }
  expect(
    (
      await adminApi(ctx, admin).data<NotificationListResponse>('/api/notifications', {
        limit: '100',
      })
    ).pagination.limit,
  ).toBe(100);
});

test('read state is per admin: A reads one, B still sees it unread', async () => {
  const adminA = await createAdmin(ctx, { fullName: 'Alasdair A' });
  const adminB = await createAdmin(ctx, { fullName: 'Bethan B' });
  const older = await addNotification(ctx, adminA, { ...globalNotice, title: 'Older' });
  const newer = await addNotification(ctx, adminA, { ...globalNotice, title: 'Newer' });

  const res = await adminApi(ctx, adminA).put(`/api/notifications/${older.id}/read`);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toEqual({ id: older.id, isRead: true, unreadCount: 1 });

  const seenByA = await adminApi(ctx, adminA).data<NotificationListResponse>('/api/notifications');
  expect(seenByA.unreadCount).toBe(1);
  expect(seenByA.notifications.find((n) => n.id === older.id)?.isRead).toBe(true);
  expect(seenByA.notifications.find((n) => n.id === newer.id)?.isRead).toBe(false);

  const seenByB = await adminApi(ctx, adminB).data<NotificationListResponse>('/api/notifications');
  expect(seenByB.unreadCount).toBe(2);
  expect(seenByB.notifications.every((n) => !n.isRead)).toBe(true);
});

test('marking read is idempotent and audited once', async () => {
  const admin = await createAdmin(ctx);
  const created = await addNotification(ctx, admin, globalNotice);
  for (let i = 0; i < 2; i++) {
    const res = await adminApi(ctx, admin).put(`/api/notifications/${created.id}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: created.id, isRead: true, unreadCount: 0 });
  }
  const entries = await auditEntriesOf(ctx, { action: 'notification.read', entityId: created.id });
  expect(entries).toHaveLength(1);
  expect(entries[0]?.adminId).toBe(admin.id);
});

test('marking an unknown notification read answers 404, a malformed id 400', async () => {
  const admin = await createAdmin(ctx);
  const unknown = await adminApi(ctx, admin).put(`/api/notifications/${randomUUID()}/read`);
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toEqual({ success: false, message: 'Notification not found' });
  const malformed = await adminApi(ctx, admin).put(`/api/notifications/not-an-id/read`);
  expect(malformed.statusCode).toBe(400);
});

test('mark all read brings this admin to zero unread across every page, not the others', async () => {
  const adminA = await createAdmin(ctx);
  const adminB = await createAdmin(ctx);
  await insertNotifications(ctx, 23, adminA);
  const first = await adminApi(ctx, adminA).data<NotificationListResponse>('/api/notifications');
  const oneId = first.notifications[0]?.id ?? '';
  expect((await adminApi(ctx, adminA).put(`/api/notifications/${oneId}/read`)).statusCode).toBe(
    200,
  );

  const res = await adminApi(ctx, adminA).put('/api/notifications/mark-all-read');
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toEqual({ marked: 22, unreadCount: 0 });

  expect(
    (await adminApi(ctx, adminA).data<NotificationListResponse>('/api/notifications')).unreadCount,
  ).toBe(0);
  expect(
    (
      await adminApi(ctx, adminA).data<NotificationListResponse>('/api/notifications', {
        page: '2',
      })
    ).notifications.every((n) => n.isRead),
  ).toBe(true);
  expect(
    (await adminApi(ctx, adminB).data<NotificationListResponse>('/api/notifications')).unreadCount,
  ).toBe(23);

  const entries = await auditEntriesOf(ctx, { action: 'notification.all_read' });
  expect(entries.filter((entry) => entry.adminId === adminA.id)).toHaveLength(1);
  expect(entries.find((entry) => entry.adminId === adminA.id)?.after).toEqual({ marked: 22 });

  // Nothing left to mark: the call still succeeds, marks nothing and is not audited again.
  const again = await adminApi(ctx, adminA).put('/api/notifications/mark-all-read');
  expect(again.json().data).toEqual({ marked: 0, unreadCount: 0 });
  expect(
    (await auditEntriesOf(ctx, { action: 'notification.all_read' })).filter(
      (entry) => entry.adminId === adminA.id,
    ),
  ).toHaveLength(1);
});

test('unreadCount is exact and counts what arrives after a mark-all', async () => {
  const admin = await createAdmin(ctx);
  await insertNotifications(ctx, 3, admin);
  await adminApi(ctx, admin).put('/api/notifications/mark-all-read');
  await addNotification(ctx, admin, { ...globalNotice, title: 'Fresh news' });
  const page = await adminApi(ctx, admin).data<NotificationListResponse>('/api/notifications', {
    limit: '1',
  });
  expect(page.unreadCount).toBe(1);
  expect(page.notifications[0]?.title).toBe('Fresh news');
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
  expect(page.pagination.total).toBe(row?.n);
});
