import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';
import { useTestContext } from './support/app.ts';
import { createNotification, createOffer } from './support/factories.ts';
import { BULK_SEARCH_TERMS, seedListData } from './support/list-against-sql.ts';
import { listDefinitions } from './support/list-definitions.ts';
import { documentedPaths } from './support/openapi.ts';

// Every list answer, parsed with its contract, comes out exactly as it went in: nothing missing,
// mistyped, or extra to strip. The list routes are read from the app's own OpenAPI document (every
// GET whose answer has `data.pagination`), and each one's contract from the list definitions in
// the contracts (test/support/list-definitions.ts): a list route without a definition fails here, and a
// new list needs no line in this file (issue 42). The routes' serializer checks each answer too (a mismatch
// answers 500); this also proves nothing was stripped on the way.
const ctx = useTestContext();
let admin: TestAdmin;

beforeAll(async () => {
  await seedListData(ctx, 300);
  admin = await createAdmin(ctx);
  // Rows of kinds the bulk data may lack: one more offer and a notification to every admin.
  await createOffer(ctx);
  await createNotification(ctx, { isGlobal: true });
}, 120_000);

interface JsonSchema {
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** Each list route of the OpenAPI document with the queries to try on it. */
async function documentedLists(): Promise<Map<string, string[]>> {
  const paths = await documentedPaths<Operation>(ctx);
  const lists = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(paths)) {
    const get = operations.get;
    const answer = get?.responses?.['200']?.content?.['application/json']?.schema;
    if (!get || !answer?.properties?.data?.properties?.pagination) continue;
    const queries = ['page=1&limit=5', 'page=2&limit=5', 'page=9999&limit=5'];
    for (const parameter of get.parameters ?? []) {
      if (parameter.in !== 'query') continue;
      if (parameter.name === 'search') queries.push(`search=${term}`, 'search=zzqqzz');
      for (const value of parameter.schema?.enum ?? []) {
        queries.push(`${parameter.name}=${encodeURIComponent(String(value))}`);
      }
    }
    lists.set(path, queries);
  }
  return lists;
}

const term = BULK_SEARCH_TERMS.common;
test('every list answer is exactly what its contract describes', async () => {
  const lists = await documentedLists();
  const definitions = await listDefinitions();
  expect([...lists.keys()].sort()).toEqual([...definitions.keys()].sort());
  // The customer page's sections (issue 30) are among them, read for the customer with the most orders.
  expect([...lists.keys()]).toEqual(
    expect.arrayContaining(['/api/offers', '/api/users/{id}/casks']),
  );
  const [busiest] = rowsOf<{ id: string }>(
    await ctx.database.db.execute(sql`
      select customer_id as id from orders where deleted_at is null
      group by customer_id order by count(*) desc limit 1`),
  );
  for (const [url, queries] of lists) {
    const schema = definitions.get(url)!.response;
    for (const query of queries) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${url.replace('{id}', busiest?.id ?? '')}?${query}`,
        headers: admin.headers,
      });
      expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body: unknown = res.json();
      expect(schema.parse(body), `${url}?${query}`).toEqual(body);
    }
  }
});
