import { sql } from 'drizzle-orm';
import type { ReferralListResponse, UpdateReferralStatusResponse } from '@cask/contracts/referrals';
import { MAX_POINTS_BALANCE, type RewardListResponse } from '@cask/contracts/rewards';
import { DATE_OUT_OF_RANGE } from '@cask/contracts/common';
import { beforeAll, expect, test } from 'vitest';
import { referrals } from '../../db/schema/referrals.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import {
  createCustomer,
  createPointTransaction,
  createOrder,
  createReferral,
  pointsBalanceOf,
  uniqueMarker,
  auditEntriesOf,
  pointTransactionsOf,
  storedRow,
} from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';

const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

/** What the cards must say, counted the slow way over the whole table. */
async function countedStats() {
  const [row] = await ctx.database.db
    .select({
      totalReferrals: sql<number>`count(*)::int`,
      completedReferrals: sql<number>`(count(*) filter (where ${referrals.status} = 'completed'))::int`,
      pendingReferrals: sql<number>`(count(*) filter (where ${referrals.status} = 'pending'))::int`,
      totalRewards: sql<string>`coalesce(sum(${referrals.rewardAmount}) filter (where ${referrals.status} = 'completed'), 0)::text`,
    })
    .from(referrals);
  return { ...row!, totalRewards: Number(row!.totalRewards) };
}

test('the referral calls need a signed-in admin and change nothing without one', async () => {
  const referral = await createReferral(ctx, { pointsAwarded: 100 });
  const list = await ctx.app.inject({ method: 'GET', url: '/api/referrals' });
  const put = await api.put(
    `/api/referrals/${referral.id}/status`,
    { status: 'completed' },
    { authorization: '' },
  );
  for (const res of [list, put]) {
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('You are not authorized');
  }
  expect((await storedRow(ctx, referrals, referral.id))?.status).toBe('pending');
  expect(await pointTransactionsOf(ctx, { referralId: referral.id })).toHaveLength(0);
});

// The fields of docs/screens/referrals.md#api-calls.
test('a referral row carries every field, with both customers and the referee orders', async () => {
  const marker = uniqueMarker();
  const referrer = await createCustomer(ctx, {
    fullName: `Rhona ${marker}`,
    email: `rhona.${marker}@club.example`,
  });
  const referee = await createCustomer(ctx, {
    fullName: `Angus ${marker}`,
    email: `angus.${marker}@club.example`,
  });
  const referral = await createReferral(ctx, {
    referrerId: referrer.id,
    refereeId: referee.id,
    referralCode: `CODE${marker}`.toUpperCase(),
    rewardAmount: '125.50',
    pointsAwarded: 250,
    firstPurchaseAmount: '4000.10',
    firstPurchaseDate: new Date('2031-02-03T04:05:06.000Z'),
    adminNotes: 'Met at the Islay festival',
  });
  await createOrder(ctx, { customerId: referee.id, investmentAmount: '4000.10' });
  await createOrder(ctx, { customerId: referee.id, investmentAmount: '0.20', status: 'Active' });
  await createOrder(ctx, {
    customerId: referee.id,
    investmentAmount: '900.00',
    status: 'Reject',
  });
  // A deleted order is hidden (decision 151): it counts nowhere.
  await createOrder(ctx, {
    customerId: referee.id,
    investmentAmount: '700.00',
    status: 'Active',
    deletedAt: new Date(),
  });

  const { referrals: rows } = await api.data<ReferralListResponse>('/api/referrals', {
    search: marker,
  });

  expect(rows).toEqual([
    {
      id: referral.id,
      referrer: { id: referrer.id, fullName: referrer.fullName, email: referrer.email },
      referee: { id: referee.id, fullName: referee.fullName, email: referee.email },
      rewardAmount: 125.5,
      currency: 'USD',
      status: 'pending',
      completedDate: null,
      firstPurchaseAmount: 4000.1,
      firstPurchaseDate: '2031-02-03T04:05:06.000Z',
      referralCode: `CODE${marker}`.toUpperCase(),
      adminNotes: 'Met at the Islay festival',
      totalPurchases: 2,
      totalPurchaseAmount: 4000.3,
      pointsAwarded: 250,
      rewardPaid: false,
      createdAt: referral.createdAt.toISOString(),
      version: String(referral.updatedAt.getTime()),
    },
  ]);
});

