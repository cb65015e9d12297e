import type { SQL } from 'drizzle-orm';
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
