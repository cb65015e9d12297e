import { expect } from 'vitest';
import type { TestAdmin } from './admins.ts';
import type { TestContext } from './context.ts';

/**
 * GET `url` with the query as the admin; expects 200 with the envelope and answers its `data`,
 * typed by the contract's response type (e.g. `getData<UserListResponse>(...)`).
 */
export async function getData<Response extends { data: unknown }>(
  ctx: Pick<TestContext, 'app'>,
  admin: TestAdmin,
  url: string,
  query: Record<string, string | number> = {},
): Promise<Response['data']> {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<Response & { success: boolean }>();
  expect(body.success).toBe(true);
  return body.data;
}
