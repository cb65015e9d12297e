import { eq, sql } from 'drizzle-orm';
import { trendMonths, type DashboardTrendsResponse } from '@cask/contracts/dashboard';
import { todayIso } from '@cask/contracts/cask-records';
import { beforeAll, expect, test } from 'vitest';
import { casks } from '../../db/schema/casks.ts';
import { orders } from '../../db/schema/orders.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { queryRows } from '../../../test/support/database.ts';
import { adminApi } from '../../../test/support/api.ts';
import {
  casksByStatusFromCasks,
  portfolioValueNow,
  revenueByMonthFromOrders,
} from '../../../test/support/dashboard.ts';
import { monthsAgo } from '../../../test/support/days.ts';
import { createCask, createCustomer, createOrder } from '../../../test/support/factories.ts';

// Issue 30's dashboard trends (decision 233): each one compared with a direct query of the
// tables after inserts, updates and deletes, so an aggregate the triggers keep is exact.
const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
const TRENDS = '/api/admin/dashboard/trends';
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

test('the trends need a signed-in admin', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard/trends' });
  expect(res.statusCode).toBe(401);
});

test('an empty club has twelve months of zeros, oldest first, up to this one', async () => {
  const answer = await api.data<DashboardTrendsResponse>(TRENDS);
  expect(answer.revenueByMonth.map((point) => point.month)).toEqual(trendMonths(todayIso()));
  expect(answer.revenueByMonth.at(-1)?.month).toBe(todayIso().slice(0, 7));
  expect(answer.revenueByMonth.every((point) => point.revenue === 0)).toBe(true);
  expect(answer.casksByStatus).toEqual([
    { status: 'Ready', count: 0 },
    { status: 'Maturing', count: 0 },
    { status: 'Experience', count: 0 },
  ]);
  expect(answer.portfolioValue).toEqual(
    trendMonths(todayIso()).map((month) => ({ month, value: 0 })),
  );
});

