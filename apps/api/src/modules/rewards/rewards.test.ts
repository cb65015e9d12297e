import { eq, sql } from 'drizzle-orm';
import type { RewardListResponse } from '@cask/contracts/rewards';
import { beforeAll, expect, test } from 'vitest';
import { pointTransactions } from '../../db/schema/point-transactions.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import {
  createCask,
  createCustomer,
  createCustomers,
  createPointTransaction,
  createOrder,
  createReferral,
  pointsBalanceOf,
  uniqueMarker,
  auditEntriesOf,
  pointTransactionsOf,
} from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';

const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

test('the reward calls need a signed-in admin', async () => {
  const customer = await createCustomer(ctx);
  const list = await ctx.app.inject({ method: 'GET', url: '/api/referrals/admin/rewards' });
  const post = await api.post(
    '/api/referrals/admin/manual-points',
    { userId: customer.id, points: 10 },
    { authorization: '' },
  );
  for (const res of [list, post]) {
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('You are not authorized');
  }
  expect(await pointTransactionsOf(ctx, { customerId: customer.id })).toHaveLength(0);
});

test('each reward row shows casks held, referrals made, money invested and the point balance', async () => {
  const marker = uniqueMarker();
  const [quiet, busy] = await createCustomers(ctx, 2, (i) => ({
    fullName: `${marker} Member ${i}`,
    createdAt: new Date(Date.UTC(2032, 0, 1 + i)),
  }));
  await createReferral(ctx, { referrerId: busy!.id });
  await createReferral(ctx, { referrerId: busy!.id });
  // Three casks, one of them deleted: the "Casks" column counts the customer's casks as User
  // Management does, not the referrals the spec maps to it (docs/decisions/315).
  await createCask(ctx, { ownerId: busy!.id });
  await createCask(ctx, { ownerId: busy!.id });
  await createCask(ctx, { ownerId: busy!.id });
  const deleted = await createCask(ctx, { ownerId: busy!.id });
  const del = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/casks/${deleted.id}`,
    headers: admin.headers,
  });
  expect(del.statusCode).toBe(200);
  await createOrder(ctx, {
    customerId: busy!.id,
    investmentAmount: '1500.10',
    status: 'Active',
  });
  await createOrder(ctx, { customerId: busy!.id, investmentAmount: '0.20', status: 'Pending' });
  // A rejected order was never an investment.
  await createOrder(ctx, { customerId: busy!.id, investmentAmount: '999.00', status: 'Reject' });
  await createPointTransaction(ctx, { customerId: busy!.id, points: 300 });
  await createPointTransaction(ctx, { customerId: busy!.id, points: -50, type: 'purchase' });

  const { rewards, pagination } = await api.data<RewardListResponse>(
    '/api/referrals/admin/rewards',
    { search: marker },
  );

  expect(pagination).toEqual({ current: 1, pages: 1, total: 2, limit: 10 });
  expect(rewards).toEqual([
    {
      id: busy!.id,
      fullName: busy!.fullName,
      email: busy!.email,
      totalReferrals: 2,
      casks: 3,
      totalInvestmentAmount: 1500.3,
      referralPoints: 250,
    },
    {
      id: quiet!.id,
      fullName: quiet!.fullName,
      email: quiet!.email,
      totalReferrals: 0,
      casks: 0,
      totalInvestmentAmount: 0,
      referralPoints: 0,
    },
  ]);
});

test('the reward list pages and searches like the users list and hides deleted customers', async () => {
  const marker = uniqueMarker();
  const people = await createCustomers(ctx, 7, (i) => ({
    email: `${marker}.${i}@club.example`,
    createdAt: new Date(Date.UTC(2033, 0, 1, 0, 0, i)),
  }));
  const page1 = await api.data<RewardListResponse>('/api/referrals/admin/rewards', {
    search: marker.toUpperCase(),
    limit: 3,
  });
  expect(page1.pagination).toEqual({ current: 1, pages: 3, total: 7, limit: 3 });
  expect(page1.rewards.map((r) => r.id)).toEqual([people[6]!.id, people[5]!.id, people[4]!.id]);
  const page3 = await api.data<RewardListResponse>('/api/referrals/admin/rewards', {
    search: marker,
    limit: 3,
    page: 3,
  });
  expect(page3.rewards.map((r) => r.id)).toEqual([people[0]!.id]);

  const del = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/users/${people[6]!.id}`,
    headers: admin.headers,
  });
  expect(del.statusCode).toBe(200);
  const afterDelete = await api.data<RewardListResponse>('/api/referrals/admin/rewards', {
    search: marker,
    limit: 3,
  });
  expect(afterDelete.pagination.total).toBe(6);
  expect(afterDelete.rewards.map((r) => r.id)).not.toContain(people[6]!.id);

  const bad = await ctx.app.inject({
    method: 'GET',
    url: '/api/referrals/admin/rewards?limit=500',
    headers: admin.headers,
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors[0].field).toBe('limit');
});

