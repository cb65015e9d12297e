import { sql } from 'drizzle-orm';
import { todayIso } from '@cask/contracts/cask-records';
import type { DashboardResponse } from '@cask/contracts/dashboard';
import type { DemoStatementResponse, StatementPreview } from '@cask/contracts/reconciliations';
import type { UserListResponse } from '@cask/contracts/users';
import { beforeAll, expect, test } from 'vitest';
import { createAdmin } from '../../../test/support/sign-in.ts';
import { createTestContext, useTestContext } from '../../../test/support/app.ts';
import { plainCaskAlertCounts, queryRows } from '../../../test/support/database.ts';
import { postCsvImport } from '../../../test/support/requests.ts';
import {
  caskIdentityShape,
  gaugeHistoryShape,
  ledgerProblems,
  orderReferenceProblems,
  seededCustomers,
  valuationProblems,
} from '../../../test/support/seeds.ts';
import { verifyAuditChain } from '../audit-chain.ts';
import { runStartupTasks } from '../../startup.ts';
import { seedBulk } from './bulk-seed.service.ts';
import { FIRST_NAMES, LAST_NAMES, SEARCH_TERMS } from './catalogue.ts';
import { seedDemo, seedDemoIfEmpty } from './demo-seed.service.ts';
import { DatabaseNotEmptyError } from './seed-errors.ts';
import { rowsOf } from '../client.ts';
import { countSeededRows, SEEDED_TABLES } from './seed.repository.ts';

const ctx = useTestContext();
const TODAY = new Date('2026-03-15T00:00:00Z');

beforeAll(async () => {
  // An admin first, as SEED_DEMO finds one made from ADMIN_*: the demo marks some notifications
  // read.
  await createAdmin(ctx);
});

const NO_VALUATION_PROBLEMS = {
  current_not_latest: 0,
  point_not_latest: 0,
  month_without_point: 0,
  after_today: 0,
};

