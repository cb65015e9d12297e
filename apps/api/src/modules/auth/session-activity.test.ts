import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { adminSessions } from '../../db/schema/admin-sessions.ts';
import { createAdmin, postLogin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { bearer } from '../../../test/support/requests.ts';
import { useTestContext } from '../../../test/support/app.ts';

// Issue 41 item 15: the Security screen's 'Last active' moves with the session's use, not only
// with its refreshes (an access token lives 15 minutes), and costs at most one write a minute.
const ctx = useTestContext();

/** Moves the session's last activity `seconds` into the past; returns that time. */
async function lastActiveAgo(admin: TestAdmin, seconds: number): Promise<Date> {
  const [row] = await ctx.database.db
    .update(adminSessions)
    .set({ lastActiveAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(adminSessions.id, admin.sessionId))
    .returning({ lastActiveAt: adminSessions.lastActiveAt });
  if (!row) throw new Error('no session row');
  return row.lastActiveAt;
}

async function storedLastActive(admin: TestAdmin): Promise<number> {
  const [row] = await ctx.database.db
    .select({ lastActiveAt: adminSessions.lastActiveAt })
    .from(adminSessions)
    .where(eq(adminSessions.id, admin.sessionId));
  return row?.lastActiveAt.getTime() ?? 0;
}

function use(admin: TestAdmin, url = '/api/auth/profile') {
  return ctx.app.inject({ method: 'GET', url, headers: admin.headers });
}

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
  const before = await lastActiveAgo(admin, 11 * 60);

  expect((await use(admin)).statusCode).toBe(200);
  await expect
    .poll(() => storedLastActive(admin))
    .toBeGreaterThan(before.getTime() + 10 * 60 * 1000);

  const list = await use(admin, '/api/security/sessions');
  const current = (list.json().data.sessions as { current: boolean; lastActiveAt: string }[]).find(
    (row) => row.current,
  );
  expect(Date.now() - Date.parse(current?.lastActiveAt ?? '')).toBeLessThan(60_000);
});

test('within a minute of the last recorded activity, requests write nothing', async () => {
  const admin = await createAdmin(ctx);
  const recorded = await lastActiveAgo(admin, 30);

  for (let i = 0; i < 3; i++) expect((await use(admin)).statusCode).toBe(200);
  // Statements run in order on the test database: a write fired by those requests comes first.
  expect(await storedLastActive(admin)).toBe(recorded.getTime());
});

test('an ended session is not brought back to life by a late request', async () => {
  const admin = await createAdmin(ctx);
  const before = await lastActiveAgo(admin, 5 * 60);
  await ctx.database.db
    .update(adminSessions)
    .set({ endedAt: sql`now()` })
    .where(eq(adminSessions.id, admin.sessionId));

  expect((await use(admin)).statusCode).toBe(401);
  expect(await storedLastActive(admin)).toBe(before.getTime());
});
