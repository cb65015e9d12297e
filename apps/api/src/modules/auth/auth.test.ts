import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { expect, test } from 'vitest';
import { admins } from '../../db/schema/admins.ts';
import { authFailures } from '../../db/schema/auth-failures.ts';
import { refreshTokens } from '../../db/schema/refresh-tokens.ts';
import { hashRefreshToken } from '../../lib/tokens.ts';
import {
  createAdmin,
  changePassword,
  postLogin,
  recordSignInFailures,
  refreshSession,
  signInForTokens,
} from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { bearer, callWithToken, newIp } from '../../../test/support/requests.ts';
import { auditActions, auditEntriesOf } from '../../../test/support/factories.ts';

const ctx = useTestContext();

test('an admin signs in with e-mail and password and gets an access and a refresh token', async () => {
  const admin = await createAdmin(ctx, { fullName: 'Morag Malt' });
  const res = await postLogin(ctx, { email: admin.email.toUpperCase(), password: admin.password });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.success).toBe(true);
  expect(body.data.accessToken.split('.')).toHaveLength(3);
  expect(body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const profile = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/profile',
    headers: bearer(body.data.accessToken),
  });
  expect(profile.statusCode).toBe(200);
  expect(profile.json().data.user).toEqual({
    id: admin.id,
    fullName: 'Morag Malt',
    email: admin.email,
    phone: null,
    role: 'admin',
    avatar: null,
  });
});

test('the refresh token is stored only as its SHA-256', async () => {
  const admin = await createAdmin(ctx);
  const { refreshToken } = await signInForTokens(ctx, admin);
  const rows = await ctx.database.db
    .select({ tokenHash: refreshTokens.tokenHash })
    .from(refreshTokens)
    .where(eq(refreshTokens.adminId, admin.id));
  expect(rows).toEqual([{ tokenHash: hashRefreshToken(refreshToken) }]);
  expect(JSON.stringify(rows)).not.toContain(refreshToken);
});

test('a wrong password and an unknown e-mail get the same 401 answer', async () => {
  const admin = await createAdmin(ctx);
  const wrongPassword = await postLogin(ctx, { email: admin.email, password: 'not the password' });
  const unknownEmail = await postLogin(ctx, {
    email: 'nobody@example.com',
    password: 'not the password',
  });
  expect(wrongPassword.statusCode).toBe(401);
  expect(unknownEmail.statusCode).toBe(401);
  expect(wrongPassword.json()).toEqual({ success: false, message: 'Invalid email or password' });
  expect(unknownEmail.json()).toEqual(wrongPassword.json());
});

test('an inactive admin cannot sign in, even with the right password', async () => {
  const admin = await createAdmin(ctx, { isActive: false });
  const res = await postLogin(ctx, admin);
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toMatch(/inactive/);
  expect(res.json().data).toBeUndefined();
});

test('sign-in input is validated field by field', async () => {
  const res = await postLogin(ctx, { email: 'not-an-email', password: '' });
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.errors).toEqual(
    expect.arrayContaining([
      { field: 'email', message: 'Invalid username' },
      { field: 'password', message: 'Password is required' },
    ]),
  );
});