test('the demo seed fills every table of the data model, with every status the screens show', async () => {
  const counts = await seedDemo(ctx.database, { seed: 42, today: TODAY, force: true });

  for (const table of SEEDED_TABLES) expect(counts[table], table).toBeGreaterThan(0);
  expect(counts.customers).toBe(300);
  // A gauge history for the casks (issue 30): about 2% a year lost, never a gain of alcohol,
  // and casks for both alerts to show.
  const gauges = await gaugeHistoryShape(ctx, TODAY);
  expect(gauges?.casks_gauged).toBeGreaterThan(100);
  expect(gauges?.alcohol_gained).toBe(0);
  expect(gauges?.median_loss).toBeGreaterThan(0.015);
  expect(gauges?.median_loss).toBeLessThan(0.04);
  expect(gauges?.regauge_due).toBeGreaterThan(5);
  expect(gauges?.abv_near).toBeGreaterThan(0);
  expect(gauges?.transfers).toBeGreaterThan(0);
  expect(await valuationProblems(ctx, TODAY)).toEqual(NO_VALUATION_PROBLEMS);
  expect(await caskIdentityShape(ctx)).toEqual({
    warehouses: 7,
    warehouses_used: 7,
    casks_without: 0,
    others_with: 0,
    repeated: 0,
  });
  const [files] = await queryRows<{ count: number }>(
    ctx,
    sql`select count(*)::int as count from files`,
  );
  expect(files?.count).toBeGreaterThan(0);

  const distinct = async (column: string, table: string) =>
    (
      await queryRows<{ value: string }>(
        ctx,
        sql`select distinct ${sql.identifier(column)}::text as value from ${sql.identifier(table)} order by 1`,
      )
    ).map((row) => row.value);
  expect(await distinct('status', 'orders')).toEqual(['Active', 'Delivered', 'Pending', 'Reject']);
  expect(await distinct('manual_payment_status', 'orders')).toEqual([
    'Delivered',
    'completed',
    'due',
    'paid',
    'refunded',
  ]);
  expect(await distinct('cask_progress', 'orders')).toEqual(['Maturing', 'Ready']);
  expect(await distinct('source', 'cask_valuations')).toEqual([
    'Auction comparable',
    'Broker quote',
    'Internal model',
    'Other',
  ]);
  expect(await distinct('type', 'offers')).toEqual(['bottle', 'cask', 'experience']);
  expect(await distinct('status', 'referrals')).toEqual(['completed', 'pending']);
  expect(await distinct('type', 'notifications')).toEqual([
    'cask',
    'offer',
    'payment',
    'purchase',
    'referral',
    'system',
    'tier',
  ]);
  expect(await distinct('is_global', 'notifications')).toEqual(['false', 'true']);
  expect(await distinct('type', 'point_transactions')).toEqual([
    'manual_adjustment',
    'purchase',
    'referral',
  ]);
  expect(await distinct('is_active', 'customers')).toEqual(['false', 'true']);

  // Each completed referral holds its credit in the ledger, linked to it, and a pending one none
  // yet but points waiting: Referrals can complete one and set it back (decision 155).
  const [credits] = await queryRows<{ wrong: number; unpointed: number }>(
    ctx,
    sql`
    select count(*) filter (where coalesce(l.points, 0) <>
             case when r.status = 'completed' then r.points_awarded else 0 end)::int as wrong,
           count(*) filter (where r.points_awarded = 0)::int as unpointed
    from referrals r
    left join (select referral_id, sum(points)::int as points from point_transactions
               group by referral_id) l on l.referral_id = r.id`,
  );
  expect(credits).toEqual({ wrong: 0, unpointed: 0 });

  // Real distilleries with vintage, volume (a cask size or a 70cl bottle) and ABV.
  const casks = await queryRows<{ distillery: string; year: number; volume: number; abv: number }>(
    ctx,
    sql`select distillery, year, volume::float8 as volume, abv::float8 as abv from casks`,
  );
  expect(new Set(casks.map((cask) => cask.distillery))).toContain('Macallan');
  for (const cask of casks) {
    expect([0.7, 125, 200, 225, 250, 450, 500]).toContain(cask.volume);
    expect(cask.abv).toBeGreaterThanOrEqual(46);
    expect(cask.abv).toBeLessThanOrEqual(66);
    expect(cask.year).toBeGreaterThanOrEqual(1988);
  }
  // Each offer type carries the details of its type (docs/screens/offers.md).
  const details = await queryRows<{ type: string; keys: string[] }>(
    ctx,
    sql`select distinct type, array(select jsonb_object_keys(details) order by 1) as keys from offers`,
  );
  expect(details).toEqual(
    expect.arrayContaining([
      { type: 'cask', keys: ['abv', 'caskType', 'distillery', 'vintage', 'volume'] },
      { type: 'bottle', keys: ['certificate', 'distillery', 'packaging', 'quantity', 'volume'] },
      {
        type: 'experience',
        keys: ['duration', 'includes', 'packaging', 'participants', 'testing'],
      },
    ]),
  );
  // The maintained totals agree with the rows (the dashboard shows them).
  const [totals] = await queryRows<{ counted: number; counter: string }>(
    ctx,
    sql`
    select (select count(*)::int from customers where deleted_at is null) as counted,
           (select value::text from counters where name = 'customers.total') as counter`,
  );
  expect(Number(totals?.counter)).toBe(totals?.counted);
  const [audit] = await queryRows<{ after: { customers: number; seed: number } }>(
    ctx,
    sql`select after from audit_log where action = 'seed.demo' order by created_at desc limit 1`,
  );
  expect(audit?.after).toMatchObject({ customers: 300, seed: 42 });
}, 120_000);

test('the demo seed never lets a point balance go below zero', async () => {
  await seedDemo(ctx.database, { seed: 7, today: TODAY, force: true });
  expect(await ledgerProblems(ctx)).toEqual({
    negative_balances: 0,
    negative_on_the_way: 0,
    mismatches: 0,
  });
  const [redemptions] = await queryRows<{ count: number }>(
    ctx,
    sql`select count(*)::int as count from point_transactions where points < 0`,
  );
  expect(redemptions?.count).toBeGreaterThan(0);
  // The orders' references are numbered in order of creation (issue 41).
  const references = await orderReferenceProblems(ctx);
  expect(references?.misordered).toBe(0);
  expect(references?.numbered).toBe(references?.total);
}, 120_000);

test("the demo's stock statement finds two mismatches of each kind (issue 44)", async () => {
  await seedDemo(ctx.database, { seed: 42, today: TODAY, force: true });
  const admin = await createAdmin(ctx);
  const demo = await ctx.app.inject({
    method: 'GET',
    url: '/api/reconciliations/demo-statement',
    headers: admin.headers,
  });
  expect(demo.statusCode, demo.body).toBe(200);
  const { csv, warehouse } = demo.json<DemoStatementResponse>().data;
  const res = await postCsvImport(ctx, admin, '/api/reconciliations/preview', csv, {
    warehouseId: warehouse.id,
    dateOrder: 'dmy',
  });
  expect(res.statusCode, res.body).toBe(200);
  const preview = res.json<{ data: StatementPreview }>().data;
  expect(preview.rowErrors).toEqual([]);
  const totals = Object.fromEntries(
    Object.entries(preview.report?.counts ?? {}).map(([kind, count]) => [kind, count.total]),
  );
  expect(totals).toMatchObject({ missing: 2, unknown: 2, location: 2, gauge: 2 });
  expect(totals.matched).toBeGreaterThanOrEqual(4);
}, 120_000);