test('the list pages newest first, filters by status and searches names, e-mails and the code', async () => {
  const marker = uniqueMarker();
  const referrer = await createCustomer(ctx, { fullName: `Morag ${marker}` });
  const made = [];
  for (let i = 0; i < 5; i++) {
    made.push(
      await createReferral(ctx, {
        referrerId: referrer.id,
        status: i % 2 === 0 ? 'completed' : 'pending',
        createdAt: new Date(Date.UTC(2034, 0, 1, 0, 0, i)),
      }),
    );
  }
  const newestFirst = [...made].reverse().map((r) => r.id);

  const page1 = await api.data<ReferralListResponse>('/api/referrals', {
    search: marker.toUpperCase(),
    limit: 2,
  });
  expect(page1.pagination).toEqual({ current: 1, pages: 3, total: 5, limit: 2 });
  expect(page1.referrals.map((r) => r.id)).toEqual(newestFirst.slice(0, 2));
  const page3 = await api.data<ReferralListResponse>('/api/referrals', {
    search: marker,
    limit: 2,
    page: 3,
  });
  expect(page3.referrals.map((r) => r.id)).toEqual(newestFirst.slice(4));
  const past = await api.data<ReferralListResponse>('/api/referrals', {
    search: marker,
    limit: 2,
    page: 9,
  });
  expect(past.referrals).toEqual([]);
  expect(past.pagination).toEqual({ current: 9, pages: 3, total: 5, limit: 2 });

  const completed = await api.data<ReferralListResponse>('/api/referrals', {
    search: marker,
    status: 'completed',
  });
  expect(completed.referrals.map((r) => r.id)).toEqual([made[4]!.id, made[2]!.id, made[0]!.id]);
  expect(completed.pagination.total).toBe(3);
  const pending = await api.data<ReferralListResponse>('/api/referrals', {
    search: marker,
    status: 'pending',
  });
  expect(pending.referrals.map((r) => r.id)).toEqual([made[3]!.id, made[1]!.id]);

  // The referee's e-mail and the code find their one referral; the pattern characters are literal.
  const referee = await createCustomer(ctx, { email: `only.${marker}@referee.example` });
  const byReferee = await createReferral(ctx, { refereeId: referee.id });
  expect(
    (
      await api.data<ReferralListResponse>('/api/referrals', { search: `only.${marker}` })
    ).referrals.map((r) => r.id),
  ).toEqual([byReferee.id]);
  const byCode = await createReferral(ctx, { referralCode: `Z${marker}Z`.toUpperCase() });
  const found = await api.data<ReferralListResponse>('/api/referrals', { search: `z${marker}z` });
  expect(found.referrals.map((r) => r.id)).toEqual([byCode.id]);
  expect(
    (await api.data<ReferralListResponse>('/api/referrals', { search: `${marker}%` })).pagination
      .total,
  ).toBe(0);

  // Without a search the filter's total is the exact count of that status.
  const stats = await countedStats();
  expect(
    (await api.data<ReferralListResponse>('/api/referrals', { status: 'pending' })).pagination
      .total,
  ).toBe(stats.pendingReferrals);
  expect((await api.data<ReferralListResponse>('/api/referrals')).pagination.total).toBe(
    stats.totalReferrals,
  );
});