test('five wrong passwords from one address: the 6th try from it is refused with 429 and Retry-After, even with the right password', async () => {
  const admin = await createAdmin(ctx);
  const ip = newIp();
  for (let i = 0; i < 5; i++) {
    expect(
      (await postLogin(ctx, { email: admin.email, password: `wrong ${i}` }, { ip })).statusCode,
    ).toBe(401);
  }
  const sixth = await postLogin(ctx, { email: admin.email, password: 'wrong again' }, { ip });
  expect(sixth.statusCode).toBe(429);
  expect(sixth.json().message).toMatch(/Too many failed sign-in attempts/);
  const retryAfter = Number(sixth.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  const rightPassword = await postLogin(ctx, admin, { ip });
  expect(rightPassword.statusCode).toBe(429);
  expect(rightPassword.json().data).toBeUndefined();

  // Fifteen minutes later the failures have aged out of the window.
  await ctx.database.db
    .update(authFailures)
    .set({ createdAt: sql`${authFailures.createdAt} - interval '16 minutes'` })
    .where(eq(authFailures.email, admin.email));
  expect((await postLogin(ctx, admin, { ip })).statusCode).toBe(200);
});

test('nobody can lock an admin out: the right password from an address that has not failed always signs in', async () => {
  const admin = await createAdmin(ctx);
  // Five wrong passwords from anywhere, then far beyond the per-account limit (a botnet).
  for (let i = 0; i < 5; i++)
    expect((await postLogin(ctx, { email: admin.email, password: `wrong ${i}` })).statusCode).toBe(
      401,
    );
  expect((await postLogin(ctx, admin)).statusCode).toBe(200);
  await recordSignInFailures(ctx, admin.email, 150);
  expect((await postLogin(ctx, admin)).statusCode).toBe(200);
});

test('over the per-account limit, an address that has failed gets no further guesses at that account', async () => {
  const admin = await createAdmin(ctx);
  await recordSignInFailures(ctx, admin.email, 100);
  const ip = newIp();
  // Its first guess is let through (the address has not failed), the next is refused.
  expect(
    (await postLogin(ctx, { email: admin.email, password: 'guess 1' }, { ip })).statusCode,
  ).toBe(401);
  const second = await postLogin(ctx, { email: admin.email, password: 'guess 2' }, { ip });
  expect(second.statusCode).toBe(429);
  // One guess per address and window: it may guess again once its own failures aged out.
  expect(Number(second.headers['retry-after'])).toBeGreaterThan(14 * 60);
  expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  await ctx.database.db
    .update(authFailures)
    .set({ createdAt: sql`${authFailures.createdAt} - interval '16 minutes'` })
    .where(eq(authFailures.ip, ip));
  expect((await postLogin(ctx, admin, { ip })).statusCode).toBe(200);
});

test('unknown e-mails are throttled exactly like real accounts', async () => {
  const email = `ghost-${randomBytes(4).toString('hex')}@example.com`;
  const ip = newIp();
  for (let i = 0; i < 5; i++)
    expect((await postLogin(ctx, { email, password: 'guess' }, { ip })).statusCode).toBe(401);
  expect((await postLogin(ctx, { email, password: 'guess' }, { ip })).statusCode).toBe(429);
});

test('successful sign-ins do not count towards the throttle', async () => {
  const admin = await createAdmin(ctx);
  const ip = newIp();
  for (let i = 0; i < 7; i++) expect((await postLogin(ctx, admin, { ip })).statusCode).toBe(200);
});

test('30 failed sign-ins from one address block it for accounts never signed in from there, not for those that were', async () => {
  const office = newIp();
  const regular = await createAdmin(ctx);
  const newcomer = await createAdmin(ctx);
  expect((await postLogin(ctx, regular, { ip: office })).statusCode).toBe(200);
  for (let i = 0; i < 30; i++) {
    const res = await postLogin(
      ctx,
      { email: `spray-${i}@example.com`, password: 'guess' },
      { ip: office },
    );
    expect(res.statusCode).toBe(401);
  }
  const blocked = await postLogin(ctx, newcomer, { ip: office });
  expect(blocked.statusCode).toBe(429);
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  // The admin who signs in from this office is not locked out by the others' failures.
  expect((await postLogin(ctx, regular, { ip: office })).statusCode).toBe(200);
  // The blocked account itself is fine from elsewhere.
  expect((await postLogin(ctx, newcomer)).statusCode).toBe(200);
});

test('a refresh rotates the refresh token and gives a working access token', async () => {
  const admin = await createAdmin(ctx);
  const first = await signInForTokens(ctx, admin);
  const res = await refreshSession(ctx, first.refreshToken);
  expect(res.statusCode).toBe(200);
  const next = res.json().data;
  expect(next.refreshToken).not.toBe(first.refreshToken);
  const profile = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/profile',
    headers: bearer(next.accessToken),
  });
  expect(profile.statusCode).toBe(200);
  expect((await refreshSession(ctx, next.refreshToken)).statusCode).toBe(200);
});

