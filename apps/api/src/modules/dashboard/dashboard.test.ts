import { eq, sql } from 'drizzle-orm';
import type { DashboardResponse } from '@cask/contracts/dashboard';
import { todayIso } from '@cask/contracts/cask-records';
import { beforeAll, expect, test, vi } from 'vitest';
import { casks } from '../../db/schema/casks.ts';
import { customers } from '../../db/schema/customers.ts';
import { offers } from '../../db/schema/offers.ts';
import { orders } from '../../db/schema/orders.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { adminApi } from '../../../test/support/api.ts';
import { statementsSent } from '../../../test/support/database.ts';
import {
  countersKeptAndRecounted,
  plainCaskAlertCounts,
  queryRows,
} from '../../../test/support/database.ts';
import { createDashboardService } from './dashboard.service.ts';
import {
  createCask,
  createCustomer,
  createCustomers,
  createOffer,
  createOrder,
  createReferral,
} from '../../../test/support/factories.ts';

const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

test('the dashboard needs a signed-in admin', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toContain('You are not authorized');
});

test('an empty club shows zeros on every card', async () => {
  // First test to add business rows: the database holds only the admin.
  expect(await api.data<DashboardResponse>('/api/admin/dashboard')).toEqual({
    users: { totalUsers: 0 },
    casks: { totalCasks: 0 },
    offers: { activeOffers: 0 },
    payments: { totalRevenue: 0 },
    caskAlerts: { regaugeDue: 0, abvNearForty: 0 },
    reconciliation: { missingAtWarehouses: 0 },
  });
});