test('a manual adjustment appends a ledger entry, moves the balance and is audited', async () => {
  const customer = await createCustomer(ctx);

  const res = await api.post('/api/referrals/admin/manual-points', {
    userId: customer.id,
    points: 120,
    type: 'manual_adjustment',
    description: '  Welcome bonus  ',
    adminNotes: 'Approved by the board',
  });

  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({
    success: true,
    message: 'Points updated successfully',
    data: {
      referralPoints: 120,
      transaction: {
        userId: customer.id,
        points: 120,
        type: 'manual_adjustment',
        description: 'Welcome bonus',
        adminNotes: 'Approved by the board',
      },
    },
  });
  const ledger = await pointTransactionsOf(ctx, { customerId: customer.id });
  expect(ledger).toHaveLength(1);
  expect(ledger[0]).toMatchObject({
    id: body.data.transaction.id,
    points: 120,
    adminId: admin.id,
    type: 'manual_adjustment',
  });
  expect(await pointsBalanceOf(ctx, customer.id)).toBe(120);
  const audit = await auditEntriesOf(ctx, { action: 'points.adjusted', entityId: customer.id });
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({
    adminId: admin.id,
    entity: 'customer',
    before: { referralPoints: 0 },
    after: { referralPoints: 120, points: 120, pointTransactionId: body.data.transaction.id },
  });

  // The type may be left out (it is fixed), and empty texts are stored as nothing.
  const minus = await api.post('/api/referrals/admin/manual-points', {
    userId: customer.id,
    points: -20,
    description: '',
    adminNotes: '',
  });
  expect(minus.statusCode).toBe(200);
  expect(minus.json().data.referralPoints).toBe(100);
  expect(minus.json().data.transaction).toMatchObject({ description: null, adminNotes: null });
  expect(await pointsBalanceOf(ctx, customer.id)).toBe(100);
});

test('an adjustment that would take the balance below zero is refused and writes nothing', async () => {
  const customer = await createCustomer(ctx, { fullName: 'Fiona Grant' });
  await createPointTransaction(ctx, { customerId: customer.id, points: 100 });

  const res = await api.post('/api/referrals/admin/manual-points', {
    userId: customer.id,
    points: -101,
  });

  expect(res.statusCode).toBe(400);
  const message = 'Insufficient points: Fiona Grant has 100 points, so at most 100 can be removed';
  expect(res.json()).toEqual({ success: false, message, errors: [{ field: 'points', message }] });
  expect(await pointsBalanceOf(ctx, customer.id)).toBe(100);
  expect(await pointTransactionsOf(ctx, { customerId: customer.id })).toHaveLength(1);
  expect(
    await auditEntriesOf(ctx, { action: 'points.adjusted', entityId: customer.id }),
  ).toHaveLength(0);

  // Exactly down to zero is allowed.
  expect(
    (await api.post('/api/referrals/admin/manual-points', { userId: customer.id, points: -100 }))
      .statusCode,
  ).toBe(200);
  expect(await pointsBalanceOf(ctx, customer.id)).toBe(0);
});

