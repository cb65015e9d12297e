import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';
import { useTestContext } from './support/app.ts';
import { createNotification, createOffer } from './support/factories.ts';
import {
  BULK_SEARCH_TERMS,
  listPage,
  misorderedNeighbours,
  seedListData,
  wholeList,
  type ListItem,
} from './support/list-against-sql.ts';
import { sortedLists } from './support/list-definitions.ts';

// Issue 31: every list sorts by each column its contract allows, both ways, server-side. The lists
// and their sorts are read from their definitions (contracts/lists.ts) and checked against the
// app's OpenAPI document; each sort's column and its SQL type from the list's export source (the
// table and the sort columns its createList has too, found by the list's name in the app's
// exports service, `app.listExports`) and the Drizzle schema, so a sort added to a contract is
// tested here without a line more (issue 42). For each one: the order is right (checked by
// PostgreSQL itself, so its collation decides, with ties broken by id), paging through it in
// small pages gives the whole list once (no overlap, no skip, the late pages read from the far
// end), and descending is exactly ascending reversed.
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

test('each list sorts by each of its sortable columns, both ways, ties by id, pages never overlap or skip', async () => {
  const lists = await sortedLists(ctx);
  const idOf = (item: ListItem) => String(item.id ?? item._id);
  // The enumeration finds the lists (a sample that must be among them), and a numeric sort is
  // compared as a number, not as text.
  expect([...lists.keys()]).toEqual(expect.arrayContaining(['/api/offers', '/api/users']));
  expect(lists.get('/api/offers')?.types.priceNumeric).toMatch(/^numeric/);
  for (const [url, { sorts, search, types }] of lists) {
    const filters = search ? ['', `&search=${BULK_SEARCH_TERMS.common}`] : [''];
    for (const filter of filters) {
      for (const sort of sorts) {
        const label = `${url} sort=${sort}${filter}`;
        const { total } = await listPage(ctx, admin, url, `page=1&limit=1&sort=${sort}${filter}`);
        if (filter === '') expect(total, `${label} has rows to sort`).toBeGreaterThan(1);
        const whole = await wholeList(ctx, admin, url, `sort=${sort}${filter}`, 100);
        const ids = whole.map(idOf);
        expect(new Set(ids).size, label).toBe(total);
        if (whole[0]?.[sort] !== undefined) {
          expect(await misorderedNeighbours(ctx, whole, sort, types[sort]!, false), label).toBe(0);
        }
        // Small pages, so the late ones are read from the far end of the index.
        const paged = await wholeList(ctx, admin, url, `sort=${sort}${filter}`, 7);
        expect(paged.map(idOf), `${label} page by page`).toEqual(ids);

        const reversed = await wholeList(ctx, admin, url, `sort=-${sort}${filter}`, 100);
        expect(reversed.map(idOf), `${label} descending`).toEqual([...ids].reverse());
        if (whole[0]?.[sort] !== undefined) {
          expect(
            await misorderedNeighbours(ctx, reversed, sort, types[sort]!, true),
            `${label} descending`,
          ).toBe(0);
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
