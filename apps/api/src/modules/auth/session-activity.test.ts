import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { adminSessions } from '../../db/schema/admin-sessions.ts';
import {
  createAdmin,
  postLogin,
  sessionLastActive,
  sessionLastActiveAgo,
  type TestAdmin,
} from '../../../test/support/sign-in.ts';
import { adminApi } from '../../../test/support/api.ts';
import { bearer } from '../../../test/support/requests.ts';
import { useTestContext } from '../../../test/support/app.ts';

// Issue 41 item 15: the Security screen's 'Last active' moves with the session's use, not only
// with its refreshes (an access token lives 15 minutes), and costs at most one write a minute.
const ctx = useTestContext();

test("a request of a session idle for over a minute moves its 'Last active' to now, as the session list shows", async () => {
  const created = await createAdmin(ctx);
  const login = await postLogin(ctx, created);
  expect(login.statusCode).toBe(200);
  const [signedIn] = await ctx.database.db
    .select({ id: adminSessions.id })
    .from(adminSessions)
    .where(
      sql`${adminSessions.adminId} = ${created.id} and ${adminSessions.id} <> ${created.sessionId}`,
    );
  if (!signedIn) throw new Error('the sign-in opened no session');
  // Signed in 11 minutes ago, the access token still valid: no refresh has moved it since.
  const admin: TestAdmin = {
    ...created,
    sessionId: signedIn.id,
    headers: bearer(login.json().data.accessToken as string),
  };
  const before = await sessionLastActiveAgo(ctx, admin, 11 * 60);

  expect((await adminApi(ctx, admin).get('/api/auth/profile')).statusCode).toBe(200);
  await expect
    .poll(() => sessionLastActive(ctx, admin))
    .toBeGreaterThan(before.getTime() + 10 * 60 * 1000);

  const list = await adminApi(ctx, admin).get('/api/security/sessions');
  const current = (list.json().data.sessions as { current: boolean; lastActiveAt: string }[]).find(
    (row) => row.current,
  );
  expect(Date.now() - Date.parse(current?.lastActiveAt ?? '')).toBeLessThan(60_000);
});

test('within a minute of the last recorded activity, requests write nothing', async () => {
  const admin = await createAdmin(ctx);
  const recorded = await sessionLastActiveAgo(ctx, admin, 30);

  for (let i = 0; i < 3; i++)
    expect((await adminApi(ctx, admin).get('/api/auth/profile')).statusCode).toBe(200);
  // Statements run in order on the test database: a write fired by those requests comes first.
  expect(await sessionLastActive(ctx, admin)).toBe(recorded.getTime());
});

test('an ended session is not brought back to life by a late request', async () => {
  const admin = await createAdmin(ctx);
  const before = await sessionLastActiveAgo(ctx, admin, 5 * 60);
  await ctx.database.db
    .update(adminSessions)
    .set({ endedAt: sql`now()` })
    .where(eq(adminSessions.id, admin.sessionId));

  expect((await adminApi(ctx, admin).get('/api/auth/profile')).statusCode).toBe(401);
  expect(await sessionLastActive(ctx, admin)).toBe(before.getTime());
});
