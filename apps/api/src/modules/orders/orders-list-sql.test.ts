import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderListResponse } from '@cask/contracts/orders';
import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { getData } from '../../../test/support/requests.ts';
import {
  BULK_SEARCH_TERMS,
  expectListMatchesSql,
  seedListData,
} from '../../../test/support/list-against-sql.ts';
import {
  expectOrderPages,
  orderListCase,
  orderStatsFromTable,
} from '../../../test/support/orders.ts';

// Issue 14: the Orders list, read through the list path (db/list.ts), answers exactly what plain SQL
// answers, whole and by status, with and without a search (of the customer's name or the title),
// on every kind of page (nearer end, middle, past the end), and after writes the list's
// remembered totals did not see coming.
const ctx = useTestContext();
let admin: TestAdmin;

beforeAll(async () => {
  await seedListData(ctx);
  admin = await createAdmin(ctx);
}, 120_000);

/** A word of many bulk offer titles ("Cask Sampling Masterclass"). */
const TITLE_TERM = 'masterclass';

test('the Orders list answers what plain SQL answers on every kind of page, whole and by status', async () => {
  const total = await expectOrderPages(ctx, admin, {}, [6, 10]);
  expect(total).toBeGreaterThan(300);
  for (const status of ORDER_STATUSES) {
    const byStatus = await expectOrderPages(ctx, admin, { status }, [6, 10]);
    expect(byStatus).toBeGreaterThan(10);
  }
  expect(
    (await getData<OrderListResponse>(ctx, admin, '/api/purchases', { page: 1, limit: 1 })).stats,
  ).toEqual(await orderStatsFromTable(ctx));
});

test('the Orders search answers what plain SQL answers: common, rare, title and no match, whole and by status', async () => {
  const terms = [BULK_SEARCH_TERMS.common, BULK_SEARCH_TERMS.rare, TITLE_TERM, 'no-such-order'];
  const totals = new Map<string, number>();
  for (const search of terms) {
    totals.set(search, await expectOrderPages(ctx, admin, { search }, [3, 6]));
    for (const status of ORDER_STATUSES)
      await expectOrderPages(ctx, admin, { status, search }, [3]);
  }
  // The bulk data holds what the cases are about: dense and sparse matches, and none.
  expect(totals.get(TITLE_TERM)).toBeGreaterThan(15);
  expect(totals.get(BULK_SEARCH_TERMS.common)).toBeGreaterThan(3);
  expect(totals.get('no-such-order')).toBe(0);
});

test('the Ordered range and a reference search answer what plain SQL answers (issue 41)', async () => {
  // A range around the middle of the orders' dates, from the start of one day to the start of
  // another (as the screen sends them), whole, by status and with a search.
  const [[from, to]] = (await ctx.database.readRows(
    sql`select to_char(date_trunc('day', min(created_at) + (max(created_at) - min(created_at)) * 0.4)
              at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
            to_char(date_trunc('day', min(created_at) + (max(created_at) - min(created_at)) * 0.6)
              at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
     from orders where deleted_at is null`,
    { prepared: false },
  )) as [[string, string]];
  const inRange = await expectOrderPages(ctx, admin, { orderedFrom: from, orderedTo: to }, [3, 6]);
  const whole = await expectOrderPages(ctx, admin, {}, [6]);
  expect(inRange).toBeGreaterThan(10);
  expect(inRange).toBeLessThan(whole);
  await expectOrderPages(ctx, admin, { orderedFrom: from }, [6]);
  await expectOrderPages(ctx, admin, { orderedTo: to }, [6]);
  await expectOrderPages(ctx, admin, { orderedFrom: from, orderedTo: to, status: 'Pending' }, [3]);
  await expectOrderPages(ctx, admin, { orderedFrom: from, orderedTo: to, search: TITLE_TERM }, [3]);

  // The references follow the order of creation, and each names its order.
  const [[misordered]] = (await ctx.database.readRows(
    sql`select count(*)::int from (select order_number, lag(order_number) over (order by created_at, id) as previous
       from orders) n where order_number <= previous`,
    { prepared: false },
  )) as [[number]];
  expect(misordered).toBe(0);
  const [[number]] = (await ctx.database.readRows(
    sql`select order_number from orders where deleted_at is null order by created_at desc limit 1 offset 40`,
    { prepared: false },
  )) as [[number]];
  const reference = `ORD-${String(number).padStart(5, '0')}`;
  for (const search of [reference, reference.toLowerCase(), String(number)]) {
    const total = await expectOrderPages(ctx, admin, { search, number }, [3]);
    expect(total, search).toBeGreaterThanOrEqual(1);
  }
  const { purchases } = await getData<OrderListResponse>(ctx, admin, '/api/purchases', {
    search: reference,
  });
  expect(purchases.map((order) => order.reference)).toEqual([reference]);
});