test('two concurrent removals cannot overdraw: exactly one of them succeeds', async () => {
  const customer = await createCustomer(ctx);
  await createPointTransaction(ctx, { customerId: customer.id, points: 100 });

  const results = await Promise.all([
    api.post('/api/referrals/admin/manual-points', { userId: customer.id, points: -60 }),
    api.post('/api/referrals/admin/manual-points', { userId: customer.id, points: -60 }),
  ]);

  expect(results.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  expect(await pointsBalanceOf(ctx, customer.id)).toBe(40);
  const ledger = await pointTransactionsOf(ctx, { customerId: customer.id });
  expect(ledger.map((entry) => entry.points).sort()).toEqual([-60, 100]);
  expect(
    await auditEntriesOf(ctx, { action: 'points.adjusted', entityId: customer.id }),
  ).toHaveLength(1);
});

test('bad adjustment input is refused with field errors and writes nothing', async () => {
  const customer = await createCustomer(ctx);
  const cases: [Record<string, unknown>, string, string][] = [
    [{ points: 10 }, 'userId', 'userId must be a user id'],
    [{ userId: 'nope', points: 10 }, 'userId', 'userId must be a user id'],
    [{ userId: customer.id }, 'points', 'Points must be a number'],
    [{ userId: customer.id, points: '10' }, 'points', 'Points must be a number'],
    [{ userId: customer.id, points: 0 }, 'points', 'Points cannot be zero'],
    [{ userId: customer.id, points: 1.5 }, 'points', 'Points must be a whole number'],
    [{ userId: customer.id, points: 1_000_001 }, 'points', 'Points must be at most 1,000,000'],
    [{ userId: customer.id, points: -1_000_001 }, 'points', 'Points must be at least -1,000,000'],
    [{ userId: customer.id, points: 5, type: 'referral' }, 'type', ''],
    [{ userId: customer.id, points: 5, description: 'x'.repeat(501) }, 'description', ''],
    [{ userId: customer.id, points: 5, adminNotes: 'x'.repeat(1001) }, 'adminNotes', ''],
  ];
  for (const [payload, field, message] of cases) {
    const res = await api.post('/api/referrals/admin/manual-points', payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.errors[0].field, JSON.stringify(payload)).toBe(field);
    if (message) expect(body.errors[0].message).toBe(message);
  }
  expect(await pointTransactionsOf(ctx, { customerId: customer.id })).toHaveLength(0);
  expect(await pointsBalanceOf(ctx, customer.id)).toBe(0);
  expect(
    await auditEntriesOf(ctx, { action: 'points.adjusted', entityId: customer.id }),
  ).toHaveLength(0);
});

test('adjusting an unknown or deleted customer answers 404 and writes nothing', async () => {
  const unknown = await api.post('/api/referrals/admin/manual-points', {
    userId: '00000000-0000-4000-8000-000000000000',
    points: 5,
  });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toEqual({ success: false, message: 'User not found' });

  const gone = await createCustomer(ctx, { deletedAt: new Date() });
  const res = await api.post('/api/referrals/admin/manual-points', { userId: gone.id, points: 5 });
  expect(res.statusCode).toBe(404);
  expect(await pointTransactionsOf(ctx, { customerId: gone.id })).toHaveLength(0);
});

test('the ledger is append-only and the database itself refuses an overdraw', async () => {
  const customer = await createCustomer(ctx);
  const entry = await createPointTransaction(ctx, { customerId: customer.id, points: 10 });
  const db = ctx.database.db;

  await expect(
    db.update(pointTransactions).set({ points: 1000 }).where(eq(pointTransactions.id, entry.id)),
  ).rejects.toThrow();
  await expect(
    db.delete(pointTransactions).where(eq(pointTransactions.id, entry.id)),
  ).rejects.toThrow();
  await expect(
    createPointTransaction(ctx, { customerId: customer.id, points: -11 }),
  ).rejects.toThrow();
  await expect(
    db.execute(sql`update customers set points_balance = -1 where id = ${customer.id}`),
  ).rejects.toThrow();

  expect(await pointsBalanceOf(ctx, customer.id)).toBe(10);
  expect(await pointTransactionsOf(ctx, { customerId: customer.id })).toHaveLength(1);
});