test('the cards count every referral exactly, whatever the filter or search', async () => {
  await createReferral(ctx, { status: 'completed', rewardAmount: '0.10' });
  await createReferral(ctx, { status: 'completed', rewardAmount: '0.20' });
  await createReferral(ctx, { status: 'pending', rewardAmount: '1000.00' });

  const expected = await countedStats();
  expect((await api.data<ReferralListResponse>('/api/referrals')).stats.overall).toEqual(expected);
  expect(
    (
      await api.data<ReferralListResponse>('/api/referrals', {
        status: 'pending',
        search: 'nobody',
      })
    ).stats.overall,
  ).toEqual(expected);
  // 0.1 + 0.2 in SQL numeric, not in floating point.
  expect(String(expected.totalRewards)).not.toContain('000000');
});

test('completing credits the referrer once, a repeat changes nothing, pending takes it back', async () => {
  const marker = uniqueMarker();
  const referrer = await createCustomer(ctx, { fullName: `Isla ${marker}` });
  await createPointTransaction(ctx, { customerId: referrer.id, points: 40 });
  const referral = await createReferral(ctx, {
    referrerId: referrer.id,
    pointsAwarded: 250,
    rewardAmount: '75.25',
  });
  const before = await countedStats();

  const done = await api.put(`/api/referrals/${referral.id}/status`, { status: 'completed' });
  expect(done.statusCode, done.body).toBe(200);
  const body = done.json<UpdateReferralStatusResponse>();
  expect(body.message).toBe('Referral status updated');
  expect(body.data.referrerPoints).toBe(290);
  expect(body.data.referral).toMatchObject({ id: referral.id, status: 'completed' });
  expect(body.data.referral.completedDate).not.toBeNull();
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(290);
  expect(
    (
      await api.data<RewardListResponse>('/api/referrals/admin/rewards', {
        search: referrer.fullName,
      })
    ).rewards.find((row) => row.fullName === referrer.fullName)?.referralPoints,
  ).toBe(290);
  const ledger = await pointTransactionsOf(ctx, { referralId: referral.id });
  expect(ledger).toMatchObject([
    { customerId: referrer.id, points: 250, type: 'referral', adminId: admin.id },
  ]);
  const audits = await auditEntriesOf(ctx, {
    action: 'referral.status_changed',
    entityId: referral.id,
  });
  expect(audits).toHaveLength(1);
  expect(audits[0]).toMatchObject({
    adminId: admin.id,
    entity: 'referral',
    before: { status: 'pending', completedDate: null, referrerPoints: 40 },
    after: {
      status: 'completed',
      referrerPoints: 290,
      points: 250,
      pointTransactionId: ledger[0]!.id,
    },
  });
  expect((await api.data<ReferralListResponse>('/api/referrals')).stats.overall).toEqual({
    ...before,
    completedReferrals: before.completedReferrals + 1,
    pendingReferrals: before.pendingReferrals - 1,
    totalRewards: Number((before.totalRewards + 75.25).toFixed(2)),
  });

  const again = await api.put(`/api/referrals/${referral.id}/status`, { status: 'completed' });
  expect(again.statusCode).toBe(200);
  expect(again.json<UpdateReferralStatusResponse>().data.referral.completedDate).toBe(
    body.data.referral.completedDate,
  );
  expect(await pointTransactionsOf(ctx, { referralId: referral.id })).toHaveLength(1);
  expect(
    await auditEntriesOf(ctx, { action: 'referral.status_changed', entityId: referral.id }),
  ).toHaveLength(1);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(290);

  const back = await api.put(`/api/referrals/${referral.id}/status`, { status: 'pending' });
  expect(back.statusCode, back.body).toBe(200);
  expect(back.json<UpdateReferralStatusResponse>().data).toMatchObject({
    referrerPoints: 40,
    referral: { status: 'pending', completedDate: null },
  });
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(40);
  expect(
    (
      await api.data<RewardListResponse>('/api/referrals/admin/rewards', {
        search: referrer.fullName,
      })
    ).rewards.find((row) => row.fullName === referrer.fullName)?.referralPoints,
  ).toBe(40);
  expect(
    (await pointTransactionsOf(ctx, { referralId: referral.id })).map((e) => e.points).sort(),
  ).toEqual([-250, 250]);
  const reversal = await auditEntriesOf(ctx, {
    action: 'referral.status_changed',
    entityId: referral.id,
  });
  expect(reversal).toHaveLength(2);
  expect(reversal.map((a) => a.after)).toContainEqual(
    expect.objectContaining({ status: 'pending', points: -250, referrerPoints: 40 }),
  );
  expect((await api.data<ReferralListResponse>('/api/referrals')).stats.overall).toEqual(before);

  // A second round credits again, once.
  expect(
    (await api.put(`/api/referrals/${referral.id}/status`, { status: 'completed' })).statusCode,
  ).toBe(200);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(290);
  expect(await pointTransactionsOf(ctx, { referralId: referral.id })).toHaveLength(3);
});

