import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { createAdmin } from '../../test/support/sign-in.ts';
import { useTestContext } from '../../test/support/app.ts';
import { admins } from '../db/schema/admins.ts';
import { ACCOUNT_DISABLED, TOKEN_ENDED } from '../lib/errors.ts';

const ctx = useTestContext();

// Every list, like every other route, is refused on the very next request after a change to the
// admin (docs/architecture.md#authentication): each list's first page, and a search's later page.
const LISTS = [
  '/api/users',
  '/api/referrals/admin/rewards',
  '/api/notifications',
  '/api/offers',
  '/api/casks',
  '/api/purchases',
  '/api/referrals',
].flatMap((url) => [
  url,
  url === '/api/notifications' ? `${url}?page=2&limit=5` : `${url}?search=a&page=2&limit=5`,
]);

async function getStatusAndBody(url: string, headers: Record<string, string>) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<{ success: boolean; message?: string }>() };
}

test('every list refuses a disabled admin and an ended session on the next request', async () => {
  const admin = await createAdmin(ctx);
  for (const url of LISTS) {
    expect((await getStatusAndBody(url, admin.headers)).status, url).toBe(200);
  }
  await ctx.database.db.update(admins).set({ isActive: false }).where(eq(admins.id, admin.id));
  for (const url of LISTS) {
    const res = await getStatusAndBody(url, admin.headers);
    expect(res, url).toEqual({ status: 401, body: { success: false, message: ACCOUNT_DISABLED } });
  }
  await ctx.database.db
    .update(admins)
    .set({ isActive: true, tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(eq(admins.id, admin.id));
  for (const url of LISTS) {
    const res = await getStatusAndBody(url, admin.headers);
    expect(res, url).toEqual({ status: 401, body: { success: false, message: TOKEN_ENDED } });
  }
  await ctx.database.db.delete(admins).where(eq(admins.id, admin.id));
  for (const url of LISTS) {
    expect((await getStatusAndBody(url, admin.headers)).status, url).toBe(401);
    expect((await getStatusAndBody(url, {})).status, url).toBe(401);
  }
});
