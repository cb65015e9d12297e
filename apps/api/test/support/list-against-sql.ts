import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { seedBulk } from '../../src/db/seed/bulk-seed.service.ts';
import type { TestAdmin } from './sign-in.ts';
import type { TestContext } from './app.ts';
import { getData } from './requests.ts';

/**
 * Issue 14's check that the list pipeline answers what plain SQL answers: the same exact total
 * and the same rows in the same order, for one request of a list endpoint. The plain SQL is
 * written by the test, as simply as possible (a count(*) and an ordered select of ids, no
 * counters, no windows), and runs through the driver on the same database.
 */
export type ListCase = ListRequestCase & {
  /** `select count(*)::int from … where …` over the rows the list shows. */
  countSql: SQL;
  /** `select id from … where … order by … limit … offset …`. */
  idsSql: (limit: number, offset: number) => SQL;
};

interface ListRequestCase {
  /** e.g. '/api/users' */
  url: string;
  query: Record<string, string | number>;
  /** The array of the answer's `data` holding the rows, e.g. 'users'. */
  itemsKey: string;
  /** The id of one row of the answer (`id`, or `_id` where the contract says so). */
  idOf?: (item: Record<string, unknown>) => unknown;
}

export async function expectListMatchesSql(
  ctx: Pick<TestContext, 'app' | 'database'>,
  admin: TestAdmin,
  list: ListCase,
): Promise<{ total: number; ids: unknown[] }> {
  const data = await getData<{
    data: Record<string, unknown> & { pagination: { total: number; limit: number } };
  }>(ctx, admin, list.url, list.query);
  const items = data[list.itemsKey] as Record<string, unknown>[];
  const idOf = list.idOf ?? ((item) => item.id);
  const page = Number(list.query.page ?? 1);
  const { limit } = data.pagination;
  const offset = (page - 1) * limit;
  const [countRows, idRows] = await Promise.all([
    ctx.database.readRows(list.countSql, { prepared: false }),
    ctx.database.readRows(list.idsSql(limit, offset), { prepared: false }),
  ]);
  const [[count]] = countRows as [[number]];
  const expectedIds = idRows.map(([id]) => id);
  const label = `${list.url} ${JSON.stringify(list.query)}`;
  expect(data.pagination.total, label).toBe(count);
  expect(items.map(idOf), label).toEqual(expectedIds);
  return { total: count, ids: expectedIds };
}

export { BULK_SEARCH_TERMS } from '../../src/db/seed/bulk-seed.service.ts';

/**
 * The bulk seeder's data (every table, searchable names, thousands of rows) at a size PGlite
 * seeds in a few seconds: enough rows for first, middle, last and past-the-end pages.
 */
export async function seedListData(
  ctx: Pick<TestContext, 'database'>,
  customers = 1500,
): Promise<void> {
  await seedBulk(ctx.database, { customers, seed: 11, replace: true });
}

/** The pages worth comparing for `total` rows: first, second, a third, half, last, past the end. */
export function pagesToTry(total: number, limit: number): number[] {
  const pages = Math.max(1, Math.ceil(total / limit));
  return [
    ...new Set([1, 2, Math.ceil(pages / 3), Math.ceil(pages / 2), pages - 1, pages, pages + 1]),
  ].filter((page) => page >= 1);
}

/**
 * `list` with its `filter` on its first page of `limit` rows, then on every page `pagesToTry`
 * names, each compared with plain SQL (`expectListMatchesSql`): answers the total.
 */
export async function expectEveryPage(
  ctx: Pick<TestContext, 'app' | 'database'>,
  admin: TestAdmin,
  { filter = {}, ...list }: Omit<ListCase, 'query'> & { filter?: Record<string, string | number> },
  limit: number,
): Promise<number> {
  const first = await expectListMatchesSql(ctx, admin, { ...list, query: { ...filter, limit } });
  for (const page of pagesToTry(first.total, limit)) {
    await expectListMatchesSql(ctx, admin, { ...list, query: { ...filter, page, limit } });
  }
  return first.total;
}

/** A list's item as the answer holds it. */
export type ListItem = Record<string, unknown>;

/** One page of a list (`url?query` as `admin`; expects 200): its items and its total. */
export async function listPage(
  ctx: Pick<TestContext, 'app'>,
  admin: TestAdmin,
  url: string,
  query: string,
): Promise<{ items: ListItem[]; total: number }> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${url}?${query}`,
    headers: admin.headers,
  });
  expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(200);
  const data = res.json().data as Record<string, unknown>;
  const items = Object.values(data).find(Array.isArray) as ListItem[];
  return { items, total: (data.pagination as { total: number }).total };
}

/** Every item of a list, page after page of `limit` (`listPage`). */
export async function wholeList(
  ctx: Pick<TestContext, 'app'>,
  admin: TestAdmin,
  url: string,
  query: string,
  limit: number,
): Promise<ListItem[]> {
  const items: ListItem[] = [];
  for (let page = 1; ; page++) {
    const answer = await listPage(ctx, admin, url, `page=${page}&limit=${limit}&${query}`);
    items.push(...answer.items);
    if (page * limit >= answer.total) return items;
  }
}

/**
 * How many neighbours of `items` are out of order by (`field` as SQL `type`, id), as PostgreSQL
 * compares them (its collation decides): 0 for a list sorted ascending, or descending.
 */
export async function misorderedNeighbours(
  ctx: Pick<TestContext, 'database'>,
  items: ListItem[],
  field: string,
  type: string,
  descending: boolean,
): Promise<number> {
  const value = (item: ListItem) => (item[field] === null ? null : String(item[field]));
  const idOf = (item: ListItem) => String(item.id ?? item._id);
  const before = items.slice(0, -1);
  const after = items.slice(1);
  const compare = descending ? '>' : '<';
  // The type and the operator are names from the Drizzle schema and this function, not input;
  // each array is one value (sql.param), not a list of them.
  const [asType, operator] = [sql.raw(`${type}[]`), sql.raw(compare)];
  const [row] = await ctx.database.readRows(
    sql`select count(*)::int from unnest(${sql.param(before.map(value))}::${asType}, ${sql.param(before.map(idOf))}::uuid[],
      ${sql.param(after.map(value))}::${asType}, ${sql.param(after.map(idOf))}::uuid[]) t(a, ai, b, bi)
      where not ((a, ai) ${operator} (b, bi))`,
    { prepared: false },
  );
  return Number(row?.[0]);
}