test("a seeded database's audit log verifies (issue 45)", async () => {
  await seedDemo(ctx.database, { seed: 3, today: TODAY, customers: 10, force: true });
  const result = await verifyAuditChain(ctx.database.db);
  expect(result.line, result.line).toMatch(/^Audit log verified: [1-9]\d* entries, last /);
});

test('the demo seed refuses a database that has customers, and changes nothing', async () => {
  await seedBulk(ctx.database, { customers: 100, seed: 1, replace: true, today: TODAY });
  const before = await countSeededRows(ctx.database.db);
  await expect(seedDemo(ctx.database, { seed: 7, today: TODAY })).rejects.toBeInstanceOf(
    DatabaseNotEmptyError,
  );
  await expect(seedBulk(ctx.database, { customers: 100, seed: 7 })).rejects.toBeInstanceOf(
    DatabaseNotEmptyError,
  );
  expect(await countSeededRows(ctx.database.db)).toEqual(before);
}, 120_000);

test('SEED_DEMO leaves a database that has data alone', async () => {
  await seedBulk(ctx.database, { customers: 100, seed: 1, replace: true, today: TODAY });
  const before = await seededCustomers(ctx);
  const lines: string[] = [];
  await seedDemoIfEmpty(ctx.database, { info: (line) => lines.push(line) });
  expect(await seededCustomers(ctx)).toEqual(before);
  expect(lines.join('\n')).toMatch(/has data already/);
}, 120_000);

test('the same seed gives the same customers; another seed gives others', async () => {
  await seedDemo(ctx.database, { seed: 42, today: TODAY, force: true });
  const first = await seededCustomers(ctx);
  await seedDemo(ctx.database, { seed: 42, today: TODAY, force: true });
  expect(await seededCustomers(ctx)).toEqual(first);

  await seedDemo(ctx.database, { seed: 7, today: TODAY, force: true });
  const other = await seededCustomers(ctx);
  expect(other).toHaveLength(300);
  expect(other.map((c) => c.email)).not.toEqual(first.map((c) => c.email));
}, 120_000);

test('a bulk seed of 2,000 customers gives exact counts, totals and search matches', async () => {
  const result = await seedBulk(ctx.database, {
    customers: 2000,
    seed: 42,
    replace: true,
    today: TODAY,
  });
  const references = await orderReferenceProblems(ctx);
  expect(references).toEqual({ misordered: 0, numbered: 500, total: 500 });
  expect(result).toMatchObject({
    customers: 2000,
    casks: 666,
    offers: 30,
    orders: 500,
    referrals: 200,
    pointTransactions: 800,
    notifications: 20,
  });
  const counts = await countSeededRows(ctx.database.db);
  expect(counts).toMatchObject({
    customers: 2000,
    casks: 666,
    offers: 30,
    orders: 500,
    // A note for every other order and a second for every sixth.
    order_notes: 250 + 84,
    referrals: 200,
    point_transactions: 800,
    notifications: 20,
    notification_reads: 0,
    offer_images: 0,
  });
  // --force replaced the demo data: none of the 300 demo customers is left.
  const [hidden] = await queryRows<{
    deleted: number;
    counter: string;
    search_common: number;
    search_rare: number;
  }>(
    ctx,
    sql`
    select count(*) filter (where deleted_at is not null)::int as deleted,
           (select value::text from counters where name = 'customers.total') as counter,
           count(*) filter (where deleted_at is null
             and (full_name ilike ${`%${SEARCH_TERMS.common}%`} or email ilike ${`%${SEARCH_TERMS.common}%`}))::int
             as search_common,
           count(*) filter (where deleted_at is null
             and (full_name ilike ${`%${SEARCH_TERMS.rare}%`} or email ilike ${`%${SEARCH_TERMS.rare}%`}))::int
             as search_rare
    from customers`,
  );
  // Customers 499, 999, 1499 and 1999 are hidden; the total counts the 1,996 others.
  expect(hidden).toEqual({ deleted: 4, counter: '1996.00', search_common: 40, search_rare: 5 });
  expect(await ledgerProblems(ctx)).toEqual({
    negative_balances: 0,
    negative_on_the_way: 0,
    mismatches: 0,
  });
  expect(await caskIdentityShape(ctx)).toEqual({
    warehouses: 7,
    warehouses_used: 7,
    casks_without: 0,
    others_with: 0,
    repeated: 0,
  });
  expect(await valuationProblems(ctx, TODAY)).toEqual(NO_VALUATION_PROBLEMS);
  expect(counts.cask_valuations).toBe(counts.cask_appreciation);
  // Every referral links two different customers, the referee after the referrer.
  const [referrals] = await queryRows<{ bad: number }>(
    ctx,
    sql`
    select count(*)::int as bad from referrals r
    join customers a on a.id = r.referrer_id join customers b on b.id = r.referee_id
    where a.created_at >= b.created_at or r.referral_code <> a.referral_code`,
  );
  expect(referrals?.bad).toBe(0);
  // Ids are RFC 4122 version 4 UUIDs, as the contracts validate them in every answer.
  const [ids] = await queryRows<{ bad: number }>(
    ctx,
    sql`
    select count(*)::int as bad from (
      select id from customers union all select id from casks union all select id from offers
      union all select id from orders union all select id from referrals) as all_ids
    where id::text !~ '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'`,
  );
  expect(ids?.bad).toBe(0);
  // The secondary indexes dropped for the load are all back.
  const [indexes] = await queryRows<{ count: number }>(
    ctx,
    sql`select count(*)::int as count from pg_indexes where indexname in ('customers_search_trgm_idx', 'referrals_search_trgm_idx', 'customers_listing_idx', 'customers_email_unique')`,
  );
  expect(indexes?.count).toBe(4);
  // ...with their storage settings (migration 0008), which pg_get_indexdef carries over.
  const [settings] = await queryRows<{ options: string[] | null }>(
    ctx,
    sql`select reloptions as options from pg_class where relname = 'customers_search_trgm_idx'`,
  );
  expect(settings?.options).toEqual(['gin_pending_list_limit=128']);
}, 120_000);

