import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { listSorts, type ListDefinition } from '@cask/contracts/lists';
import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';
import { useTestContext } from './support/app.ts';
import { createNotification, createOffer } from './support/factories.ts';
import { BULK_SEARCH_TERMS, seedListData } from './support/list-against-sql.ts';
import { listDefinitions } from './support/list-definitions.ts';
import { documentedPaths } from './support/openapi.ts';

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

interface Operation {
  parameters?: { in: string; name: string; schema?: { enum?: string[] } }[];
}

interface SortedList {
  sorts: string[];
  search: boolean;
  /** Each sort's column type in SQL (`numeric(14, 2)`, `timestamp with time zone`, `text`...). */
  types: Record<string, string>;
}

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../src/db/schema');

/** Every table of the Drizzle schema (src/db/schema/*.ts), by its SQL name. */
async function schemaTables(): Promise<Map<string, PgTable>> {
  const tables = new Map<string, PgTable>();
  for (const file of await readdir(SCHEMA_DIR)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const module = (await import(path.join(SCHEMA_DIR, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (is(value, PgTable)) tables.set(getTableName(value), value);
    }
  }
  return tables;
}

/** The SQL type of each sort of a list: its export source's table and column, in the schema. */
function sortTypes(
  definition: ListDefinition,
  sorts: string[],
  tables: Map<string, PgTable>,
): Record<string, string> {
  const source =
    definition.name === undefined ? undefined : ctx.app.listExports.find(definition.name)?.source;
  if (!source)
    throw new Error(`${definition.path} sorts but names no export source with its table`);
  const table = tables.get(source.table);
  if (!table) throw new Error(`${source.table} is not a table of src/db/schema`);
  const columns = Object.values(getTableColumns(table));
  const types: Record<string, string> = {};
  for (const sort of sorts) {
    const column = columns.find((candidate) => candidate.name === source.sorts[sort]);
    if (!column) throw new Error(`${definition.path} sort ${sort}: no column of ${source.table}`);
    types[sort] = column.getSQLType();
  }
  return types;
}

/** Every list with a sort, from its definition, each as the OpenAPI document describes it. */
async function sortedLists(): Promise<Map<string, SortedList>> {
  const paths = await documentedPaths<Operation>(ctx);
  const tables = await schemaTables();
  const lists = new Map<string, SortedList>();
  for (const [url, definition] of await listDefinitions()) {
    const sorts = listSorts(definition);
    const parameters = paths[url]?.get?.parameters ?? [];
    const documented = parameters.find((p) => p.in === 'query' && p.name === 'sort')?.schema?.enum;
    expect(documented?.filter((value) => !value.startsWith('-')) ?? [], url).toEqual(sorts);
    if (sorts.length === 0) continue;
    lists.set(url, {
      sorts,
      search: parameters.some((p) => p.name === 'search'),
      types: sortTypes(definition, sorts, tables),
    });
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

/** How many neighbours are out of order, by (value, id), as PostgreSQL compares them. */
async function misordered(
  items: Item[],
  field: string,
  type: string,
  descending: boolean,
): Promise<number> {
  const value = (item: Item) => (item[field] === null ? null : String(item[field]));
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

test('each list sorts by each of its sortable columns, both ways, ties by id, pages never overlap or skip', async () => {
  const lists = await sortedLists();
  // The enumeration finds the lists (a sample that must be among them), and a numeric sort is
  // compared as a number, not as text.
  expect([...lists.keys()]).toEqual(expect.arrayContaining(['/api/offers', '/api/users']));
  expect(lists.get('/api/offers')?.types.priceNumeric).toMatch(/^numeric/);
  for (const [url, { sorts, search, types }] of lists) {
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
          expect(await misordered(whole, sort, types[sort]!, false), label).toBe(0);
        }
        // Small pages, so the late ones are read from the far end of the index.
        const paged = await readAll(url, `sort=${sort}${filter}`, 7);
        expect(paged.map(idOf), `${label} page by page`).toEqual(ids);

        const reversed = await readAll(url, `sort=-${sort}${filter}`, 100);
        expect(reversed.map(idOf), `${label} descending`).toEqual([...ids].reverse());
        if (whole[0]?.[sort] !== undefined) {
          expect(await misordered(reversed, sort, types[sort]!, true), `${label} descending`).toBe(
            0,
          );
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
