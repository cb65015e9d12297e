import { eq, type SQL } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { useTestContext } from '../../../test/support/app.ts';
import { createCustomer, uniqueMarker } from '../../../test/support/factories.ts';
import { customers } from '../../db/schema/customers.ts';
import { createUserList } from './customers.repository.ts';
import type { Database } from '../../db/client.ts';

// How db/list.ts sends a list's one statement (decision 189): a page without a search is a named
// statement on its generic plan; a search is planned for its term on every call, and counts its
// matches only when the data it searches has changed since this process last counted.
const ctx = useTestContext();
const dense = uniqueMarker('dense');
const rare = uniqueMarker('rare');
let renamed: string;

beforeAll(async () => {
  for (let i = 0; i < 20; i++) await createCustomer(ctx, { fullName: `${dense} ${i}` });
  renamed = (await createCustomer(ctx, { fullName: `${rare} one` })).id;
  for (let i = 0; i < 9; i++) await createCustomer(ctx);
});

/** The users list on a database that records how each statement was sent and what it counted. */
function recordedList() {
  const calls: { prepared: boolean; counted: unknown }[] = [];
  // db/list.ts sends drizzle `sql` only; ReadRows's text form goes with issue 42's part 2.
  const readRows = async (query: SQL, options: { prepared: boolean }) => {
    const rows = await ctx.database.readRows(query, options);
    calls.push({ prepared: options.prepared, counted: rows[0]?.[1] });
    return rows;
  };
  const database: Database = { ...ctx.database, readRows: readRows as Database['readRows'] };
  return { list: createUserList(database), calls };
}

test('a page without a search is prepared and counts nothing', async () => {
  const { list, calls } = recordedList();
  await list({ page: 1, limit: 6 });
  await list({ page: 2, limit: 6 });
  expect(calls).toEqual([
    { prepared: true, counted: null },
    { prepared: true, counted: null },
  ]);
});

test('a search counts its matches once, and again only after a change to what it searches', async () => {
  const { list, calls } = recordedList();
  const first = await list({ page: 1, limit: 6, search: dense });
  const again = await list({ page: 2, limit: 6, search: dense });
  expect([first.pagination.total, again.pagination.total]).toEqual([20, 20]);
  expect(calls).toEqual([
    { prepared: false, counted: 20 },
    { prepared: false, counted: null },
  ]);
  expect((await list({ page: 1, limit: 6, search: rare })).pagination.total).toBe(1);
  // A rename moves customers.search_version in its own transaction: the next answer counts again.
  await ctx.database.db
    .update(customers)
    .set({ fullName: `${dense} 20` })
    .where(eq(customers.id, renamed));
  calls.length = 0;
  const after = await list({ page: 1, limit: 6, search: dense });
  expect(after.pagination.total).toBe(21);
  expect(calls).toEqual([{ prepared: false, counted: 21 }]);
  expect((await list({ page: 1, limit: 6, search: rare })).pagination.total).toBe(0);
});
