import { caskListResponse } from '@cask/contracts/casks';
import { notificationListResponse } from '@cask/contracts/notifications';
import { offerListResponse } from '@cask/contracts/offers';
import { orderListResponse } from '@cask/contracts/orders';
import { referralListResponse } from '@cask/contracts/referrals';
import { rewardListResponse } from '@cask/contracts/rewards';
import { userListResponse } from '@cask/contracts/users';
import { beforeAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { createAdmin, type TestAdmin } from './admins.ts';
import { useTestContext } from './context.ts';
import { createNotification, createOffer } from './factories.ts';
import { BULK_SEARCH_TERMS, seedListData } from './list-against-sql.ts';

// The list routes write their answers without parsing them again with the response schema
// (lib/list-route.ts, docs/decisions/170): the list pipeline maps each row straight into the
// contract's shape. This proves it on real data: every list's answer, parsed with its contract,
// comes out exactly as it went in (nothing missing, mistyped, or extra to strip).
const ctx = useTestContext();
let admin: TestAdmin;

beforeAll(async () => {
  await seedListData(ctx, 300);
  admin = await createAdmin(ctx);
  // Rows of kinds the bulk data may lack: one more offer and a notification to every admin.
  await createOffer(ctx);
  await createNotification(ctx, { isGlobal: true });
}, 120_000);

const term = BULK_SEARCH_TERMS.common;
const LISTS: [string, z.ZodType, string[]][] = [
  ['/api/users', userListResponse, ['page=1&limit=6', `search=${term}`, 'page=999&limit=6']],
  ['/api/referrals/admin/rewards', rewardListResponse, ['page=1&limit=6', `search=${term}`]],
  ['/api/notifications', notificationListResponse, ['page=1&limit=10', 'page=2&limit=5']],
  ['/api/offers', offerListResponse, ['page=1&limit=10', 'type=bottle', 'search=year%20old']],
  ['/api/casks', caskListResponse, ['page=1&limit=10', 'search=glen', 'page=3&limit=10']],
  ['/api/purchases', orderListResponse, ['page=1&limit=20', 'status=Pending', `search=${term}`]],
  [
    '/api/referrals',
    referralListResponse,
    ['page=1&limit=10', 'status=completed', `search=${term}`],
  ],
];

test('every list answer is exactly what its contract describes', async () => {
  for (const [url, schema, queries] of LISTS) {
    for (const query of queries) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${url}?${query}`,
        headers: admin.headers,
      });
      expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body: unknown = res.json();
      expect(schema.parse(body), `${url}?${query}`).toEqual(body);
    }
  }
});
