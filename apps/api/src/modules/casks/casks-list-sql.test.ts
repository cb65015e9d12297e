import { sql, type SQL } from 'drizzle-orm';
import type { CaskListResponse } from '@cask/contracts/casks';
import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { getData } from '../../../test/support/requests.ts';
import {
  expectListMatchesSql,
  seedListData,
  pagesToTry,
} from '../../../test/support/list-against-sql.ts';

// Issue 14: the cask list, read through the list path (db/list.ts), answers exactly what plain SQL
// answers, on every kind of page (nearer end, middle, past the end), with and without a search,
// and after writes the remembered totals did not see coming.
const ctx = useTestContext();
let admin: TestAdmin;
/** A whole cask name of the bulk data: a search only a few casks match. */
let rareTerm: string;

beforeAll(async () => {
  await seedListData(ctx);
  admin = await createAdmin(ctx);
  const [[name]] = (await ctx.database.readRows(
    sql`select name from casks order by created_at asc, id asc limit 1`,
    { prepared: false },
  )) as [[string]];
  rareTerm = name.toLowerCase();
}, 120_000);

// Deleted casks (decision 273) are in no list: the deletes below hide them, they stay in the table.
const ALL = sql`deleted_at is null`;
const casksMatching = (pattern: string) =>
  sql`deleted_at is null and (name ilike ${pattern} or distillery ilike ${pattern})`;
/** A distillery of the bulk data (one cask in twenty or so). */
const COMMON_TERM = 'glenfarclas';

function caskCases(where: SQL) {
  return {
    url: '/api/casks',
    itemsKey: 'casks',
    countSql: sql`select count(*)::int from casks where ${where}`,
    idsSql: (limit: number, offset: number) =>
      sql`select id from casks where ${where} order by created_at desc, id desc limit ${limit} offset ${offset}`,
  };
}

async function caskCountsFromTable() {
  const [[total, ready, maturing]] = (await ctx.database.readRows(
    sql`select count(*)::int, (count(*) filter (where status = 'Ready'))::int, (count(*) filter (where status = 'Maturing'))::int from casks where deleted_at is null`,
    { prepared: false },
  )) as [[number, number, number]];
  return { totalCasks: total, readyCasks: ready, maturingCasks: maturing };
}

test('the cask list answers what plain SQL answers on every kind of page', async () => {
  const first = await expectListMatchesSql(ctx, admin, {
    ...caskCases(ALL),
    query: { page: 1, limit: 6 },
  });
  expect(first.total).toBeGreaterThan(400);
  for (const limit of [6, 10]) {
    for (const page of pagesToTry(first.total, limit)) {
      await expectListMatchesSql(ctx, admin, { ...caskCases(ALL), query: { page, limit } });
    }
  }
  expect(
    (await getData<CaskListResponse>(ctx, admin, '/api/casks', { page: 1 })).stats,
  ).toMatchObject(await caskCountsFromTable());
});

test('the cask list answers what plain SQL answers for a common, a rare and no match', async () => {
  for (const term of [COMMON_TERM, rareTerm, 'no-such-cask']) {
    const pattern = `%${term}%`;
    const first = await expectListMatchesSql(ctx, admin, {
      ...caskCases(casksMatching(pattern)),
      query: { page: 1, limit: 6, search: term },
    });
    if (term === COMMON_TERM) expect(first.total).toBeGreaterThan(12);
    if (term === rareTerm) expect(first.total).toBeGreaterThan(0);
    for (const page of pagesToTry(first.total, 6)) {
      await expectListMatchesSql(ctx, admin, {
        ...caskCases(casksMatching(pattern)),
        query: { page, limit: 6, search: term },
      });
    }
  }
});

test('after deletions the list reads the new totals and rows, whatever it remembered', async () => {
  const pattern = `%${COMMON_TERM}%`;
  const before = await expectListMatchesSql(ctx, admin, {
    ...caskCases(casksMatching(pattern)),
    query: { page: 1, limit: 6, search: COMMON_TERM },
  });
  const lastPage = Math.ceil(before.total / 6);
  // Remember a total and a search count, then delete a matching cask and the oldest one.
  await expectListMatchesSql(ctx, admin, {
    ...caskCases(casksMatching(pattern)),
    query: { page: lastPage, limit: 6, search: COMMON_TERM },
  });
  const all = await expectListMatchesSql(ctx, admin, {
    ...caskCases(ALL),
    query: { page: 1, limit: 6 },
  });
  const allPages = Math.ceil(all.total / 6);
  await expectListMatchesSql(ctx, admin, {
    ...caskCases(ALL),
    query: { page: allPages, limit: 6 },
  });
  const [[oldest]] = (await ctx.database.readRows(
    sql`select id from casks where deleted_at is null and not (name ilike ${pattern} or distillery ilike ${pattern}) order by created_at asc, id asc limit 1`,
    { prepared: false },
  )) as [[string]];
  for (const id of [before.ids[0], oldest]) {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/casks/${String(id)}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  // The far end first: a window read from the oldest end depends on the total.
  for (const page of [lastPage, lastPage + 1, 1]) {
    const after = await expectListMatchesSql(ctx, admin, {
      ...caskCases(casksMatching(pattern)),
      query: { page, limit: 6, search: COMMON_TERM },
    });
    expect(after.total).toBe(before.total - 1);
  }
  const pages = Math.ceil((all.total - 2) / 6);
  for (const page of [pages, pages - 1, pages + 1, 1]) {
    const after = await expectListMatchesSql(ctx, admin, {
      ...caskCases(ALL),
      query: { page, limit: 6 },
    });
    expect(after.total).toBe(all.total - 2);
  }
  expect(
    (await getData<CaskListResponse>(ctx, admin, '/api/casks', { page: 1 })).stats,
  ).toMatchObject(await caskCountsFromTable());
});

test('a status change moves the stats in the same answer as the page', async () => {
  const [[id, status]] = (await ctx.database.readRows(
    sql`select id, status from casks where deleted_at is null and status in ('Ready', 'Maturing') order by created_at desc, id desc limit 1`,
    { prepared: false },
  )) as [[string, string]];
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/casks/${id}/appreciation`,
    payload: { status: status === 'Ready' ? 'Maturing' : 'Ready' },
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(
    (await getData<CaskListResponse>(ctx, admin, '/api/casks', { page: 1 })).stats,
  ).toMatchObject(await caskCountsFromTable());
});
