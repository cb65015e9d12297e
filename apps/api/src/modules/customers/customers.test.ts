import { eq, isNull, sql } from 'drizzle-orm';
import { ifMatchHeaders, RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import { type UserListResponse, type UserResponse } from '@cask/contracts/users';
import { CUSTOMER_EMAIL_TAKEN } from '@cask/contracts/customer-details';
import { beforeAll, expect, test } from 'vitest';
import { casks } from '../../db/schema/casks.ts';
import { customers } from '../../db/schema/customers.ts';
import { pointTransactions } from '../../db/schema/point-transactions.ts';
import { orders } from '../../db/schema/orders.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import type { PageWindow } from '../../lib/page-plan.ts';
import { customerWindowSql } from './customers.repository.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { getData } from '../../../test/support/requests.ts';
import {
  createCask,
  createCustomer,
  createCustomers,
  createPointTransaction,
  createOrder,
  createReferral,
  uniqueMarker,
  auditEntriesOf,
} from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';

const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

/** Customers created one second apart, oldest first, all carrying `marker` in their name. */
async function createTimeline(marker: string, count: number, start = Date.UTC(2031, 0, 1)) {
  return createCustomers(ctx, count, (i) => ({
    fullName: `${marker} Person ${i}`,
    createdAt: new Date(start + i * 1000),
  }));
}

test('every users call needs a signed-in admin', async () => {
  const customer = await createCustomer(ctx);
  const calls = [
    ctx.app.inject({ method: 'GET', url: '/api/users' }),
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${customer.id}`,
      payload: { isActive: false },
    }),
    ctx.app.inject({ method: 'DELETE', url: `/api/users/${customer.id}` }),
  ];
  for (const res of await Promise.all(calls)) {
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('You are not authorized');
  }
  const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, customer.id));
  expect(row?.isActive).toBe(true);
  expect(row?.deletedAt).toBeNull();
});

test('the list shows each customer with the number of casks they own, newest first', async () => {
  const marker = uniqueMarker();
  const [older, newer] = await createTimeline(marker, 2);
  await createCask(ctx, { ownerId: newer!.id });
  await createCask(ctx, { ownerId: newer!.id });
  await ctx.database.db
    .update(customers)
    .set({ phone: '+15550001111', isActive: false })
    .where(eq(customers.id, older!.id));

  const { users, pagination } = await api.data<UserListResponse>('/api/users', { search: marker });

  expect(pagination).toEqual({ current: 1, pages: 1, total: 2, limit: 10 });
  expect(users).toEqual([
    {
      id: newer!.id,
      fullName: `${marker} Person 1`,
      email: newer!.email,
      phone: null,
      balance: 2,
      isActive: true,
      createdAt: newer!.createdAt.toISOString(),
      version: String(newer!.updatedAt.getTime()),
    },
    {
      id: older!.id,
      fullName: `${marker} Person 0`,
      email: older!.email,
      phone: '+15550001111',
      balance: 0,
      isActive: false,
      createdAt: older!.createdAt.toISOString(),
      version: String(older!.updatedAt.getTime()),
    },
  ]);
});

test('search matches part of the name or the e-mail, ignoring case and surrounding spaces', async () => {
  const marker = uniqueMarker();
  const byName = await createCustomer(ctx, { fullName: `Isla ${marker.toUpperCase()} Campbell` });
  const byEmail = await createCustomer(ctx, { email: `islay.${marker}@distillery.test` });
  await createCustomer(ctx, { fullName: 'Someone Else' });

  const { users, pagination } = await api.data<UserListResponse>('/api/users', {
    search: `  ${marker.slice(2, 9)}  `,
  });

  expect(users.map((u) => u.id).sort()).toEqual([byName.id, byEmail.id].sort());
  expect(pagination.total).toBe(2);
});

test('percent, underscore and backslash in a search are matched literally', async () => {
  const marker = uniqueMarker();
  const literal = await createCustomer(ctx, { fullName: `${marker} 100%_off\\deal` });
  await createCustomer(ctx, { fullName: `${marker} 100 xoff deal` });

  for (const search of ['100%_off\\', '%_', '\\']) {
    const { users } = await api.data<UserListResponse>('/api/users', {
      search: `${marker} ${search}`.slice(0, 100),
    });
    if (search === '\\' || search === '%_') {
      const found = await api.data<UserListResponse>('/api/users', { search });
      expect(found.users.map((u) => u.id)).toContain(literal.id);
      expect(found.users.every((u) => u.fullName.includes(search))).toBe(true);
    } else {
      expect(users.map((u) => u.id)).toEqual([literal.id]);
    }
  }
});

test('a search that matches nobody answers an empty page with zero pages', async () => {
  const data = await api.data<UserListResponse>('/api/users', { search: uniqueMarker('nobody') });
  expect(data).toEqual({ users: [], pagination: { current: 1, pages: 0, total: 0, limit: 10 } });
});

test('every page, read from whichever end is nearer, is the right slice of the list', async () => {
  const marker = uniqueMarker();
  // Thirteen customers, two of them sharing a timestamp so the id decides their order.
  const created = await createTimeline(marker, 13);
  await ctx.database.db
    .update(customers)
    .set({ createdAt: created[5]!.createdAt })
    .where(eq(customers.id, created[6]!.id));
  const expected = (
    await ctx.database.db.select().from(customers).where(isNull(customers.deletedAt))
  )
    .filter((c) => c.fullName.startsWith(marker))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((c) => c.id);

  for (const limit of [1, 2, 5, 6, 7, 13, 20]) {
    const pages = Math.ceil(13 / limit);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const data = await api.data<UserListResponse>('/api/users', { search: marker, page, limit });
      expect(data.pagination).toEqual({ current: page, pages, total: 13, limit });
      seen.push(...data.users.map((u) => u.id));
    }
    expect(seen, `limit ${limit}`).toEqual(expected);
  }
  const beyond = await api.data<UserListResponse>('/api/users', {
    search: marker,
    page: 4,
    limit: 6,
  });
  expect(beyond.users).toEqual([]);
  expect(beyond.pagination).toEqual({ current: 4, pages: 3, total: 13, limit: 6 });
});

test('the three ways of reading a search page return the same rows', async () => {
  // Which way the API reads depends on how many customers exist and match (customer-paging.ts);
  // a test database is too small to reach every way through the API, so compare them directly.
  const marker = uniqueMarker();
  await createTimeline(marker, 9);
  const pattern = `%${marker}%`;
  for (const [limit, offset] of [
    [4, 0],
    [4, 4],
    [4, 8],
    [9, 0],
  ] as const) {
    const read = async (window: PageWindow) => {
      const newestFirst = { column: 'created_at', descending: true };
      const page = customerWindowSql({ ...window, order: newestFirst }, pattern);
      const rows = await ctx.database.readRows(
        sql`select w.id from (${page}) w order by w.created_at desc, w.id desc`,
        { prepared: false },
      );
      return rows.map(([id]) => id);
    };
    const newest = await read({ read: 'newest-first', limit, offset });
    const matches = await read({ read: 'matches-first', limit, offset });
    const rowsAfter = 9 - offset - limit;
    const oldest = await read({
      read: 'oldest-first',
      limit: Math.min(limit, 9 - offset),
      offset: Math.max(0, rowsAfter),
    });
    expect(newest.length).toBe(Math.min(limit, 9 - offset));
    expect(matches).toEqual(newest);
    expect(oldest).toEqual(newest);
  }
});

test('without a search the first page holds the newest customers and the last page the oldest', async () => {
  const marker = uniqueMarker();
  const newest = await createCustomers(ctx, 2, (i) => ({
    fullName: `${marker} newest ${i}`,
    createdAt: new Date(Date.UTC(2099, 0, 1 + i)),
  }));
  const oldest = await createCustomers(ctx, 3, (i) => ({
    fullName: `${marker} oldest ${i}`,
    createdAt: new Date(Date.UTC(1990, 0, 1 + i)),
  }));
  const [{ total }] = [(await api.data<UserListResponse>('/api/users', { limit: 6 })).pagination];
  const visible = await ctx.database.db.$count(customers, isNull(customers.deletedAt));
  expect(total).toBe(visible);

  const first = await api.data<UserListResponse>('/api/users', { page: 1, limit: 6 });
  expect(first.users.slice(0, 2).map((u) => u.id)).toEqual([newest[1]!.id, newest[0]!.id]);

  const pages = Math.ceil(total / 6);
  const last = await api.data<UserListResponse>('/api/users', { page: pages, limit: 6 });
  const onLastPage = total - (pages - 1) * 6;
  expect(last.users).toHaveLength(onLastPage);
  expect(last.users.slice(-Math.min(3, onLastPage)).map((u) => u.id)).toEqual(
    [oldest[2]!.id, oldest[1]!.id, oldest[0]!.id].slice(-Math.min(3, onLastPage)),
  );
});

test('totals stay exact through creates, deletes and status changes, with and without a search', async () => {
  const marker = uniqueMarker();
  const before = (await api.data<UserListResponse>('/api/users')).pagination.total;
  const created = await createTimeline(marker, 3);
  expect((await api.data<UserListResponse>('/api/users')).pagination.total).toBe(before + 3);
  expect(
    (await api.data<UserListResponse>('/api/users', { search: marker })).pagination.total,
  ).toBe(3);

  expect((await api.put(`/api/users/${created[0]!.id}`, { isActive: false })).statusCode).toBe(200);
  expect((await api.data<UserListResponse>('/api/users')).pagination.total).toBe(before + 3);
  expect(
    (await api.data<UserListResponse>('/api/users', { search: marker })).pagination.total,
  ).toBe(3);

  expect((await api.delete(`/api/users/${created[1]!.id}`)).statusCode).toBe(200);
  expect((await api.data<UserListResponse>('/api/users')).pagination.total).toBe(before + 2);
  const afterDelete = await api.data<UserListResponse>('/api/users', { search: marker });
  expect(afterDelete.pagination.total).toBe(2);
  expect(afterDelete.users.map((u) => u.id)).not.toContain(created[1]!.id);

  // A rename moves a customer in or out of a search, and the count follows at once.
  await ctx.database.db
    .update(customers)
    .set({ fullName: 'Renamed Person' })
    .where(eq(customers.id, created[2]!.id));
  expect(
    (await api.data<UserListResponse>('/api/users', { search: marker })).pagination.total,
  ).toBe(1);
  await createCustomer(ctx, { email: `${marker}@late.example` });
  expect(
    (await api.data<UserListResponse>('/api/users', { search: marker })).pagination.total,
  ).toBe(2);
});

test('bad paging or search input is refused with field errors', async () => {
  for (const query of [
    { page: 0 },
    { limit: 0 },
    { limit: 101 },
    { page: 'two' },
    { search: 'x'.repeat(101) },
  ]) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: admin.headers,
    });
    expect(res.statusCode, JSON.stringify(query)).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.errors[0].field).toBe(Object.keys(query)[0]);
  }
});

test('an admin deactivates a customer and the change is audited with before and after', async () => {
  const customer = await createCustomer(ctx);
  await createCask(ctx, { ownerId: customer.id });

  const res = await api.put(`/api/users/${customer.id}`, { isActive: false });

  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    success: true,
    message: 'User updated successfully',
    data: {
      user: {
        id: customer.id,
        fullName: customer.fullName,
        email: customer.email,
        phone: null,
        balance: 1,
        isActive: false,
        createdAt: customer.createdAt.toISOString(),
        // A save moves the version on (docs/decisions/208).
        version: expect.not.stringMatching(`^${customer.updatedAt.getTime()}$`),
      },
    },
  });
  const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, customer.id));
  expect(row?.isActive).toBe(false);
  const audit = await auditEntriesOf(ctx, { entity: 'customer', entityId: customer.id });
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({
    adminId: admin.id,
    action: 'user.updated',
    before: { isActive: true },
    after: { isActive: false },
  });
  expect(audit[0]?.ip).toBeTruthy();

  const back = await api.put(`/api/users/${customer.id}`, { isActive: true });
  expect(back.json().data.user.isActive).toBe(true);
  expect(await auditEntriesOf(ctx, { entity: 'customer', entityId: customer.id })).toHaveLength(2);
});

test('a bad status body is refused with field errors and changes nothing', async () => {
  const customer = await createCustomer(ctx);
  for (const payload of [{}, { isActive: 'false' }, { isActive: null }, { isActive: 0 }]) {
    const res = await api.put(`/api/users/${customer.id}`, payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      errors: [{ field: 'isActive', message: 'isActive must be true or false' }],
    });
  }
  const bad = await api.put(`/api/users/not-a-uuid`, { isActive: false });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors[0].field).toBe('id');

  const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, customer.id));
  expect(row?.isActive).toBe(true);
  expect(await auditEntriesOf(ctx, { entity: 'customer', entityId: customer.id })).toHaveLength(0);
});

test('updating or deleting an unknown customer answers 404', async () => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  const put = await api.put(`/api/users/${unknown}`, { isActive: false });
  expect(put.statusCode).toBe(404);
  expect(put.json()).toEqual({ success: false, message: 'User not found' });
  const del = await api.delete(`/api/users/${unknown}`);
  expect(del.statusCode).toBe(404);
  expect(del.json()).toEqual({ success: false, message: 'User not found' });
  expect(await auditEntriesOf(ctx, { entity: 'customer', entityId: unknown })).toHaveLength(0);
});

test('deleting hides the customer but keeps their casks, orders, referrals and points', async () => {
  const customer = await createCustomer(ctx, { fullName: `Deleted ${uniqueMarker()}` });
  const cask = await createCask(ctx, { ownerId: customer.id });
  const purchase = await createOrder(ctx, { customerId: customer.id });
  const referral = await createReferral(ctx, { referrerId: customer.id });
  await createPointTransaction(ctx, { customerId: customer.id, points: 250 });

  const res = await api.delete(`/api/users/${customer.id}`);

  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    success: true,
    message: 'User deleted successfully',
    data: { id: customer.id },
  });
  const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, customer.id));
  expect(row?.deletedAt).toBeInstanceOf(Date);
  expect(row?.pointsBalance).toBe(250);
  const db = ctx.database.db;
  expect(await db.$count(casks, eq(casks.id, cask.id))).toBe(1);
  expect(await db.$count(orders, eq(orders.id, purchase.id))).toBe(1);
  expect(await db.$count(referrals, eq(referrals.id, referral.id))).toBe(1);
  expect(await db.$count(pointTransactions, eq(pointTransactions.customerId, customer.id))).toBe(1);

  const audit = await auditEntriesOf(ctx, { entity: 'customer', entityId: customer.id });
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({
    adminId: admin.id,
    action: 'user.deleted',
    before: { fullName: customer.fullName, email: customer.email, isActive: true },
  });

  const { users } = await api.data<UserListResponse>('/api/users', { search: customer.fullName });
  expect(users).toEqual([]);
  expect((await api.delete(`/api/users/${customer.id}`)).statusCode).toBe(404);
  expect((await api.put(`/api/users/${customer.id}`, { isActive: false })).statusCode).toBe(404);
  expect(await auditEntriesOf(ctx, { entity: 'customer', entityId: customer.id })).toHaveLength(1);
});

test('a deleted customer e-mail can be given to a new customer', async () => {
  const email = `${uniqueMarker()}@example.com`;
  const first = await createCustomer(ctx, { email });
  await expect(createCustomer(ctx, { email: email.toUpperCase() })).rejects.toThrow();
  expect((await api.delete(`/api/users/${first.id}`)).statusCode).toBe(200);
  const second = await createCustomer(ctx, { email });
  const { users } = await api.data<UserListResponse>('/api/users', { search: email });
  expect(users.map((u) => u.id)).toEqual([second.id]);
});

test('Edit details fixes a name, an e-mail and a phone, audited with before and after', async () => {
  const marker = uniqueMarker('typo');
  const customer = await createCustomer(ctx, {
    fullName: `Morag ${marker}`,
    email: `morag.${marker}@gmial.com`,
    phone: '+447700900001',
  });
  const before = (await getData<UserResponse>(ctx, admin, `/api/users/${customer.id}`)).user;

  const res = await api.put(
    `/api/users/${customer.id}/details`,
    { fullName: `  Morag Campbell ${marker} `, email: `Morag.${marker}@Gmail.com`, phone: '' },
    { ...admin.headers, ...ifMatchHeaders(before.version) },
  );

  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({
    success: true,
    message: 'User updated successfully',
    data: {
      user: {
        id: customer.id,
        fullName: `Morag Campbell ${marker}`,
        // E-mails are kept lower-case, as every other e-mail is.
        email: `morag.${marker}@gmail.com`,
        phone: null,
        isActive: true,
      },
    },
  });
  expect(res.json().data.user.version).not.toBe(before.version);
  const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, customer.id));
  expect(row).toMatchObject({ email: `morag.${marker}@gmail.com`, phone: null });
  const audit = await auditEntriesOf(ctx, { entity: 'customer', entityId: customer.id });
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({
    adminId: admin.id,
    action: 'user.updated',
    before: {
      fullName: `Morag ${marker}`,
      email: `morag.${marker}@gmial.com`,
      phone: '+447700900001',
    },
    after: {
      fullName: `Morag Campbell ${marker}`,
      email: `morag.${marker}@gmail.com`,
      phone: null,
    },
  });
  // The lists find the customer by the new e-mail.
  const found = await api.data<UserListResponse>('/api/users', { search: `${marker}@gmail` });
  expect(found.users.map((u) => u.id)).toEqual([customer.id]);
});

test("Edit details refuses another customer's e-mail with a 409 naming the field; a hidden customer's is free", async () => {
  const marker = uniqueMarker('dup');
  const [first, second, gone] = await createCustomers(ctx, 3, (i) => ({
    email: `${marker}.${i}@club.example`,
  }));
  const taken = await api.put(`/api/users/${second!.id}/details`, {
    fullName: second!.fullName,
    email: first!.email.toUpperCase(),
    phone: null,
  });
  expect(taken.statusCode).toBe(409);
  expect(taken.json()).toEqual({
    success: false,
    message: CUSTOMER_EMAIL_TAKEN,
    errors: [{ field: 'email', message: CUSTOMER_EMAIL_TAKEN }],
  });
  const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, second!.id));
  expect(row?.email).toBe(second!.email);
  expect(await auditEntriesOf(ctx, { entity: 'customer', entityId: second!.id })).toHaveLength(0);

  // Keeping one's own e-mail is no conflict; taking a deleted customer's is allowed.
  const own = await api.put(`/api/users/${second!.id}/details`, {
    fullName: 'Renamed',
    email: second!.email,
    phone: '+12025550142',
  });
  expect(own.statusCode, own.body).toBe(200);
  expect((await api.delete(`/api/users/${gone!.id}`)).statusCode).toBe(200);
  const freed = await api.put(`/api/users/${second!.id}/details`, {
    fullName: 'Renamed',
    email: gone!.email,
  });
  expect(freed.statusCode, freed.body).toBe(200);
});

test('Edit details refuses bad input field by field, a stale version with 412, an unknown customer with 404', async () => {
  const customer = await createCustomer(ctx);
  const valid = {
    fullName: 'Ailsa Reid',
    email: `${uniqueMarker('ok')}@club.example`,
    phone: null,
  };
  for (const [payload, field] of [
    [{ ...valid, fullName: '   ' }, 'fullName'],
    [{ ...valid, fullName: 'x'.repeat(101) }, 'fullName'],
    [{ ...valid, email: 'not-an-email' }, 'email'],
    [{ ...valid, email: '' }, 'email'],
    [{ ...valid, phone: '+44 7700 900001' }, 'phone'],
    [{ ...valid, phone: 'call me' }, 'phone'],
  ] as const) {
    const res = await api.put(`/api/users/${customer.id}/details`, payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  }
  const stale = await api.put(`/api/users/${customer.id}/details`, valid, {
    ...admin.headers,
    ...ifMatchHeaders(String(customer.updatedAt.getTime() - 1)),
  });
  expect(stale.statusCode).toBe(412);
  expect(stale.json()).toMatchObject({ success: false, message: RECORD_CHANGED_ELSEWHERE });
  const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, customer.id));
  expect(row?.email).toBe(customer.email);
  expect(await auditEntriesOf(ctx, { entity: 'customer', entityId: customer.id })).toHaveLength(0);

  const unknown = await api.put(`/api/users/00000000-0000-4000-8000-000000000000/details`, valid);
  expect(unknown.statusCode).toBe(404);
});
