import { sql } from 'drizzle-orm';
import type {
  CustomerCasksResponse,
  CustomerNotificationsResponse,
  CustomerOrdersResponse,
  CustomerPastCasksResponse,
  CustomerPointsResponse,
  CustomerRecordResponse,
  CustomerReferralsResponse,
} from '@cask/contracts/customer-records';
import type { OrderListResponse } from '@cask/contracts/orders';
import { beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { rowsOf } from '../../db/client.ts';
import { adminApi } from '../../../test/support/api.ts';
import { scalar } from '../../../test/support/database.ts';
import {
  createCask,
  createCustomer,
  createNotification,
  createPointTransaction,
  createOrder,
  createReferral,
} from '../../../test/support/factories.ts';

const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

describe('the customer page', () => {
  test('the cards and every section count what the tables hold for this customer only', async () => {
    const customer = await createCustomer(ctx, { phone: '+44 7700 900123' });
    const other = await createCustomer(ctx);
    await createCask(ctx, { ownerId: customer.id, currentValue: '1000.50', purchasePrice: '800' });
    await createCask(ctx, { ownerId: customer.id, currentValue: '2000', purchasePrice: '2500' });
    await createCask(ctx, { ownerId: other.id, currentValue: '99999' });
    for (let i = 0; i < 7; i++)
      await createOrder(ctx, { customerId: customer.id, investmentAmount: '100.25' });
    await createOrder(ctx, {
      customerId: customer.id,
      investmentAmount: '5000',
      status: 'Reject',
    });
    await createOrder(ctx, { customerId: other.id });
    await createReferral(ctx, { referrerId: customer.id, refereeId: other.id });
    const referrer = await createCustomer(ctx);
    await createReferral(ctx, { referrerId: referrer.id, refereeId: customer.id });
    await createPointTransaction(ctx, { customerId: customer.id, points: 100 });
    await createPointTransaction(ctx, {
      customerId: customer.id,
      points: -30,
      type: 'manual_adjustment',
    });
    await createPointTransaction(ctx, { customerId: customer.id, points: 55 });
    await createNotification(ctx, { isGlobal: false, recipientId: customer.id });
    await createNotification(ctx, { isGlobal: false, recipientId: other.id });

    const record = await api.data<CustomerRecordResponse>(`/api/users/${customer.id}/record`);
    expect(record.customer).toMatchObject({
      id: customer.id,
      fullName: customer.fullName,
      email: customer.email,
      phone: '+44 7700 900123',
      isActive: true,
    });
    expect(record.cards).toEqual({
      casksHeld: 2,
      portfolioValue: 3000.5,
      totalInvested: 701.75,
      pointsBalance: 125,
    });

    const casks = await api.data<CustomerCasksResponse>(`/api/users/${customer.id}/casks`);
    expect(casks.pagination.total).toBe(2);
    expect(casks.items.map((c) => c.gain).sort()).toEqual([-500, 200.5]);

    const orders = await api.data<CustomerOrdersResponse>(`/api/users/${customer.id}/orders`, {
      limit: 5,
    });
    expect(orders.pagination).toEqual({ current: 1, pages: 2, total: 8, limit: 5 });
    const second = await api.data<CustomerOrdersResponse>(`/api/users/${customer.id}/orders`, {
      limit: 5,
      page: 2,
    });
    const ids = [...orders.items, ...second.items].map((o) => o.id);
    expect(new Set(ids).size).toBe(8);
    // Each with the reference the Order List shows for it.
    const [newest] = orders.items;
    const listed = await api.data<OrderListResponse>('/api/purchases', {
      search: newest!.reference,
    });
    expect(newest!.reference).toMatch(/^ORD-\d{5,}$/);
    expect(listed.purchases.map((order) => [order._id, order.reference])).toEqual([
      [newest!.id, newest!.reference],
    ]);

    const referrals = await api.data<CustomerReferralsResponse>(
      `/api/users/${customer.id}/referrals`,
    );
    expect(referrals.pagination.total).toBe(2);
    expect(referrals.items.map((r) => [r.direction, r.other.id]).sort()).toEqual(
      [
        ['made', other.id],
        ['received', referrer.id],
      ].sort(),
    );

    const points = await api.data<CustomerPointsResponse>(`/api/users/${customer.id}/points`);
    expect(points.pagination.total).toBe(3);
    // Newest first, each with the balance after it.
    expect(points.items.map((p) => [p.points, p.balance])).toEqual([
      [55, 125],
      [-30, 70],
      [100, 100],
    ]);

    const globals = await scalar(
      ctx,
      sql`select count(*)::int as n from notifications where is_global`,
    );
    const notifications = await api.data<CustomerNotificationsResponse>(
      `/api/users/${customer.id}/notifications`,
    );
    expect(notifications.pagination.total).toBe(globals + 1);
  });

  test("'Notifications' pages through theirs and the global ones in order, from either end", async () => {
    const customer = await createCustomer(ctx);
    const other = await createCustomer(ctx);
    const tie = new Date('2024-05-01T10:00:00Z');
    for (let i = 0; i < 3; i++) {
      await createNotification(ctx, { isGlobal: false, recipientId: customer.id, createdAt: tie });
      await createNotification(ctx, { isGlobal: true, createdAt: tie });
      await createNotification(ctx, { isGlobal: false, recipientId: other.id, createdAt: tie });
    }
    await createNotification(ctx, { isGlobal: false, recipientId: customer.id });
    await createNotification(ctx, { isGlobal: true, createdAt: new Date('2020-01-01T00:00:00Z') });
    const expected = rowsOf<{ id: string }>(
      await ctx.database.db.execute(
        sql`select id from notifications where recipient_id = ${customer.id} or is_global
          order by created_at desc, id desc`,
      ),
    ).map((row) => row.id);
    const limit = 2;
    const pages = Math.ceil(expected.length / limit);
    const read: string[] = [];
    // Every page, the last ones read from the oldest end (lib/page-plan.ts).
    for (let page = 1; page <= pages; page++) {
      const answer = await api.data<CustomerNotificationsResponse>(
        `/api/users/${customer.id}/notifications`,
        { page, limit },
      );
      expect(answer.pagination).toEqual({ current: page, pages, total: expected.length, limit });
      read.push(...answer.items.map((n) => n.id));
    }
    expect(read).toEqual(expected);
  });

  test('a count follows a change at once: a transfer moves the cask between the two pages', async () => {
    const from = await createCustomer(ctx);
    const to = await createCustomer(ctx);
    const cask = await createCask(ctx, { ownerId: from.id });
    const count = async (id: string) =>
      (await api.data<CustomerCasksResponse>(`/api/users/${id}/casks`)).items.map((c) => c.id);
    expect(await count(from.id)).toEqual([cask.id]);
    expect(await count(to.id)).toEqual([]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/casks/${cask.id}/transfers`,
      headers: admin.headers,
      payload: { toCustomerId: to.id, transferredOn: new Date().toISOString().slice(0, 10) },
    });
    expect(response.statusCode).toBe(201);
    expect(await count(from.id)).toEqual([]);
    expect(await count(to.id)).toEqual([cask.id]);
    expect(
      (await api.data<CustomerRecordResponse>(`/api/users/${to.id}/record`)).cards.casksHeld,
    ).toBe(1);
  });

  test("'Past casks' lists the casks transferred away, with the day and the new owner", async () => {
    const from = await createCustomer(ctx);
    const to = await createCustomer(ctx);
    const cask = await createCask(ctx, { ownerId: from.id });
    const kept = await createCask(ctx, { ownerId: from.id });
    const past = () => api.data<CustomerPastCasksResponse>(`/api/users/${from.id}/past-casks`);
    expect((await past()).items).toEqual([]);
    const day = new Date().toISOString().slice(0, 10);
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/api/casks/${cask.id}/transfers`,
      headers: admin.headers,
      payload: { toCustomerId: to.id, transferredOn: day, price: '15000' },
    });
    expect(moved.statusCode).toBe(201);
    const answer = await past();
    expect(answer.items).toEqual([
      {
        id: expect.any(String),
        cask: { id: cask.id, name: cask.name },
        transferredOn: day,
        to: { id: to.id, fullName: to.fullName },
        price: 15000,
      },
    ]);
    expect(answer.pagination.total).toBe(1);
    expect((await api.data<CustomerCasksResponse>(`/api/users/${from.id}/casks`)).items).toEqual([
      expect.objectContaining({ id: kept.id }),
    ]);
    expect(
      (await api.data<CustomerPastCasksResponse>(`/api/users/${to.id}/past-casks`)).items,
    ).toEqual([]);
  });

  test('an unknown or deleted customer is 404; a bad page is 400; every call needs a sign-in', async () => {
    const gone = await createCustomer(ctx, { deletedAt: new Date() });
    for (const path of [
      'record',
      'casks',
      'past-casks',
      'orders',
      'referrals',
      'points',
      'notifications',
    ]) {
      const missing = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${gone.id}/${path}`,
        headers: admin.headers,
      });
      expect(missing.statusCode, path).toBe(404);
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${gone.id}/${path}`,
      });
      expect(anonymous.statusCode, path).toBe(401);
    }
    const customer = await createCustomer(ctx);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${customer.id}/orders?page=0`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