test('a spent refresh token presented again revokes its whole family, the newest token included', async () => {
  const admin = await createAdmin(ctx);
  const first = await signInForTokens(ctx, admin);
  const otherSession = await signInForTokens(ctx, admin);
  const second = (await refreshSession(ctx, first.refreshToken)).json().data;
  const third = (await refreshSession(ctx, second.refreshToken)).json().data;

  const replay = await refreshSession(ctx, first.refreshToken);
  expect(replay.statusCode).toBe(401);
  expect(replay.json().message).toContain('You are not authorized');
  expect((await refreshSession(ctx, third.refreshToken)).statusCode).toBe(401);
  // Another sign-in is another family: untouched.
  expect((await refreshSession(ctx, otherSession.refreshToken)).statusCode).toBe(200);
  const [family] = await ctx.database.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(first.refreshToken)));
  expect(await auditActions(ctx, family!.familyId)).toEqual(['auth.refresh_token_reused']);
});

test('two tabs refreshing with the same token at once all get the same new pair, and the session lives on', async () => {
  const admin = await createAdmin(ctx);
  const session = await signInForTokens(ctx, admin);
  const answers = await Promise.all([1, 2, 3].map(() => refreshSession(ctx, session.refreshToken)));
  expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
  const pairs = answers.map((res) => res.json().data);
  expect(new Set(pairs.map((pair) => pair.refreshToken)).size).toBe(1);
  for (const pair of pairs) {
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(pair.accessToken),
    });
    expect(profile.statusCode).toBe(200);
  }
  expect((await refreshSession(ctx, pairs[0].refreshToken)).statusCode).toBe(200);
});