test('the screens can read bulk data: lists, searches and the dashboard answer with it', async () => {
  await seedBulk(ctx.database, { customers: 2000, seed: 42, replace: true, today: TODAY });
  const admin = await createAdmin(ctx);
  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  };
  const users = async (query: string) =>
    (await get(`/api/users?${query}`)).json<UserListResponse>().data;
  expect((await users('page=1&limit=6')).pagination.total).toBe(1996);
  expect((await users('page=333&limit=6')).users).toHaveLength(4);
  expect((await users(`limit=6&search=${SEARCH_TERMS.common}`)).pagination.total).toBe(40);
  expect((await users(`limit=6&search=${SEARCH_TERMS.rare}`)).pagination.total).toBe(5);
  // The alert counts kept by the casks' triggers through the load (decision 386) are the casks'.
  const dashboard = (await get('/api/admin/dashboard')).json<DashboardResponse>().data;
  expect(dashboard.caskAlerts).toEqual(await plainCaskAlertCounts(ctx, todayIso()));
  expect(dashboard.caskAlerts?.regaugeDue).toBeGreaterThan(0);
  await get('/api/referrals/admin/rewards?page=1&limit=6');
}, 120_000);

test('the same bulk seed gives the same rows', async () => {
  await seedBulk(ctx.database, { customers: 2000, seed: 42, replace: true, today: TODAY });
  const before = await seededCustomers(ctx);
  await seedBulk(ctx.database, { customers: 2000, seed: 42, replace: true, today: TODAY });
  expect(await seededCustomers(ctx)).toEqual(before);
}, 120_000);

test('the search terms appear in no other name, so the benchmark knows its match counts', () => {
  for (const name of [...FIRST_NAMES, ...LAST_NAMES]) {
    expect(name.toLowerCase()).not.toContain(SEARCH_TERMS.common.toLowerCase());
    expect(name.toLowerCase()).not.toContain(SEARCH_TERMS.rare.toLowerCase());
  }
});

test('SEED_DEMO=true fills an empty database at start, once', async () => {
  const fresh = await createTestContext({ SEED_DEMO: 'true' });
  try {
    const start = () =>
      runStartupTasks({ config: fresh.config, database: fresh.database, log: fresh.app.log });
    const customers = async () =>
      rowsOf<{ count: number }>(
        await fresh.database.db.execute(sql`select count(*)::int as count from customers`),
      )[0]?.count;
    expect(await customers()).toBe(0);
    await start();
    expect(await customers()).toBe(300);
    await start();
    expect(await customers()).toBe(300);
    expect(fresh.logs.join('')).toMatch(/has data already/);
  } finally {
    await fresh.close();
  }
}, 120_000);
