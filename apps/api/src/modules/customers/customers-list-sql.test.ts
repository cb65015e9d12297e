import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import {
  BULK_SEARCH_TERMS,
  expectListMatchesSql,
  seedListData,
  pagesToTry,
} from '../../../test/support/list-against-sql.ts';

// Issue 14: User Management and the Reward List, read through the list path (db/list.ts), answer exactly
// what plain SQL answers, on every kind of page (nearer end, middle, past the end), with and
// without a search, and after writes the remembered totals did not see coming.
const ctx = useTestContext();
let admin: TestAdmin;

beforeAll(async () => {
  await seedListData(ctx);
  admin = await createAdmin(ctx);
}, 120_000);

const VISIBLE = sql`deleted_at is null`;
const customersMatching = (pattern: string) =>
  sql`deleted_at is null and (full_name ilike ${pattern} or email ilike ${pattern})`;

function customerCases(where: SQL) {
  return {
    countSql: sql`select count(*)::int from customers where ${where}`,
    idsSql: (limit: number, offset: number) =>
      sql`select id from customers where ${where} order by created_at desc, id desc limit ${limit} offset ${offset}`,
  };
}

const LISTS = [
  { url: '/api/users', itemsKey: 'users' },
  { url: '/api/referrals/admin/rewards', itemsKey: 'rewards' },
] as const;

test('both customer lists answer what plain SQL answers on every kind of page', async () => {
  for (const list of LISTS) {
    const first = await expectListMatchesSql(ctx, admin, {
      ...list,
      query: { page: 1, limit: 6 },
      ...customerCases(VISIBLE),
    });
    expect(first.total).toBeGreaterThan(1000);
    for (const limit of [6, 10]) {
      for (const page of pagesToTry(first.total, limit)) {
        await expectListMatchesSql(ctx, admin, {
          ...list,
          query: { page, limit },
          ...customerCases(VISIBLE),
        });
      }
    }
  }
});

test('both customer lists answer what plain SQL answers for a common, a rare and no match', async () => {
  for (const list of LISTS) {
    for (const term of [BULK_SEARCH_TERMS.common, BULK_SEARCH_TERMS.rare, 'no-such-customer']) {
      const pattern = `%${term}%`;
      const first = await expectListMatchesSql(ctx, admin, {
        ...list,
        query: { page: 1, limit: 6, search: term },
        ...customerCases(customersMatching(pattern)),
      });
      for (const page of pagesToTry(first.total, 6)) {
        await expectListMatchesSql(ctx, admin, {
          ...list,
          query: { page, limit: 6, search: term },
          ...customerCases(customersMatching(pattern)),
        });
      }
    }
  }
});

test('after deletions the lists read the new totals and rows, whatever they remembered', async () => {
  const term = BULK_SEARCH_TERMS.common;
  const pattern = `%${term}%`;
  const before = await expectListMatchesSql(ctx, admin, {
    url: '/api/users',
    itemsKey: 'users',
    query: { page: 1, limit: 6, search: term },
    ...customerCases(customersMatching(pattern)),
  });
  const lastPage = Math.ceil(before.total / 6);
  // Remember a total and a search count, then delete a matching customer and the oldest one.
  for (const list of LISTS) {
    await expectListMatchesSql(ctx, admin, {
      ...list,
      query: { page: 2, limit: 6, search: term },
      ...customerCases(customersMatching(pattern)),
    });
  }
  const allPages = (
    await expectListMatchesSql(ctx, admin, {
      url: '/api/users',
      itemsKey: 'users',
      query: { page: 1, limit: 6 },
      ...customerCases(VISIBLE),
    })
  ).total;
  const [[oldest]] = (await ctx.database.readRows(
    sql`select id from customers where deleted_at is null order by created_at asc, id asc limit 1`,
    { prepared: false },
  )) as [[string]];
  for (const id of [before.ids[0], oldest]) {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${String(id)}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const list of LISTS) {
    // The far end first: a window read from the oldest end depends on the total.
    for (const page of [lastPage, lastPage + 1, 1]) {
      const after = await expectListMatchesSql(ctx, admin, {
        ...list,
        query: { page, limit: 6, search: term },
        ...customerCases(customersMatching(pattern)),
      });
      expect(after.total).toBe(before.total - 1);
    }
    const pages = Math.ceil((allPages - 2) / 6);
    for (const page of [pages, pages - 1, pages + 1, 1]) {
      const after = await expectListMatchesSql(ctx, admin, {
        ...list,
        query: { page, limit: 6 },
        ...customerCases(VISIBLE),
      });
      expect(after.total).toBe(allPages - 2);
    }
  }
});