test('revenue by month stays the orders query through inserts, updates and deletes', async () => {
  const customer = await createCustomer(ctx);
  const order = (back: number, amount: string, payment: 'paid' | 'completed' | 'due') =>
    createOrder(ctx, {
      customerId: customer.id,
      submittedDate: monthsAgo(back),
      investmentAmount: amount,
      manualPaymentStatus: payment,
    });
  const paidNow = await order(0, '1000.10', 'paid');
  await order(0, '250.00', 'completed');
  const dueNow = await order(0, '999.99', 'due');
  const paidEarlier = await order(3, '4000.00', 'paid');
  await order(11, '75.25', 'completed');
  // Older than the twelve months: counted, but not shown.
  await order(14, '5000.00', 'paid');
  expect((await api.data<DashboardTrendsResponse>(TRENDS)).revenueByMonth).toEqual(
    await revenueByMonthFromOrders(ctx),
  );
  expect((await api.data<DashboardTrendsResponse>(TRENDS)).revenueByMonth.at(-1)?.revenue).toBe(
    1250.1,
  );

  // A payment received, an amount changed, an order moved to another month.
  await ctx.database.db
    .update(orders)
    .set({ manualPaymentStatus: 'paid' })
    .where(eq(orders.id, dueNow.id));
  await ctx.database.db
    .update(orders)
    .set({ investmentAmount: '4100.50' })
    .where(eq(orders.id, paidEarlier.id));
  await ctx.database.db
    .update(orders)
    .set({ submittedDate: monthsAgo(5) })
    .where(eq(orders.id, paidNow.id));
  expect((await api.data<DashboardTrendsResponse>(TRENDS)).revenueByMonth).toEqual(
    await revenueByMonthFromOrders(ctx),
  );

  // Hidden through the API (the Orders screen's delete), then a row erased outright.
  const hidden = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/purchases/${paidEarlier.id}`,
    headers: admin.headers,
  });
  expect(hidden.statusCode, hidden.body).toBe(200);
  await ctx.database.db.delete(orders).where(eq(orders.id, dueNow.id));
  const answer = await api.data<DashboardTrendsResponse>(TRENDS);
  expect(answer.revenueByMonth).toEqual(await revenueByMonthFromOrders(ctx));
  expect(
    answer.revenueByMonth.find((point) => point.month === trendMonths(todayIso())[8])?.revenue,
  ).toBe(0);
});

test('casks by status and the portfolio stay the casks query through inserts, updates and deletes', async () => {
  const ready = await createCask(ctx, { status: 'Ready', currentValue: '10000.00' });
  const maturing = await createCask(ctx, { status: 'Maturing', currentValue: '2500.50' });
  await createCask(ctx, { status: 'Experience', currentValue: null });
  let answer = await api.data<DashboardTrendsResponse>(TRENDS);
  expect(answer.casksByStatus).toEqual(await casksByStatusFromCasks(ctx));
  expect(answer.portfolioValue.at(-1)?.value).toBe(await portfolioValueNow(ctx));

  await ctx.database.db
    .update(casks)
    .set({ status: 'Maturing', currentValue: '12000.00' })
    .where(eq(casks.id, ready.id));
  await ctx.database.db.update(casks).set({ currentValue: null }).where(eq(casks.id, maturing.id));
  answer = await api.data<DashboardTrendsResponse>(TRENDS);
  expect(answer.casksByStatus).toEqual(await casksByStatusFromCasks(ctx));
  expect(answer.portfolioValue.at(-1)?.value).toBe(await portfolioValueNow(ctx));

  await ctx.database.db.delete(casks).where(eq(casks.id, ready.id));
  answer = await api.data<DashboardTrendsResponse>(TRENDS);
  expect(answer.casksByStatus).toEqual(await casksByStatusFromCasks(ctx));
  expect(answer.portfolioValue.at(-1)?.value).toBe(await portfolioValueNow(ctx));

  // A delete through the API hides the cask (decision 273); its undo counts it again; deleted
  // once more, it stays deleted for the next test's rebuild.
  const hidden = await createCask(ctx, { status: 'Ready', currentValue: '777.77' });
  const valueWith = (await api.data<DashboardTrendsResponse>(TRENDS)).portfolioValue.at(-1)?.value;
  const remove = () =>
    ctx.app.inject({ method: 'DELETE', url: `/api/casks/${hidden.id}`, headers: admin.headers });
  expect((await remove()).statusCode).toBe(200);
  answer = await api.data<DashboardTrendsResponse>(TRENDS);
  expect(answer.casksByStatus).toEqual(await casksByStatusFromCasks(ctx));
  expect(answer.portfolioValue.at(-1)?.value).toBe(await portfolioValueNow(ctx));
  expect(answer.portfolioValue.at(-1)?.value).toBeCloseTo(Number(valueWith) - 777.77, 2);
  const undo = await ctx.app.inject({
    method: 'POST',
    url: '/api/casks/bulk/deleted',
    payload: { changes: [{ id: hidden.id, deleted: false }] },
    headers: admin.headers,
  });
  expect(undo.statusCode, undo.body).toBe(200);
  answer = await api.data<DashboardTrendsResponse>(TRENDS);
  expect(answer.casksByStatus).toEqual(await casksByStatusFromCasks(ctx));
  expect(answer.portfolioValue.at(-1)?.value).toBe(valueWith);
  expect((await remove()).statusCode).toBe(200);
  answer = await api.data<DashboardTrendsResponse>(TRENDS);
  expect(answer.portfolioValue.at(-1)?.value).toBe(await portfolioValueNow(ctx));
  // Every change happened this month: the months before hold nothing.
  expect(answer.portfolioValue.slice(0, -1).every((point) => point.value === 0)).toBe(true);
});

test('a rebuild dates the portfolio by the value histories, and keeps this month exact', async () => {
  // Past points as a seed writes them (no trigger can date them): 11 and 4 months ago.
  const old = await createCask(ctx, {
    currentValue: '3000.00',
    valuations: [
      { valuedOn: `${trendMonths(todayIso())[0]}-01`, value: '1000.00' },
      { valuedOn: `${trendMonths(todayIso())[7]}-01`, value: '2000.00' },
    ],
  });
  await ctx.database.db.execute(sql`select rebuild_portfolio_value()`);
  const answer = await api.data<DashboardTrendsResponse>(TRENDS);
  // Each month: every cask's last valuation up to it; this month: the current values.
  const expected = await queryRows<{ month: string; value: string }>(
    ctx,
    sql`
    select to_char(m.month, 'YYYY-MM') as month,
      (case when m.month = date_trunc('month', now() at time zone 'UTC')
        then (select coalesce(sum(current_value), 0) from casks where deleted_at is null)
        else (select coalesce(sum((select a.value from cask_appreciation a
                where a.cask_id = c.id and a.month <= m.month order by a.month desc limit 1)), 0)
              from casks c where c.deleted_at is null) end)::text as value
    from generate_series(${`${trendMonths(todayIso())[0]}-01`}::date, ${`${trendMonths(todayIso())[11]}-01`}::date,
                         interval '1 month') as m(month)
    order by m.month`,
  );
  expect(answer.portfolioValue).toEqual(
    expected.map((row) => ({ month: row.month, value: Number(row.value) })),
  );
  expect(answer.portfolioValue[0]?.value).toBeGreaterThanOrEqual(1000);
  expect(answer.portfolioValue.at(-1)?.value).toBe(await portfolioValueNow(ctx));

  // After the rebuild the triggers go on from it.
  await ctx.database.db.update(casks).set({ currentValue: '3500.00' }).where(eq(casks.id, old.id));
  expect((await api.data<DashboardTrendsResponse>(TRENDS)).portfolioValue.at(-1)?.value).toBe(
    await portfolioValueNow(ctx),
  );
});

test('the kept months equal a rebuild, and a TRUNCATE empties them', async () => {
  const read = async () =>
    queryRows<{ month: string; change: string }>(
      ctx,
      sql`select month::text, change::text from portfolio_value_months order by month`,
    );
  const [total] = await queryRows<{ kept: string }>(
    ctx,
    sql`select coalesce(sum(change), 0)::text as kept from portfolio_value_months`,
  );
  expect(Number(total?.kept)).toBe(await portfolioValueNow(ctx));
  const kept = await read();
  await ctx.database.db.execute(sql`select rebuild_portfolio_value()`);
  // The casks made by the tests of this file have histories that match their changes.
  expect((await read()).reduce((sum, row) => sum + Number(row.change), 0)).toBe(
    kept.reduce((sum, row) => sum + Number(row.change), 0),
  );

  await ctx.database.db.execute(
    sql`truncate casks, cask_appreciation, cask_regauges, cask_transfers cascade`,
  );
  expect(await read()).toEqual([]);
  expect(
    (await api.data<DashboardTrendsResponse>(TRENDS)).portfolioValue.every(
      (point) => point.value === 0,
    ),
  ).toBe(true);
});
