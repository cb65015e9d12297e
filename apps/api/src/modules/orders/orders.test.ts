import { eq, isNull, sql } from 'drizzle-orm';
import type { DashboardResponse } from '@cask/contracts/dashboard';
import type {
  DeleteOrderResponse,
  OrderListResponse,
  UpdateOrderResponse,
} from '@cask/contracts/orders';
import type { RewardListResponse } from '@cask/contracts/rewards';
import { beforeAll, describe, expect, test } from 'vitest';
import { orderNotes, orders } from '../../db/schema/orders.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import {
  createCustomer,
  createOrder,
  uniqueMarker,
  auditEntriesOf,
  storedRow,
} from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';
import { orderStatsFromTable } from '../../../test/support/orders.ts';

const ctx = useTestContext();
let admin: TestAdmin;
let other: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx, { fullName: 'Ada Admin' });
  other = await createAdmin(ctx, { fullName: 'Bob Admin' });
});

const validEdit = {
  status: 'Active',
  caskProgress: 'Maturing',
  manualPaymentStatus: 'paid',
  notes: '',
};

test('every orders call needs a signed-in admin', async () => {
  const order = await createOrder(ctx);
  const calls = await Promise.all([
    ctx.app.inject({ method: 'GET', url: '/api/purchases' }),
    ctx.app.inject({
      method: 'PUT',
      url: `/api/purchases/${order.id}/status`,
      payload: validEdit,
    }),
    ctx.app.inject({ method: 'DELETE', url: `/api/purchases/${order.id}` }),
  ]);
  for (const res of calls) {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  }
  expect((await storedRow(ctx, orders, order.id))?.deletedAt).toBeNull();
});