test('after a deletion and a status change the list reads the new totals and rows, whatever it remembered', async () => {
  const search = TITLE_TERM;
  const status = 'Pending';
  const searched = orderListCase({ search });
  const before = await expectListMatchesSql(ctx, admin, {
    ...searched,
    query: { search, page: 1, limit: 6 },
  });
  const whole = await expectListMatchesSql(ctx, admin, {
    ...orderListCase({}),
    query: { page: 1, limit: 6 },
  });
  const pending = await expectListMatchesSql(ctx, admin, {
    ...orderListCase({ status }),
    query: { status, page: 1, limit: 6 },
  });
  const pendingSearched = await expectListMatchesSql(ctx, admin, {
    ...orderListCase({ status, search }),
    query: { status, search, page: 1, limit: 6 },
  });
  // Remember every total at the far end too (read from the oldest end).
  const lastOf = (total: number) => Math.ceil(total / 6);
  for (const [filter, total] of [
    [{ search }, before.total],
    [{}, whole.total],
    [{ status }, pending.total],
    [{ status, search }, pendingSearched.total],
  ] as const) {
    const list = orderListCase(filter);
    await expectListMatchesSql(ctx, admin, {
      ...list,
      query: { ...list.query, page: lastOf(total), limit: 6 },
    });
  }

  // Delete the oldest order matching the search, and make the oldest visible order that is
  // neither Pending nor a match Pending: every total above moves.
  const [[oldestMatch, oldestMatchStatus]] = (await ctx.database.readRows(
    sql`select id, status from orders
     where deleted_at is null and (contact_full_name ilike ${`%${search}%`} or title ilike ${`%${search}%`})
     order by created_at asc, id asc limit 1`,
    { prepared: false },
  )) as [[string, string]];
  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/purchases/${oldestMatch}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  const [[oldestOther]] = (await ctx.database.readRows(
    sql`select id from orders
     where deleted_at is null and status <> ${status} and contact_full_name not ilike ${`%${search}%`}
       and title not ilike ${`%${search}%`}
     order by created_at asc, id asc limit 1`,
    { prepared: false },
  )) as [[string]];
  const changed = await ctx.app.inject({
    method: 'PUT',
    url: `/api/purchases/${oldestOther}/status`,
    payload: { status, caskProgress: 'Ready', manualPaymentStatus: 'due', notes: '' },
    headers: admin.headers,
  });
  expect(changed.statusCode, changed.body).toBe(200);

  const wasPending = oldestMatchStatus === status ? 1 : 0;
  const expected = [
    [{ search }, before.total - 1],
    [{}, whole.total - 1],
    [{ status }, pending.total + 1 - wasPending],
    [{ status, search }, pendingSearched.total - wasPending],
  ] as const;
  for (const [filter, total] of expected) {
    const list = orderListCase(filter);
    const last = lastOf(total);
    // The far end first: a window read from the oldest end depends on the total.
    for (const page of [last, last + 1, last - 1, 1].filter((page) => page >= 1)) {
      const after = await expectListMatchesSql(ctx, admin, {
        ...list,
        query: { ...list.query, page, limit: 6 },
      });
      expect(after.total, JSON.stringify(filter)).toBe(total);
    }
  }
  expect(
    (await getData<OrderListResponse>(ctx, admin, '/api/purchases', { page: 1, limit: 1 })).stats,
  ).toEqual(await orderStatsFromTable(ctx));
});