test('two admins completing one referral at the same moment credit it once', async () => {
  const other = await createAdmin(ctx);
  const referrer = await createCustomer(ctx);
  const referral = await createReferral(ctx, { referrerId: referrer.id, pointsAwarded: 100 });

  const results = await Promise.all([
    api.put(`/api/referrals/${referral.id}/status`, { status: 'completed' }),
    api.put(`/api/referrals/${referral.id}/status`, { status: 'completed' }, other.headers),
    api.put(`/api/referrals/${referral.id}/status`, { status: 'completed' }),
  ]);

  expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200]);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(100);
  expect(await pointTransactionsOf(ctx, { referralId: referral.id })).toHaveLength(1);
  expect(
    await auditEntriesOf(ctx, { action: 'referral.status_changed', entityId: referral.id }),
  ).toHaveLength(1);

  // And going back concurrently takes it back once.
  await Promise.all([
    api.put(`/api/referrals/${referral.id}/status`, { status: 'pending' }),
    api.put(`/api/referrals/${referral.id}/status`, { status: 'pending' }, other.headers),
  ]);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(0);
  expect(
    (await pointTransactionsOf(ctx, { referralId: referral.id })).map((e) => e.points).sort(),
  ).toEqual([-100, 100]);
});

test('a referral worth no points completes without a ledger entry', async () => {
  const referrer = await createCustomer(ctx);
  const referral = await createReferral(ctx, { referrerId: referrer.id, pointsAwarded: 0 });

  expect(
    (await api.put(`/api/referrals/${referral.id}/status`, { status: 'completed' })).statusCode,
  ).toBe(200);
  expect((await storedRow(ctx, referrals, referral.id))?.status).toBe('completed');
  expect(await pointTransactionsOf(ctx, { referralId: referral.id })).toHaveLength(0);
  expect(
    await auditEntriesOf(ctx, { action: 'referral.status_changed', entityId: referral.id }),
  ).toHaveLength(1);
  expect(
    (await api.put(`/api/referrals/${referral.id}/status`, { status: 'pending' })).statusCode,
  ).toBe(200);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(0);
});

test('going back to pending is refused when the referrer has spent the reward', async () => {
  const referrer = await createCustomer(ctx, { fullName: 'Catriona Bell' });
  const referral = await createReferral(ctx, { referrerId: referrer.id, pointsAwarded: 200 });
  expect(
    (await api.put(`/api/referrals/${referral.id}/status`, { status: 'completed' })).statusCode,
  ).toBe(200);
  await createPointTransaction(ctx, {
    customerId: referrer.id,
    points: -150,
    type: 'manual_adjustment',
  });

  const res = await api.put(`/api/referrals/${referral.id}/status`, { status: 'pending' });

  expect(res.statusCode).toBe(409);
  const message =
    'Catriona Bell has 50 points left, fewer than the 200 this referral credited, so it cannot go back to pending';
  expect(res.json()).toEqual({ success: false, message, errors: [{ field: 'status', message }] });
  expect((await storedRow(ctx, referrals, referral.id))?.status).toBe('completed');
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(50);
  expect(await pointTransactionsOf(ctx, { referralId: referral.id })).toHaveLength(1);
  expect(
    await auditEntriesOf(ctx, { action: 'referral.status_changed', entityId: referral.id }),
  ).toHaveLength(1);
});