describe('GET /purchases', () => {
  test('answers the spec shape, newest first, 20 a page by default, with exact stats', async () => {
    const marker = uniqueMarker('shape');
    const customer = await createCustomer(ctx, { fullName: `Flora ${marker}` });
    const older = await createOrder(ctx, {
      customerId: customer.id,
      title: `Glen ${marker} Cask`,
      contactFullName: `Flora ${marker}`,
      contactEmail: 'flora@example.com',
      preferredContactMethod: 'phone',
      phoneNumber: '+44 1234',
      investmentAmount: '12345.67',
      status: 'Delivered',
      caskProgress: 'Ready',
      manualPaymentStatus: 'completed',
      isFirstPurchase: true,
      referralPointsAmount: 250,
      submittedDate: new Date('2031-02-01T10:00:00Z'),
      daysLeft: 30,
      createdAt: new Date('2031-02-01T10:00:00Z'),
    });
    await ctx.database.db.insert(orderNotes).values([
      { orderId: older.id, content: 'second note', createdAt: new Date('2031-02-03T00:00:00Z') },
      { orderId: older.id, content: 'first note', createdAt: new Date('2031-02-02T00:00:00Z') },
    ]);
    const newer = await createOrder(ctx, {
      customerId: customer.id,
      title: `Glen ${marker} Bottle`,
      contactFullName: `Flora ${marker}`,
      createdAt: new Date('2031-02-02T10:00:00Z'),
    });

    const data = await api.data<OrderListResponse>('/api/purchases', { search: marker });
    expect(data.pagination).toEqual({ current: 1, pages: 1, total: 2, limit: 20 });
    expect(data.purchases.map((order) => order._id)).toEqual([newer.id, older.id]);
    expect(data.purchases[1]).toMatchObject({
      _id: older.id,
      user: { fullName: `Flora ${marker}` },
      personalInfo: {
        fullName: `Flora ${marker}`,
        email: 'flora@example.com',
        preferredContactMethod: 'phone',
        phoneNumber: '+44 1234',
      },
      title: `Glen ${marker} Cask`,
      investmentAmount: 12345.67,
      status: 'Delivered',
      caskProgress: 'Ready',
      manualPaymentStatus: 'completed',
      isFirstPurchase: true,
      referralPointsAmount: 250,
      submittedDate: '2031-02-01T10:00:00.000Z',
      daysLeft: 30,
    });
    expect(data.purchases[1]?.notes.map((note) => note.content)).toEqual([
      'first note',
      'second note',
    ]);
    expect(data.purchases[0]?.notes).toEqual([]);
    expect(data.stats).toEqual(await orderStatsFromTable(ctx));
  });

  test('searches all orders by the customer name or the title, case-insensitively', async () => {
    const marker = uniqueMarker('srch');
    const byName = await createOrder(ctx, { contactFullName: `Hamish ${marker.toUpperCase()}` });
    const byTitle = await createOrder(ctx, { title: `Ardbeg ${marker} 1998` });
    await createOrder(ctx, { title: 'Unrelated cask' });
    const ids = (
      await api.data<OrderListResponse>('/api/purchases', { search: `  ${marker} ` })
    ).purchases.map((order) => order._id);
    expect(ids.sort()).toEqual([byName.id, byTitle.id].sort());
    // Pattern characters are matched literally.
    expect(
      (await api.data<OrderListResponse>('/api/purchases', { search: '%' })).pagination.total,
    ).toBe(0);
  });

  test('pages through the matches: page 2, a page past the end, the limit', async () => {
    const marker = uniqueMarker('page');
    for (let i = 0; i < 5; i++) {
      await createOrder(ctx, {
        title: `${marker} ${i}`,
        createdAt: new Date(Date.UTC(2032, 0, 1, 0, 0, i)),
      });
    }
    const second = await api.data<OrderListResponse>('/api/purchases', {
      search: marker,
      page: 2,
      limit: 2,
    });
    expect(second.pagination).toEqual({ current: 2, pages: 3, total: 5, limit: 2 });
    expect(second.purchases.map((order) => order.title)).toEqual([`${marker} 2`, `${marker} 1`]);
    const past = await api.data<OrderListResponse>('/api/purchases', {
      search: marker,
      page: 4,
      limit: 2,
    });
    expect(past.purchases).toEqual([]);
    expect(past.pagination.total).toBe(5);
  });

  test('filters by status, with and without a search; the totals are exact', async () => {
    const marker = uniqueMarker('stat');
    const pending = await createOrder(ctx, { title: `${marker} a`, status: 'Pending' });
    await createOrder(ctx, { title: `${marker} b`, status: 'Active' });
    const searched = await api.data<OrderListResponse>('/api/purchases', {
      search: marker,
      status: 'Pending',
    });
    expect(searched.purchases.map((order) => order._id)).toEqual([pending.id]);
    expect(searched.pagination.total).toBe(1);

    const all = await api.data<OrderListResponse>('/api/purchases', { status: 'Reject' });
    const table = await orderStatsFromTable(ctx);
    expect(all.pagination.total).toBe(table.byStatus.find((s) => s._id === 'Reject')?.count);
    expect(all.purchases.every((order) => order.status === 'Reject')).toBe(true);
    expect((await api.data<OrderListResponse>('/api/purchases')).pagination.total).toBe(
      table.overall.totalPurchases,
    );
  });

  test("a search's exact total follows new orders, status changes and deletions", async () => {
    const marker = uniqueMarker('cnt');
    const first = await createOrder(ctx, { title: `${marker} one`, status: 'Pending' });
    expect(
      (await api.data<OrderListResponse>('/api/purchases', { search: marker })).pagination.total,
    ).toBe(1);
    expect(
      (await api.data<OrderListResponse>('/api/purchases', { search: marker, status: 'Pending' }))
        .pagination.total,
    ).toBe(1);
    await createOrder(ctx, { title: `${marker} two` });
    expect(
      (await api.data<OrderListResponse>('/api/purchases', { search: marker })).pagination.total,
    ).toBe(2);
    await api.put(`/api/purchases/${first.id}/status`, { ...validEdit, status: 'Active' });
    expect(
      (await api.data<OrderListResponse>('/api/purchases', { search: marker, status: 'Pending' }))
        .pagination.total,
    ).toBe(1);
    await api.delete(`/api/purchases/${first.id}`);
    expect(
      (await api.data<OrderListResponse>('/api/purchases', { search: marker })).pagination.total,
    ).toBe(1);
  });

  test('each order has its reference and its date; two of one product are told apart, found by either (issue 41)', async () => {
    const marker = uniqueMarker('tour');
    const customer = await createCustomer(ctx, { fullName: `Heritage ${marker}` });
    const tour = (day: string, status: 'Pending' | 'Active') =>
      createOrder(ctx, {
        customerId: customer.id,
        contactFullName: customer.fullName,
        title: 'Campbeltown Heritage Tour',
        status,
        createdAt: new Date(`${day}T09:30:00.000Z`),
      });
    const older = await tour('2034-01-10', 'Pending');
    const newer = await tour('2034-02-10', 'Pending');
    await tour('2034-03-10', 'Active');
    // Numbered in order of creation, as 'ORD-' and five digits.
    expect(newer.orderNumber).toBe(older.orderNumber + 1);
    const ref = (n: number) => `ORD-${String(n).padStart(5, '0')}`;

    const listed = await api.data<OrderListResponse>('/api/purchases', {
      search: marker,
      status: 'Pending',
    });
    expect(listed.purchases.map((o) => [o.reference, o.createdAt])).toEqual([
      [ref(newer.orderNumber), '2034-02-10T09:30:00.000Z'],
      [ref(older.orderNumber), '2034-01-10T09:30:00.000Z'],
    ]);
    // The oldest pending one: the Ordered sort, oldest first.
    const oldest = await api.data<OrderListResponse>('/api/purchases', {
      search: marker,
      status: 'Pending',
      sort: 'createdAt',
      limit: 1,
    });
    expect(oldest.purchases[0]?.reference).toBe(ref(older.orderNumber));

    // The Ordered range: from its start, before its end.
    const inJanuary = await api.data<OrderListResponse>('/api/purchases', {
      search: marker,
      orderedFrom: '2034-01-10T09:30:00.000Z',
      orderedTo: '2034-02-10T09:30:00.000+00:00',
    });
    expect(inJanuary.purchases.map((o) => o._id)).toEqual([older.id]);
    expect(inJanuary.pagination.total).toBe(1);

    // A reference is found whole, in lower case, or by its number alone.
    for (const search of [
      ref(older.orderNumber),
      ref(older.orderNumber).toLowerCase(),
      String(older.orderNumber),
    ]) {
      const found = await api.data<OrderListResponse>('/api/purchases', { search });
      expect(
        found.purchases.map((o) => o._id),
        search,
      ).toContain(older.id);
    }
    expect(
      (await api.data<OrderListResponse>('/api/purchases', { search: ref(older.orderNumber) }))
        .pagination.total,
    ).toBe(1);

    // The single read and the list agree.
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchases/${older.id}`,
      headers: admin.headers,
    });
    expect(one.json().data.purchase).toMatchObject({
      reference: ref(older.orderNumber),
      createdAt: '2034-01-10T09:30:00.000Z',
    });
  });

  test('refuses bad queries with a field error', async () => {
    for (const query of [
      { status: 'Shipped' },
      { limit: 0 },
      { limit: 101 },
      { page: 0 },
      { search: 'x'.repeat(101) },
      { orderedFrom: '2026-03-01' },
      { orderedTo: 'yesterday' },
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/purchases',
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        headers: admin.headers,
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: [expect.any(Object)] });
    }
  });
});

describe('PUT /purchases/{id}/status', () => {
  test('saves status, progress and payment, appends the note, audits before and after', async () => {
    const order = await createOrder(ctx, {
      status: 'Pending',
      caskProgress: 'Ready',
      manualPaymentStatus: 'due',
      notes: ['called the customer'],
    });
    const res = await api.put(`/api/purchases/${order.id}/status`, {
      status: 'Delivered',
      caskProgress: 'Maturing',
      manualPaymentStatus: 'completed',
      notes: '  paid by wire  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<UpdateOrderResponse>();
    expect(body.message).toBe('Order updated successfully!');
    expect(body.data.purchase).toMatchObject({
      _id: order.id,
      status: 'Delivered',
      caskProgress: 'Maturing',
      manualPaymentStatus: 'completed',
    });
    expect(body.data.purchase.notes.map((note) => [note.content, note.admin])).toEqual([
      ['called the customer', null],
      ['paid by wire', { fullName: 'Ada Admin' }],
    ]);

    const audit = await auditEntriesOf(ctx, { entity: 'purchase', entityId: order.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order.updated',
      adminId: admin.id,
      before: {
        status: 'Pending',
        caskProgress: 'Ready',
        manualPaymentStatus: 'due',
        notes: 'called the customer',
      },
      after: {
        status: 'Delivered',
        caskProgress: 'Maturing',
        manualPaymentStatus: 'completed',
        notes: 'paid by wire',
      },
    });
  });

  test('two saves with notes keep both in the history; an unchanged note adds nothing', async () => {
    const order = await createOrder(ctx);
    expect(
      (await api.put(`/api/purchases/${order.id}/status`, { ...validEdit, notes: 'first' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await api.put(`/api/purchases/${order.id}/status`, { ...validEdit, notes: 'second' }))
        .statusCode,
    ).toBe(200);
    const same = await api.put(`/api/purchases/${order.id}/status`, {
      ...validEdit,
      status: 'Delivered',
      notes: 'second',
    });
    expect(same.statusCode).toBe(200);
    const notes = same.json<UpdateOrderResponse>().data.purchase.notes;
    expect(notes.map((note) => note.content)).toEqual(['first', 'second']);
    // The list shows the same history, the last entry last.
    const listed = (await api.data<OrderListResponse>('/api/purchases', { search: order.title }))
      .purchases[0];
    expect(listed?.notes.at(-1)?.content).toBe('second');
  });

  test('answers the saved order exactly as the list shows it', async () => {
    const customer = await createCustomer(ctx, { fullName: `Iona ${uniqueMarker('same')}` });
    const order = await createOrder(ctx, { customerId: customer.id, daysLeft: 9 });
    const saved = await api.put(`/api/purchases/${order.id}/status`, {
      ...validEdit,
      notes: 'Called, wire on Monday',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const alone = saved.json<UpdateOrderResponse>().data.purchase;
    const listed = (
      await api.data<OrderListResponse>('/api/purchases', { search: order.title })
    ).purchases.find((item) => item._id === order.id);
    expect(alone).toEqual(listed);
    expect(alone).toMatchObject({
      _id: order.id,
      user: { fullName: customer.fullName },
      status: 'Active',
      notes: [{ content: 'Called, wire on Monday', admin: { fullName: 'Ada Admin' } }],
    });
  });

  test('two admins saving the same order at once both keep their note', async () => {
    const order = await createOrder(ctx, { notes: ['before'] });
    const [first, second] = await Promise.all([
      api.put(`/api/purchases/${order.id}/status`, { ...validEdit, notes: 'from Ada' }),
      adminApi(ctx, other).put(`/api/purchases/${order.id}/status`, {
        ...validEdit,
        status: 'Delivered',
        notes: 'from Bob',
      }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const stored = await ctx.database.db
      .select({ content: orderNotes.content })
      .from(orderNotes)
      .where(eq(orderNotes.orderId, order.id));
    expect(stored.map((note) => note.content).sort()).toEqual(['before', 'from Ada', 'from Bob']);
    expect(await auditEntriesOf(ctx, { entity: 'purchase', entityId: order.id })).toHaveLength(2);
  });

  test('moves the status counters with the change', async () => {
    const order = await createOrder(ctx, { status: 'Pending' });
    await api.put(`/api/purchases/${order.id}/status`, { ...validEdit, status: 'Reject' });
    expect((await api.data<OrderListResponse>('/api/purchases')).stats).toEqual(
      await orderStatsFromTable(ctx),
    );
  });

  test('refuses bad bodies with a field error and changes nothing', async () => {
    const order = await createOrder(ctx, { status: 'Pending', notes: ['kept'] });
    const bodies: unknown[] = [
      {},
      { ...validEdit, status: 'Shipped' },
      { ...validEdit, status: 'active' },
      { ...validEdit, caskProgress: 'Done' },
      { ...validEdit, manualPaymentStatus: 'PAID' },
      { ...validEdit, notes: 42 },
      { ...validEdit, notes: ['a', 'b'] },
      { ...validEdit, notes: 'x'.repeat(2001) },
      { ...validEdit, notes: 'nul \u0000 here' },
      { status: 'Active' },
    ];
    for (const payload of bodies) {
      const res = await api.put(`/api/purchases/${order.id}/status`, payload as object);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json<{ success: boolean; errors: { field: string }[] }>();
      expect(body.success).toBe(false);
      expect(body.errors.length).toBeGreaterThan(0);
    }
    const stored = await storedRow(ctx, orders, order.id);
    expect(stored?.status).toBe('Pending');
    const notes = await ctx.database.db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, order.id));
    expect(notes.map((note) => note.content)).toEqual(['kept']);
    expect(await auditEntriesOf(ctx, { entity: 'purchase', entityId: order.id })).toHaveLength(0);
  });

  test('answers 404 for an unknown or deleted order and 400 for a bad id', async () => {
    const order = await createOrder(ctx);
    await api.delete(`/api/purchases/${order.id}`);
    for (const id of [order.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await api.put(`/api/purchases/${id}/status`, validEdit);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Order not found' });
    }
    expect((await api.put('/api/purchases/not-a-uuid/status', validEdit)).statusCode).toBe(400);
  });
});

describe('DELETE /purchases/{id}', () => {
  test('hides the order, keeps its row and notes, audits it, and the stats follow', async () => {
    const order = await createOrder(ctx, {
      status: 'Pending',
      title: `Delete ${uniqueMarker('del')}`,
      notes: ['history'],
    });
    const before = await api.data<OrderListResponse>('/api/purchases');
    const res = await api.delete(`/api/purchases/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DeleteOrderResponse>();
    expect(body).toEqual({
      success: true,
      message: 'Order deleted successfully!',
      data: { id: order.id },
    });

    const after = await api.data<OrderListResponse>('/api/purchases');
    expect(after.stats.overall.totalPurchases).toBe(before.stats.overall.totalPurchases - 1);
    expect(after.stats.byStatus.find((s) => s._id === 'Pending')?.count).toBe(
      (before.stats.byStatus.find((s) => s._id === 'Pending')?.count ?? 0) - 1,
    );
    expect(after.stats).toEqual(await orderStatsFromTable(ctx));
    expect(
      (await api.data<OrderListResponse>('/api/purchases', { search: order.title })).purchases,
    ).toEqual([]);

    // Hidden, not erased: the money history stays in the database.
    expect((await storedRow(ctx, orders, order.id))?.deletedAt).toBeInstanceOf(Date);
    const notes = await ctx.database.db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, order.id));
    expect(notes).toHaveLength(1);

    const audit = await auditEntriesOf(ctx, { entity: 'purchase', entityId: order.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order.deleted',
      adminId: admin.id,
      before: { title: order.title, status: 'Pending', investmentAmount: '5000.00' },
    });

    // Twice: like an unknown id, and nothing more is audited.
    expect((await api.delete(`/api/purchases/${order.id}`)).statusCode).toBe(404);
    expect(await auditEntriesOf(ctx, { entity: 'purchase', entityId: order.id })).toHaveLength(1);
  });

  test('a deleted order leaves the dashboard revenue and the reward list sums', async () => {
    const customer = await createCustomer(ctx, { fullName: `Rewardee ${uniqueMarker('rw')}` });
    const kept = await createOrder(ctx, {
      customerId: customer.id,
      investmentAmount: '1000.10',
      manualPaymentStatus: 'paid',
      status: 'Active',
    });
    const removed = await createOrder(ctx, {
      customerId: customer.id,
      investmentAmount: '2000.20',
      manualPaymentStatus: 'completed',
      status: 'Delivered',
    });
    const dashboard = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DashboardResponse>().data.payments;
    };
    const invested = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/referrals/admin/rewards',
        query: { search: customer.fullName },
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RewardListResponse>().data.rewards[0]?.totalInvestmentAmount;
    };
    const revenueBefore = (await dashboard()).totalRevenue;
    expect(await invested()).toBe(3000.3);

    expect((await api.delete(`/api/purchases/${removed.id}`)).statusCode).toBe(200);
    expect(await invested()).toBe(1000.1);
    const revenueAfter = (await dashboard()).totalRevenue;
    expect(Math.round((revenueBefore - revenueAfter) * 100)).toBe(200020);
    // The counters agree with a recount from the tables (refresh_counters skips hidden rows).
    const [recount] = await ctx.database.db
      .select({
        revenue: sql<string>`coalesce(sum(${orders.investmentAmount}) filter (where
          ${orders.manualPaymentStatus} in ('paid', 'completed')), 0)::text`,
      })
      .from(orders)
      .where(isNull(orders.deletedAt));
    await ctx.database.db.execute(sql`select refresh_counters()`);
    expect((await dashboard()).totalRevenue).toBe(revenueAfter);
    expect(Number(recount?.revenue)).toBeCloseTo(revenueAfter, 2);
    expect(kept.id).toBeTruthy();
  });
});