test('the just-rotated token used again after the grace period revokes the family', async () => {
  const admin = await createAdmin(ctx);
  const first = await signInForTokens(ctx, admin);
  const second = (await refreshSession(ctx, first.refreshToken)).json().data;
  await ctx.database.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now() - interval '31 seconds'` })
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(first.refreshToken)));
  expect((await refreshSession(ctx, first.refreshToken)).statusCode).toBe(401);
  expect((await refreshSession(ctx, second.refreshToken)).statusCode).toBe(401);
});

test('unknown, malformed and expired refresh tokens are refused with 401', async () => {
  const unknown = await refreshSession(ctx, randomBytes(32).toString('base64url'));
  expect(unknown.statusCode).toBe(401);
  expect(unknown.json().message).toContain('You are not authorized');

  const missing = await ctx.app.inject({ method: 'GET', url: '/api/auth/refresh-token' });
  expect(missing.statusCode).toBe(400);

  const admin = await createAdmin(ctx);
  const { refreshToken } = await signInForTokens(ctx, admin);
  await ctx.database.db
    .update(refreshTokens)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
  expect((await refreshSession(ctx, refreshToken)).statusCode).toBe(401);
});

test('an admin made inactive cannot refresh any more', async () => {
  const admin = await createAdmin(ctx);
  const { refreshToken } = await signInForTokens(ctx, admin);
  await ctx.database.db.update(admins).set({ isActive: false }).where(eq(admins.id, admin.id));
  expect((await refreshSession(ctx, refreshToken)).statusCode).toBe(401);
});

test('logout revokes the session of the refresh token and is audited', async () => {
  const admin = await createAdmin(ctx);
  const session = await signInForTokens(ctx, admin);
  const rotated = (await refreshSession(ctx, session.refreshToken)).json().data;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    payload: { refreshToken: rotated.refreshToken },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ success: true, message: 'Logged out successfully' });
  expect((await refreshSession(ctx, rotated.refreshToken)).statusCode).toBe(401);

  const [row] = await ctx.database.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(rotated.refreshToken)));
  expect(await auditActions(ctx, row!.familyId)).toEqual(['auth.logout']);

  // Logging out again, or with an unknown token, answers the same and changes nothing.
  const again = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    payload: { refreshToken: rotated.refreshToken },
  });
  expect(again.statusCode).toBe(200);
  expect(await auditActions(ctx, row!.familyId)).toEqual(['auth.logout']);
});

test('the profile needs a valid access token', async () => {
  const none = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile' });
  expect(none.statusCode).toBe(401);
  expect(none.json().message).toContain('You are not authorized');
  const forged = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/profile',
    headers: { authorization: 'Bearer not.a.token' },
  });
  expect(forged.statusCode).toBe(401);
  expect(forged.json().message).toContain('You are not authorized');
});

test('change-password refuses a wrong current password on its field and changes nothing', async () => {
  const admin = await createAdmin(ctx);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: admin.headers,
    payload: { currentPassword: 'not it', newPassword: 'brand new secret' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual([
    { field: 'currentPassword', message: 'Current password is incorrect' },
  ]);
  expect((await postLogin(ctx, admin)).statusCode).toBe(200);
  expect(await auditActions(ctx, admin.id)).toEqual(['auth.signed_in']);
});

test('change-password refuses a new password equal to the current one, and one too short', async () => {
  const admin = await createAdmin(ctx);
  const same = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: admin.headers,
    payload: { currentPassword: admin.password, newPassword: admin.password },
  });
  expect(same.statusCode).toBe(400);
  expect(same.json().errors).toEqual([
    { field: 'newPassword', message: 'New password must be different from the current password' },
  ]);
  const short = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: admin.headers,
    payload: { currentPassword: admin.password, newPassword: 'short' },
  });
  expect(short.statusCode).toBe(400);
  expect(short.json().errors).toEqual([
    { field: 'newPassword', message: 'Password must be at least 8 characters' },
  ]);
});

test('change-password needs a signed-in admin', async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: { currentPassword: 'whatever1', newPassword: 'whatever2' },
  });
  expect(res.statusCode).toBe(401);
});

test('a password change ends every other session, keeps this browser signed in and is audited', async () => {
  const admin = await createAdmin(ctx);
  const otherBrowser = await signInForTokens(ctx, admin);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: admin.headers,
    payload: { currentPassword: admin.password, newPassword: 'a much better secret' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe('Password changed successfully!');
  const fresh = res.json().data;
  // Access tokens issued before the change end at once; the fresh one works.
  expect((await callWithToken(ctx, 'GET', '/api/auth/profile', admin.token)).statusCode).toBe(401);
  expect(
    (await callWithToken(ctx, 'GET', '/api/auth/profile', otherBrowser.accessToken)).statusCode,
  ).toBe(401);
  expect((await callWithToken(ctx, 'GET', '/api/auth/profile', fresh.accessToken)).statusCode).toBe(
    200,
  );

  expect((await refreshSession(ctx, otherBrowser.refreshToken)).statusCode).toBe(401);
  expect((await refreshSession(ctx, fresh.refreshToken)).statusCode).toBe(200);
  expect((await postLogin(ctx, admin)).statusCode).toBe(401);
  expect(
    (await postLogin(ctx, { email: admin.email, password: 'a much better secret' })).statusCode,
  ).toBe(200);

  const [stored] = await ctx.database.db
    .select({ hash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.id, admin.id));
  expect(stored!.hash).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
  expect(await auditActions(ctx, admin.id)).toEqual([
    'auth.signed_in',
    'auth.password_changed',
    'auth.sign_in_failed',
    'auth.signed_in',
  ]);
});

test('change-password has a limit of its own: 5 wrong current passwords, then 429, so a stolen token is no password oracle', async () => {
  const admin = await createAdmin(ctx);
  for (let i = 0; i < 5; i++) {
    expect((await changePassword(ctx, admin, `guess ${i}`)).statusCode).toBe(400);
  }
  const sixth = await changePassword(ctx, admin, admin.password);
  expect(sixth.statusCode).toBe(429);
  expect(sixth.headers['retry-after']).toBeDefined();
  // Its failures are not sign-in failures: signing in is not slowed by them.
  expect((await postLogin(ctx, admin)).statusCode).toBe(200);
});

test('sign-in failures never block change-password', async () => {
  const office = newIp();
  const admin = await createAdmin(ctx);
  for (let i = 0; i < 30; i++)
    await postLogin(ctx, { email: `spray-${i}@example.com`, password: 'guess' }, { ip: office });
  for (let i = 0; i < 5; i++)
    await postLogin(ctx, { email: admin.email, password: `wrong ${i}` }, { ip: office });
  await recordSignInFailures(ctx, admin.email, 150);
  expect((await changePassword(ctx, admin, admin.password, office)).statusCode).toBe(200);
});

test('the refresh token in the query string never reaches the log', async () => {
  const admin = await createAdmin(ctx);
  const { refreshToken, accessToken } = await signInForTokens(ctx, admin);
  const res = await refreshSession(ctx, refreshToken);
  expect(res.statusCode).toBe(200);
  const logs = ctx.logs.join('');
  expect(logs).toContain('/api/auth/refresh-token?refreshToken=[redacted]');
  expect(logs).not.toContain(refreshToken);
  expect(logs).not.toContain(res.json().data.refreshToken);
  expect(logs).not.toContain(accessToken);
  expect(logs).not.toContain(admin.password);
});

test('logout ends its own session at once, access token too, and no other browser', async () => {
  const admin = await createAdmin(ctx);
  const session = await signInForTokens(ctx, admin);
  const otherBrowser = await signInForTokens(ctx, admin);
  expect(
    (await callWithToken(ctx, 'GET', '/api/auth/profile', session.accessToken)).statusCode,
  ).toBe(200);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    payload: { refreshToken: session.refreshToken },
  });
  expect(res.statusCode).toBe(200);
  expect(
    (await callWithToken(ctx, 'GET', '/api/auth/profile', session.accessToken)).statusCode,
  ).toBe(401);
  expect((await refreshSession(ctx, session.refreshToken)).statusCode).toBe(401);
  // The other browser goes on with the tokens it has (docs/decisions/225).
  expect(
    (await callWithToken(ctx, 'GET', '/api/auth/profile', otherBrowser.accessToken)).statusCode,
  ).toBe(200);
  const renewed = await refreshSession(ctx, otherBrowser.refreshToken);
  expect(renewed.statusCode).toBe(200);
  expect(
    (await callWithToken(ctx, 'GET', '/api/auth/profile', renewed.json().data.accessToken))
      .statusCode,
  ).toBe(200);
  // Signing in again works at once too.
  expect(
    (
      await callWithToken(
        ctx,
        'GET',
        '/api/auth/profile',
        (await signInForTokens(ctx, admin)).accessToken,
      )
    ).statusCode,
  ).toBe(200);
});

test('a detected refresh token reuse ends the access tokens issued before it, at once', async () => {
  const admin = await createAdmin(ctx);
  const first = await signInForTokens(ctx, admin);
  const second = (await refreshSession(ctx, first.refreshToken)).json().data;
  await ctx.database.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now() - interval '1 hour'` })
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(first.refreshToken)));
  expect((await refreshSession(ctx, first.refreshToken)).statusCode).toBe(401);
  expect(
    (await callWithToken(ctx, 'GET', '/api/auth/profile', second.accessToken)).statusCode,
  ).toBe(401);
});