test('completing is refused when the credit would take the referrer past the balance cap', async () => {
  const referrer = await createCustomer(ctx, { fullName: 'Ewan Munro' });
  await createPointTransaction(ctx, {
    customerId: referrer.id,
    points: MAX_POINTS_BALANCE - 50,
    type: 'manual_adjustment',
  });
  const referral = await createReferral(ctx, { referrerId: referrer.id, pointsAwarded: 200 });

  const res = await api.put(`/api/referrals/${referral.id}/status`, { status: 'completed' });

  expect(res.statusCode, res.body).toBe(409);
  const message = `Ewan Munro has ${MAX_POINTS_BALANCE - 50} points: the 200 of this referral would take the balance past ${MAX_POINTS_BALANCE}, so it cannot be completed`;
  expect(res.json()).toEqual({ success: false, message, errors: [{ field: 'status', message }] });
  expect((await storedRow(ctx, referrals, referral.id))?.status).toBe('pending');
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(MAX_POINTS_BALANCE - 50);
  expect(await pointTransactionsOf(ctx, { referralId: referral.id })).toHaveLength(0);
  expect(
    await auditEntriesOf(ctx, { action: 'referral.status_changed', entityId: referral.id }),
  ).toHaveLength(0);
});

test('bad input is refused with a clear error and changes nothing', async () => {
  const referral = await createReferral(ctx, { pointsAwarded: 100 });
  const bodies: [unknown, string][] = [
    [{}, 'status'],
    [{ status: 'Completed' }, 'status'],
    [{ status: 'rejected' }, 'status'],
    [{ status: 1 }, 'status'],
    [{ status: null }, 'status'],
  ];
  for (const [payload, field] of bodies) {
    const res = await api.put(`/api/referrals/${referral.id}/status`, payload as object);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.json().errors[0]).toEqual({
      field,
      message: 'Status must be pending or completed',
    });
  }
  const badId = await api.put(`/api/referrals/not-a-uuid/status`, { status: 'completed' });
  expect(badId.statusCode).toBe(400);
  const unknown = await api.put(`/api/referrals/6f1c9a52-1b7e-4b8f-9d3a-2f4c8e0b7a99/status`, {
    status: 'completed',
  });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toEqual({ success: false, message: 'Referral not found' });

  for (const query of ['status=done', 'limit=101', 'page=0', `search=${'x'.repeat(101)}`]) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/referrals?${query}`,
      headers: admin.headers,
    });
    expect(res.statusCode, query).toBe(400);
    expect(res.json().errors[0].field).toBe(query.split('=')[0]);
  }
  expect(
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/referrals?status=done',
        headers: admin.headers,
      })
    ).json().errors[0].message,
  ).toBe('Status must be pending or completed');

  expect((await storedRow(ctx, referrals, referral.id))?.status).toBe('pending');
  expect(await pointTransactionsOf(ctx, { referralId: referral.id })).toHaveLength(0);
  expect(
    await auditEntriesOf(ctx, { action: 'referral.status_changed', entityId: referral.id }),
  ).toHaveLength(0);
});

test("a bulk status's completedDate PostgreSQL cannot store is refused with a 400 (issue 40)", async () => {
  const referral = await createReferral(ctx, { pointsAwarded: 10 });
  for (const completedDate of ['0000-01-01T00:00:00Z', '9999-12-31T23:00:00-05:00']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/referrals/bulk/status',
      headers: admin.headers,
      payload: { changes: [{ id: referral.id, status: 'completed', completedDate }] },
    });
    expect(res.statusCode, `${completedDate}: ${res.body}`).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: DATE_OUT_OF_RANGE });
  }
  expect((await storedRow(ctx, referrals, referral.id))?.status).toBe('pending');
  expect(await pointTransactionsOf(ctx, { referralId: referral.id })).toHaveLength(0);
});
