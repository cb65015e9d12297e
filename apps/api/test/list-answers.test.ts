import { auditListResponse } from '@cask/contracts/audit';
import { adminListResponse } from '@cask/contracts/admins';
import { caskListResponse } from '@cask/contracts/casks';
import {
  customerCasksResponse,
  customerNotificationsResponse,
  customerOrdersResponse,
  customerPastCasksResponse,
  customerPointsResponse,
  customerReferralsResponse,
} from '@cask/contracts/customer-records';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import { notificationListResponse } from '@cask/contracts/notifications';
import { offerListResponse } from '@cask/contracts/offers';
import { orderListResponse } from '@cask/contracts/orders';
import { referralListResponse } from '@cask/contracts/referrals';
import { rewardListResponse } from '@cask/contracts/rewards';
import { userListResponse } from '@cask/contracts/users';
import { beforeAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';
import { useTestContext } from './support/app.ts';
import { createNotification, createOffer } from './support/factories.ts';
import { BULK_SEARCH_TERMS, seedListData } from './support/list-against-sql.ts';

// Every list answer, parsed with its contract, comes out exactly as it went in: nothing missing,
// mistyped, or extra to strip. The list routes are read from the app's own OpenAPI document (every
// GET whose answer has `data.pagination`), so a new list cannot be left out: it fails below until
// its contract is added to CONTRACTS. The routes' serializer checks each answer too (a mismatch
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
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = res.json().paths as Record<string, Record<string, Operation>>;
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
const CONTRACTS: Record<string, z.ZodType> = {
  '/api/users': userListResponse,
  '/api/referrals/admin/rewards': rewardListResponse,
  '/api/notifications': notificationListResponse,
  '/api/offers': offerListResponse,
  '/api/casks': caskListResponse,
  '/api/purchases': orderListResponse,
  '/api/referrals': referralListResponse,
  '/api/audit': auditListResponse,
  '/api/admins': adminListResponse,
  // The customer page's sections (issue 30), for the customer with the most orders.
  '/api/users/{id}/casks': customerCasksResponse,
  '/api/users/{id}/past-casks': customerPastCasksResponse,
  '/api/users/{id}/orders': customerOrdersResponse,
  '/api/users/{id}/referrals': customerReferralsResponse,
  '/api/users/{id}/points': customerPointsResponse,
  '/api/users/{id}/notifications': customerNotificationsResponse,
};

test('every list answer is exactly what its contract describes', async () => {
  const lists = await documentedLists();
  expect([...lists.keys()].sort()).toEqual(Object.keys(CONTRACTS).sort());
  const [busiest] = rowsOf<{ id: string }>(
    await ctx.database.db.execute(sql`
      select customer_id as id from purchases where deleted_at is null
      group by customer_id order by count(*) desc limit 1`),
  );
  for (const [url, queries] of lists) {
    const schema = CONTRACTS[url]!;
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
