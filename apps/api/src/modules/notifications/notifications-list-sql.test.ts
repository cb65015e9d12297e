import type { NotificationListResponse } from '@cask/contracts/notifications';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import {
  expectListMatchesSql,
  seedListData,
  pagesToTry,
} from '../../../test/support/list-against-sql.ts';

// Issue 14: the notifications list, read through the list path (db/list.ts), answers exactly what plain
// SQL answers (the total, the rows in order, each row's read state and the unread count of the
// admin asking), on every kind of page, and after writes the remembered total did not
// see coming.
const ctx = useTestContext();
let admin: TestAdmin;
let other: TestAdmin;

beforeAll(async () => {
  await seedListData(ctx);
  admin = await createAdmin(ctx);
  other = await createAdmin(ctx);
}, 120_000);

const LIST = {
  url: '/api/notifications',
  itemsKey: 'notifications',
  countSql: sql`select count(*)::int from notifications`,
  idsSql: (limit: number, offset: number) =>
    sql`select id from notifications order by created_at desc, id desc limit ${limit} offset ${offset}`,
};

/** The page as the admin sees it, its read states and unread count checked against plain SQL. */
async function expectPage(reader: TestAdmin, page: number, limit: number) {
  const { total, ids } = await expectListMatchesSql(ctx, reader, {
    ...LIST,
    query: { page, limit },
  });
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/notifications',
    query: { page: String(page), limit: String(limit) },
    headers: reader.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json<NotificationListResponse>().data;
  const read = new Set(
    (
      await ctx.database.readRows(
        sql`select notification_id from notification_reads where admin_id = ${reader.id}`,
        { prepared: false },
      )
    ).map(([id]) => id),
  );
  expect(data.notifications.map((item) => item.id)).toEqual(ids);
  expect(data.notifications.map((item) => item.isRead)).toEqual(ids.map((id) => read.has(id)));
  const [[unread]] = (await ctx.database.readRows(
    sql`select count(*)::int from notifications n
     where not exists (select 1 from notification_reads r
                       where r.admin_id = ${reader.id} and r.notification_id = n.id)`,
    { prepared: false },
  )) as [[number]];
  expect(data.unreadCount).toBe(unread);
  return { total, ids };
}

async function expectMarkRead(reader: TestAdmin, id: unknown) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/notifications/${String(id)}/read`,
    headers: reader.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
}

test('the notifications list answers what plain SQL answers on every kind of page, for each admin', async () => {
  const first = await expectPage(admin, 1, 6);
  expect(first.total).toBeGreaterThanOrEqual(20);
  // One admin has read a few notifications, on the first page and further on; the other none.
  const { ids } = await expectPage(admin, 1, first.total);
  for (const id of [ids[0], ids[3], ids[ids.length - 1]]) await expectMarkRead(admin, id);
  for (const reader of [admin, other]) {
    for (const limit of [3, 6]) {
      for (const page of pagesToTry(first.total, limit)) await expectPage(reader, page, limit);
    }
  }
});

test('after a new notification and "mark all read" the list reads the new total and rows, whatever it remembered', async () => {
  const before = await expectPage(admin, 1, 6);
  const last = Math.ceil(before.total / 6);
  // Remember the total at the far end (read from the oldest end), then add a notification.
  await expectPage(admin, last, 6);
  await expectPage(other, last, 6);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/notifications',
    headers: admin.headers,
    payload: {
      title: 'Warehouse open day',
      message: 'Visit your casks on Saturday.',
      type: 'system',
      priority: 'high',
      category: 'general',
      adminNotes: null,
      isGlobal: true,
      recipient: null,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const pages = Math.ceil((before.total + 1) / 6);
  // The far end first: a window read from the oldest end depends on the total.
  for (const reader of [admin, other]) {
    for (const page of [pages, pages + 1, pages - 1, 1]) {
      const after = await expectPage(reader, page, 6);
      expect(after.total).toBe(before.total + 1);
    }
  }
  const all = await ctx.app.inject({
    method: 'PUT',
    url: '/api/notifications/mark-all-read',
    headers: other.headers,
  });
  expect(all.statusCode, all.body).toBe(200);
  for (const reader of [other, admin]) {
    for (const page of [pages, 1]) await expectPage(reader, page, 6);
  }
});

test('the total follows notifications deleted in bulk, a truncation and a recount of the counters (src/db/sql/035)', async () => {
  const { db } = ctx.database;
  const before = await expectPage(admin, 1, 6);
  // Three of them deleted in one statement: the counter moves by three in the same transaction.
  await db.execute(
    sql`delete from notifications where id in (select id from notifications order by created_at limit 3)`,
  );
  expect((await expectPage(admin, 1, 6)).total).toBe(before.total - 3);
  await db.execute(sql`select refresh_counters()`);
  expect((await expectPage(other, 2, 6)).total).toBe(before.total - 3);
  await db.execute(sql`truncate notifications cascade`);
  const emptied = await expectPage(admin, 1, 6);
  expect(emptied.total).toBe(0);
  expect(emptied.ids).toEqual([]);
});