test('the cask alert counts are the casks the Cask List filters show (issue 30)', async () => {
  const year = new Date().getUTCFullYear();
  const before = (await api.data<DashboardResponse>('/api/admin/dashboard')).caskAlerts;
  // Never regauged and 20 years old: due. Two years old: not due.
  await createCask(ctx, { year: year - 20 });
  await createCask(ctx, { year: year - 2 });
  const near = await createCask(ctx, { year: year - 30 });
  await ctx.database.db.execute(sql`
    insert into cask_regauges (cask_id, gauged_on, bulk_litres, abv) values
      (${near.id}, current_date - 730, 200, 42), (${near.id}, current_date - 30, 195, 41)`);
  await ctx.database.db.execute(sql`select cask_refresh_gauge_alerts(array[${near.id}]::uuid[])`);
  const after = (await api.data<DashboardResponse>('/api/admin/dashboard')).caskAlerts;
  expect(after).toEqual({
    regaugeDue: (before?.regaugeDue ?? 0) + 1,
    abvNearForty: (before?.abvNearForty ?? 0) + 1,
  });
  const listed = async (alert: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/casks?alert=${alert}`,
      headers: admin.headers,
    });
    return res.json<{ data: { pagination: { total: number } } }>().data.pagination.total;
  };
  expect(await listed('regauge-due')).toBe(after?.regaugeDue);
  expect(await listed('abv-near-40')).toBe(after?.abvNearForty);
});

test('the alert counts stay a plain count of the casks through every change (decision 386)', async () => {
  const today = todayIso();
  const year = new Date().getUTCFullYear();
  const agree = async () => {
    const shown = (await api.data<DashboardResponse>('/api/admin/dashboard')).caskAlerts!;
    expect(shown).toEqual(await plainCaskAlertCounts(ctx, today));
    return shown;
  };
  const send = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: admin.headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  const start = await agree();
  const owner = await createCustomer(ctx);
  // One bulk insert: 20 years old and never gauged (due), 2 years old (not yet), no year (never).
  const added = await ctx.database.db
    .insert(casks)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        name: `Alert cask ${i}`,
        ownerId: owner.id,
        year: i % 4 === 3 ? null : year - (i % 4 === 0 ? 2 : 20 + i),
      })),
    )
    .returning({ id: casks.id, year: casks.year });
  const due = added.filter((cask) => cask.year !== null && cask.year < year - 2);
  expect((await agree()).regaugeDue).toBe(start.regaugeDue + due.length);

  // A regauge today takes a cask out of 'due'; one below 40% puts it into 'near 40%'.
  await send('POST', `/api/casks/${due[0]!.id}/regauges`, {
    gaugedOn: today,
    bulkLitres: '190L',
    abv: '39.5%',
  });
  expect(await agree()).toEqual({
    regaugeDue: start.regaugeDue + due.length - 1,
    abvNearForty: start.abvNearForty + 1,
  });

  // A delete and its undo, one by one and in bulk.
  await send('DELETE', `/api/casks/${due[0]!.id}`);
  await send('DELETE', `/api/casks/${due[1]!.id}`);
  expect(await agree()).toEqual({
    regaugeDue: start.regaugeDue + due.length - 2,
    abvNearForty: start.abvNearForty,
  });
  await send('POST', '/api/casks/bulk/deleted', {
    changes: [
      { id: due[0]!.id, deleted: false },
      { id: due[1]!.id, deleted: false },
      { id: due[2]!.id, deleted: true },
    ],
  });
  expect(await agree()).toEqual({
    regaugeDue: start.regaugeDue + due.length - 2,
    abvNearForty: start.abvNearForty + 1,
  });

  // Bulk statements that move the days of many casks, and an erase.
  await ctx.database.db.execute(
    sql`update casks set year = year + 17 where name like 'Alert cask %' and year is not null`,
  );
  await agree();
  await ctx.database.db.execute(
    sql`update casks set year = ${year - 40} where name like 'Alert cask %'`,
  );
  await agree();
  await ctx.database.db.delete(casks).where(eq(casks.id, due[0]!.id));
  await ctx.database.db.execute(
    sql`update casks set deleted_at = now() where name in ('Alert cask 4', 'Alert cask 5')`,
  );
  // All 40 years old and never gauged now, but for the one erased and the two deleted.
  expect(await agree()).toEqual({
    regaugeDue: start.regaugeDue + added.length - 3,
    abvNearForty: start.abvNearForty,
  });

  // The days kept are the days a rebuild makes (refresh_counters rebuilds them).
  const { kept, recounted } = await countersKeptAndRecounted(ctx);
  expect(kept).toEqual(recounted);
  expect(Object.keys(kept).some((name) => name.startsWith('cask_alert_days.regauge_due.'))).toBe(
    true,
  );
  await agree();
});

test('a cask moves into the alert counts exactly when the date changes at midnight (UTC)', async () => {
  // The service reads today from the clock (todayIso); only Date is faked, so the database
  // driver's timers run. The service is called directly: a token would expire in 2031.
  const service = createDashboardService({ database: ctx.database });
  // Fill 2000, last gauged 2030-06-15: due a year later, on 2031-06-15 (older than 15 years).
  const cask = await createCask(ctx, { year: 2000 });
  await ctx.database.db.execute(sql`
    insert into cask_regauges (cask_id, gauged_on, bulk_litres, abv)
    values (${cask.id}, '2030-06-15', 180, 45)`);
  await ctx.database.db.execute(sql`select cask_refresh_gauge_alerts(array[${cask.id}]::uuid[])`);
  // And its ABV reaches 40% 3 years after (ABV_NEAR_YEARS): near from 2031-06-15 on.
  await ctx.database.db.execute(
    sql`update casks set abv_forty_on = '2034-06-15' where id = ${cask.id}`,
  );
  const [row] = await queryRows<{ due: string }>(
    ctx,
    sql`select regauge_due_on::text as due from casks where id = ${cask.id}`,
  );
  expect(row?.due).toBe('2031-06-15');

  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(new Date('2031-06-14T23:59:59.999Z'));
    const before = (await service.summary()).caskAlerts!;
    expect(before).toEqual(await plainCaskAlertCounts(ctx, '2031-06-14'));
    vi.setSystemTime(new Date('2031-06-15T00:00:00.000Z'));
    const after = (await service.summary()).caskAlerts!;
    expect(after).toEqual(await plainCaskAlertCounts(ctx, '2031-06-15'));
    expect(after).toEqual({
      regaugeDue: before.regaugeDue + 1,
      abvNearForty: before.abvNearForty + 1,
    });
  } finally {
    vi.useRealTimers();
  }
});

test('the alert counts are exact on the days around a month and a year boundary (decision 394)', async () => {
  // Read by past years, this year's months and this month's days: each boundary is a place where
  // a day could be counted twice or not at all.
  const service = createDashboardService({ database: ctx.database });
  const days = ['2031-11-30', '2031-12-01', '2031-12-31', '2032-01-01', '2032-01-31', '2032-02-01'];
  for (const day of days) {
    // Fill 2000, last gauged a year before `day`: due on `day` (older than 15 years).
    const cask = await createCask(ctx, { year: 2000 });
    const gauged = `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;
    await ctx.database.db.execute(sql`
      insert into cask_regauges (cask_id, gauged_on, bulk_litres, abv)
      values (${cask.id}, ${gauged}::date, 180, 45)`);
    await ctx.database.db.execute(sql`select cask_refresh_gauge_alerts(array[${cask.id}]::uuid[])`);
    // Its ABV reaches 40% three years on (ABV_NEAR_YEARS): near from `day` on too.
    const abvDay = `${Number(day.slice(0, 4)) + 3}${day.slice(4)}`;
    await ctx.database.db.execute(
      sql`update casks set abv_forty_on = ${abvDay}::date where id = ${cask.id}`,
    );
  }
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const seen: number[] = [];
    for (const day of ['2031-11-29', ...days, '2032-12-31', '2033-01-01']) {
      vi.setSystemTime(new Date(`${day}T12:00:00.000Z`));
      const counts = (await service.summary()).caskAlerts!;
      expect(counts, day).toEqual(await plainCaskAlertCounts(ctx, day));
      seen.push(counts.regaugeDue);
    }
    // Each of the six casks joins the regauge count on its own day, and none twice.
    expect(seen.at(-1)! - seen[0]!).toBe(6);
  } finally {
    vi.useRealTimers();
  }
});

