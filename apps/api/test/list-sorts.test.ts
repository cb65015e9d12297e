import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';
import { useTestContext } from './support/app.ts';
import { createNotification, createOffer } from './support/factories.ts';
import { BULK_SEARCH_TERMS, seedListData } from './support/list-against-sql.ts';

// Issue 31: every list sorts by each column its contract allows, both ways, server-side. The lists
// and their sorts are read from the app's OpenAPI document (the `sort` enum of each list route),
// so a sort added to a contract is tested here without a line more. For each one: the order is
// right (checked by PostgreSQL itself, so its collation decides, with ties broken by id), paging
// through it in small pages gives the whole list once (no overlap, no skip, the late pages read
// from the far end), and descending is exactly ascending reversed.
const ctx = useTestContext();
let admin: TestAdmin;

beforeAll(async () => {
  await seedListData(ctx, 60);
  admin = await createAdmin(ctx);
  await createOffer(ctx);
  await createOffer(ctx);
  await createNotification(ctx, { isGlobal: true });
  await createNotification(ctx, { isGlobal: true });
}, 120_000);

interface Operation {
  parameters?: { in: string; name: string; schema?: { enum?: string[] } }[];
}

async function sortedLists(): Promise<Map<string, { sorts: string[]; search: boolean }>> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = res.json().paths as Record<string, { get?: Operation }>;
  const lists = new Map<string, { sorts: string[]; search: boolean }>();
  for (const [path, { get }] of Object.entries(paths)) {
    const parameters = get?.parameters ?? [];
    const sort = parameters.find(
      (parameter) => parameter.in === 'query' && parameter.name === 'sort',
    );
    if (!sort?.schema?.enum) continue;
    const columns = sort.schema.enum.filter((value) => !value.startsWith('-'));
    lists.set(path, { sorts: columns, search: parameters.some((p) => p.name === 'search') });
  }
  return lists;
}

type Item = Record<string, unknown>;

/** One page of the list's items, and its total. */
async function read(url: string, query: string): Promise<{ items: Item[]; total: number }> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${url}?${query}`,
    headers: admin.headers,
  });
  expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(200);
  const data = res.json().data as Record<string, unknown>;
  const items = Object.values(data).find(Array.isArray) as Item[];
  return { items, total: (data.pagination as { total: number }).total };
}

/** Every item of the list, page after page of `limit`. */
async function readAll(url: string, query: string, limit: number): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const answer = await read(url, `page=${page}&limit=${limit}&${query}`);
    items.push(...answer.items);
    if (page * limit >= answer.total) return items;
  }
}

const idOf = (item: Item) => String(item.id ?? item._id);

/** The columns compared as numbers or times; every other one as text, in the database's collation. */
const SQL_TYPES: Record<string, string> = {
  investmentAmount: 'numeric',
  currentValue: 'numeric',
  priceNumeric: 'numeric',
  rewardAmount: 'numeric',
  referralPoints: 'numeric',
  createdAt: 'timestamptz',
};

/** How many neighbours are out of order, by (value, id), as PostgreSQL compares them. */
async function misordered(items: Item[], field: string, descending: boolean): Promise<number> {
  const type = SQL_TYPES[field] ?? 'text';
  const value = (item: Item) => (item[field] === null ? null : String(item[field]));
  const before = items.slice(0, -1);
  const after = items.slice(1);
  const compare = descending ? '>' : '<';
  const [row] = await ctx.database.readRows(
    `select count(*)::int from unnest($1::${type}[], $2::uuid[], $3::${type}[], $4::uuid[]) t(a, ai, b, bi)` +
      ` where not ((a, ai) ${compare} (b, bi))`,
    [before.map(value), before.map(idOf), after.map(value), after.map(idOf)],
    { prepared: false },
  );
  return Number(row?.[0]);
}

test('each list sorts by each of its sortable columns, both ways, ties by id, pages never overlap or skip', async () => {
  const lists = await sortedLists();
  expect([...lists.keys()].sort()).toEqual([
    '/api/casks',
    '/api/notifications',
    '/api/offers',
    '/api/purchases',
    '/api/referrals',
    '/api/referrals/admin/rewards',
    '/api/users',
  ]);
  for (const [url, { sorts, search }] of lists) {
    const filters = search ? ['', `&search=${BULK_SEARCH_TERMS.common}`] : [''];
    for (const filter of filters) {
      for (const sort of sorts) {
        const label = `${url} sort=${sort}${filter}`;
        const { total } = await read(url, `page=1&limit=1&sort=${sort}${filter}`);
        if (filter === '') expect(total, `${label} has rows to sort`).toBeGreaterThan(1);
        const whole = await readAll(url, `sort=${sort}${filter}`, 100);
        const ids = whole.map(idOf);
        expect(new Set(ids).size, label).toBe(total);
        if (whole[0]?.[sort] !== undefined) {
          expect(await misordered(whole, sort, false), label).toBe(0);
        }
        // Small pages, so the late ones are read from the far end of the index.
        const paged = await readAll(url, `sort=${sort}${filter}`, 7);
        expect(paged.map(idOf), `${label} page by page`).toEqual(ids);

        const reversed = await readAll(url, `sort=-${sort}${filter}`, 100);
        expect(reversed.map(idOf), `${label} descending`).toEqual([...ids].reverse());
        if (whole[0]?.[sort] !== undefined) {
          expect(await misordered(reversed, sort, true), `${label} descending`).toBe(0);
        }
      }
    }
  }
}, 120_000);

test('a sort the list does not offer is refused with the envelope', async () => {
  for (const query of ['sort=balance', 'sort=--fullName', 'sort=fullName,email', 'sort=']) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/users?${query}`,
      headers: admin.headers,
    });
    expect(res.statusCode, query).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(JSON.stringify(res.json()), query).toContain('Sort must be one of');
  }
});