test('a token signed with the real key but with malformed claims answers 401, never 500', async () => {
  const admin = await createAdmin(ctx);
  const signed = (claims: Record<string, unknown>, subject: string) =>
    new SignJWT({ typ: 'access', ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer('cask-admin')
      .setAudience('cask-admin-web')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(ctx.jwtSecret));
  const tokens = await Promise.all([
    signed({ ver: 0 }, 'not-a-uuid'),
    signed({ ver: 0 }, "' or 1=1 --"),
    signed({ ver: '0' }, admin.id),
    signed({ ver: -1 }, admin.id),
    signed({}, admin.id),
  ]);
  for (const token of tokens) {
    const res = await callWithToken(ctx, 'GET', '/api/auth/profile', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('You are not authorized');
  }
  expect(ctx.logs.join('')).not.toContain('not-a-uuid');
});

test('the refresh route takes only the exact parameter name, and no spelling of it is logged', async () => {
  const admin = await createAdmin(ctx);
  const { refreshToken } = await signInForTokens(ctx, admin);
  const spellings = [
    `refresh%54oken=${refreshToken}`,
    `%72efreshToken=${refreshToken}`,
    `refresh%2554oken=${refreshToken}`,
    `x=1&REFRESHTOKEN=${refreshToken}`,
    `refresh_token=${refreshToken}`,
  ];
  for (const query of spellings) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/refresh-token?${query}` });
    expect(res.statusCode, query).toBe(400);
  }
  expect(ctx.logs.join('')).not.toContain(refreshToken);
  // The session was not touched: the token still refreshes under its exact name.
  expect((await refreshSession(ctx, refreshToken)).statusCode).toBe(200);
  expect(ctx.logs.join('')).not.toContain(refreshToken);
});

test('sign-ins are audited, successful or not, with address, user agent and reason, never the password', async () => {
  const admin = await createAdmin(ctx);
  const inactive = await createAdmin(ctx, { isActive: false });
  const ghost = `ghost-${randomBytes(4).toString('hex')}@example.com`;
  const ip = newIp();
  const attempt = (email: string, password: string) =>
    postLogin(ctx, { email, password }, { ip, headers: { 'user-agent': 'Probe/1.0' } });
  expect((await attempt(admin.email, 'wrong secret 1')).statusCode).toBe(401);
  expect((await attempt(admin.email, admin.password)).statusCode).toBe(200);
  expect((await attempt(ghost, 'wrong secret 2')).statusCode).toBe(401);
  expect((await attempt(inactive.email, inactive.password)).statusCode).toBe(403);
  for (let i = 0; i < 5; i++) await attempt(ghost, 'wrong secret 3');
  expect((await attempt(ghost, 'wrong secret 4')).statusCode).toBe(429);

  const rows = await auditEntriesOf(ctx, { ip });
  const summary = rows.map((row) => ({
    adminId: row.adminId,
    action: row.action,
    ...(row.after as object),
  }));
  expect(summary[0]).toEqual({
    adminId: admin.id,
    action: 'auth.sign_in_failed',
    email: admin.email,
    method: 'password',
    reason: 'wrong_password',
    userAgent: 'Probe/1.0',
  });
  expect(summary[1]).toEqual({
    adminId: admin.id,
    action: 'auth.signed_in',
    email: admin.email,
    userAgent: 'Probe/1.0',
    method: 'password',
    sessionId: expect.any(String),
  });
  expect(summary[2]).toMatchObject({ adminId: null, email: ghost, reason: 'unknown_email' });
  expect(summary[3]).toMatchObject({ adminId: inactive.id, reason: 'inactive' });
  expect(summary.at(-1)).toMatchObject({ adminId: null, email: ghost, reason: 'throttled' });
  expect(rows.every((row) => row.ip === ip)).toBe(true);
  const text = JSON.stringify(rows);
  for (const secret of ['wrong secret', admin.password, inactive.password]) {
    expect(text).not.toContain(secret);
  }
});