test('the cards count customers not deleted, every cask and the active offers', async () => {
  const before = await api.data<DashboardResponse>('/api/admin/dashboard');
  const [kept, deleted] = await createCustomers(ctx, 2);
  await createCask(ctx, { ownerId: kept!.id });
  await createCask(ctx, { ownerId: deleted!.id });
  await createOffer(ctx, { isActive: true });
  const paused = await createOffer(ctx, { isActive: false });

  const res = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/users/${deleted!.id}`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);

  const after = await api.data<DashboardResponse>('/api/admin/dashboard');
  expect(after.users.totalUsers).toBe(before.users.totalUsers + 1);
  // A deleted customer's casks are kept, so they still count.
  expect(after.casks.totalCasks).toBe(before.casks.totalCasks + 2);
  expect(after.offers.activeOffers).toBe(before.offers.activeOffers + 1);

  await ctx.database.db.update(offers).set({ isActive: true }).where(eq(offers.id, paused.id));
  expect((await api.data<DashboardResponse>('/api/admin/dashboard')).offers.activeOffers).toBe(
    before.offers.activeOffers + 2,
  );
  await ctx.database.db.delete(offers).where(eq(offers.id, paused.id));
  expect((await api.data<DashboardResponse>('/api/admin/dashboard')).offers.activeOffers).toBe(
    before.offers.activeOffers + 1,
  );
});

test('total revenue is the exact sum of paid and completed orders, to the cent', async () => {
  const before = (await api.data<DashboardResponse>('/api/admin/dashboard')).payments.totalRevenue;
  const customer = await createCustomer(ctx);
  await createOrder(ctx, {
    customerId: customer.id,
    investmentAmount: '0.10',
    manualPaymentStatus: 'paid',
  });
  await createOrder(ctx, {
    customerId: customer.id,
    investmentAmount: '0.20',
    manualPaymentStatus: 'completed',
  });
  const due = await createOrder(ctx, {
    customerId: customer.id,
    investmentAmount: '1000000.05',
    manualPaymentStatus: 'due',
  });
  await createOrder(ctx, {
    customerId: customer.id,
    investmentAmount: '7.00',
    manualPaymentStatus: 'refunded',
  });

  // 0.1 + 0.2 in floating point would be 0.30000000000000004.
  expect((await api.data<DashboardResponse>('/api/admin/dashboard')).payments.totalRevenue).toBe(
    Number((before + 0.3).toFixed(2)),
  );

  await ctx.database.db
    .update(orders)
    .set({ manualPaymentStatus: 'paid' })
    .where(eq(orders.id, due.id));
  expect((await api.data<DashboardResponse>('/api/admin/dashboard')).payments.totalRevenue).toBe(
    Number((before + 1000000.35).toFixed(2)),
  );

  await ctx.database.db.delete(orders).where(eq(orders.id, due.id));
  expect((await api.data<DashboardResponse>('/api/admin/dashboard')).payments.totalRevenue).toBe(
    Number((before + 0.3).toFixed(2)),
  );
});

test('the maintained counters always equal a recount of the tables', async () => {
  const people = await createCustomers(ctx, 25);
  // Bulk statements, updates that move rows between counters, and deletes.
  await ctx.database.db.insert(casks).values(
    people.map((person, i) => ({
      name: `Bulk cask ${i}`,
      ownerId: person.id,
      status: i % 3 === 0 ? ('Ready' as const) : ('Maturing' as const),
      currentValue: `${1000 + i}.25`,
      purchasePrice: i % 4 === 0 ? null : `${900 + i}.10`,
    })),
  );
  await ctx.database.db
    .update(casks)
    .set({ status: 'Experience' })
    .where(eq(casks.name, 'Bulk cask 1'));
  await ctx.database.db.delete(casks).where(eq(casks.name, 'Bulk cask 2'));
  await ctx.database.db.insert(orders).values(
    people.slice(0, 10).map((person, i) => ({
      customerId: person.id,
      title: `Bulk order ${i}`,
      investmentAmount: `${i * 111}.11`,
      status: (['Active', 'Pending', 'Delivered', 'Reject'] as const)[i % 4],
      manualPaymentStatus: (['paid', 'refunded', 'Delivered', 'due', 'completed'] as const)[i % 5],
    })),
  );
  await ctx.database.db.update(orders).set({ status: 'Delivered' });
  for (let i = 0; i < 5; i++) {
    await createReferral(ctx, { referrerId: people[i]!.id, refereeId: people[i + 10]!.id });
  }
  await ctx.database.db.update(referrals).set({ status: 'completed', rewardAmount: '75.50' });
  await ctx.database.db
    .update(customers)
    .set({ deletedAt: new Date() })
    .where(eq(customers.id, people[24]!.id));

  const { kept, recounted } = await countersKeptAndRecounted(ctx);
  expect(kept).toEqual(recounted);
  expect(Number(kept['casks.status.Experience'])).toBeGreaterThanOrEqual(1);
});

// Last in this file on purpose: it empties every business table (a second database would cost
// another start-up and migration run on a machine the whole team shares).
test('emptying the tables resets the counters, and the dashboard shows zeros again', async () => {
  const owner = await createCustomer(ctx);
  await createCask(ctx, { ownerId: owner.id });
  await createOffer(ctx, { isActive: true });
  await createOrder(ctx, { customerId: owner.id, manualPaymentStatus: 'paid' });

  await ctx.database.db.execute(sql`truncate customers, offers cascade`);

  expect(await api.data<DashboardResponse>('/api/admin/dashboard')).toEqual({
    users: { totalUsers: 0 },
    casks: { totalCasks: 0 },
    offers: { activeOffers: 0 },
    payments: { totalRevenue: 0 },
    caskAlerts: { regaugeDue: 0, abvNearForty: 0 },
    reconciliation: { missingAtWarehouses: 0 },
  });
});

test("the cards are read in one statement, the admin's look-up aside (issue 46, decision 431)", async () => {
  let status = 0;
  const sent = await statementsSent(ctx, async () => {
    status = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.headers })
    ).statusCode;
  });
  expect(status).toBe(200);
  expect(sent).toHaveLength(1);
});
