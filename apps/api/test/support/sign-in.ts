import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { AdminRole } from '@cask/contracts/admins';
import { adminSessions } from '../../src/db/schema/admin-sessions.ts';
import { admins } from '../../src/db/schema/admins.ts';
import { authFailures } from '../../src/db/schema/auth-failures.ts';
import { adminRecoveryCodes, adminTotp } from '../../src/db/schema/two-factor.ts';
import { signAccessToken } from '../../src/lib/tokens.ts';
import type { TestContext } from './app.ts';
import { newIp } from './requests.ts';

export interface TestAdmin {
  id: string;
  email: string;
  password: string;
  fullName: string;
  /** A valid access token for this admin. */
  token: string;
  /** The session the token names. */
  sessionId: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/** Creates an active admin straight in the database and mints an access token for it. */
export async function createAdmin(
  ctx: Pick<TestContext, 'database' | 'jwtSecret'>,
  overrides: Partial<{
    email: string;
    password: string;
    fullName: string;
    isActive: boolean;
    role: AdminRole;
  }> = {},
): Promise<TestAdmin> {
  const email = overrides.email ?? `admin-${randomBytes(4).toString('hex')}@example.com`;
  const password = overrides.password ?? 'correct horse 42';
  const fullName = overrides.fullName ?? 'Ada Admin';
  const [row] = await ctx.database.db
    .insert(admins)
    .values({
      email,
      fullName,
      // Low-cost parameters keep the tests fast; production parameters live in lib/password.ts.
      passwordHash: await hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 }),
      isActive: overrides.isActive ?? true,
      // The schema's default: today's behaviour, what the spec allows.
      role: overrides.role ?? 'admin',
    })
    .returning({ id: admins.id, tokenVersion: admins.tokenVersion });
  if (!row) throw new Error('admin insert returned nothing');
  // A session of its own, as a sign-in opens: the token names it (docs/decisions/225).
  const sessionId = randomUUID();
  await ctx.database.db.insert(adminSessions).values({ id: sessionId, adminId: row.id });
  const token = await signAccessToken(ctx.jwtSecret, {
    adminId: row.id,
    tokenVersion: row.tokenVersion,
    sessionId,
  });
  return {
    id: row.id,
    email,
    password,
    fullName,
    token,
    sessionId,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** What the sign-in form sends: an admin of `createAdmin`, or any e-mail and password. */
export interface Credentials {
  email: string;
  password: string;
}

/** Where a request comes from. */
export interface RequestFrom {
  /**
   * The caller's address; a fresh one (`newIp`) unless given, so tests do not count each other's
   * attempts. Give the same one to calls that must share the per-address limits.
   */
  ip?: string;
  /** Extra headers: a `user-agent`, the trusted-device `cookie`, `x-forwarded-for`... */
  headers?: Record<string, string>;
}

/** The tokens a sign-in without a second step answers. */
export interface SignInTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * POST /api/auth/login with the e-mail and password (only those: a `TestAdmin` may be passed
 * as is) from `from.ip`: the answer, whatever it is.
 */
export function postLogin(
  ctx: Pick<TestContext, 'app'>,
  credentials: Credentials,
  from: RequestFrom = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: credentials.email, password: credentials.password },
    remoteAddress: from.ip ?? newIp(),
    ...(from.headers ? { headers: from.headers } : {}),
  });
}

/** Signs in with `postLogin`, expects 200 (no second step) and answers the tokens. */
export async function signInForTokens(
  ctx: Pick<TestContext, 'app'>,
  credentials: Credentials,
  from: RequestFrom = {},
): Promise<SignInTokens> {
  const res = await postLogin(ctx, credentials, from);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SignInTokens }>().data;
}

/**
 * Sets the admin's session's last proof of identity (sign-in or step-up) `seconds` back, so a
 * change that asks for a recent one sees it as that old.
 */
export async function provedSecondsAgo(
  ctx: Pick<TestContext, 'database'>,
  admin: Pick<TestAdmin, 'sessionId'>,
  seconds: number,
): Promise<void> {
  await ctx.database.db
    .update(adminSessions)
    .set({ authenticatedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(adminSessions.id, admin.sessionId));
}

/** The code an authenticator app holding `secret` shows `steps` periods from now. */
export function codeFor(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/**
 * Forgets the admin's last TOTP step spent, so one test can use more codes than one 30 s window
 * holds (a code's step is accepted once).
 */
export async function forgetLastStep(
  ctx: Pick<TestContext, 'database'>,
  adminId: string,
): Promise<void> {
  await ctx.database.db
    .update(adminTotp)
    .set({ lastUsedStep: null })
    .where(eq(adminTotp.adminId, adminId));
}

/**
 * Turns TOTP on for the admin through the Security screen's calls (set-up, then a first code):
 * answers the key and the recovery codes shown once.
 */
export async function enableTotp(
  ctx: Pick<TestContext, 'app'>,
  admin: Pick<TestAdmin, 'headers'>,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await ctx.app.inject({
    method: 'POST',
    url: '/api/security/two-factor/setup',
    headers: admin.headers,
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ data: { secret: string } }>().data;
  const verify = await ctx.app.inject({
    method: 'POST',
    url: '/api/security/two-factor/verify',
    headers: admin.headers,
    payload: { code: codeFor(secret) },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  return {
    secret,
    recoveryCodes: verify.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes,
  };
}

/** Moves `admin`'s session's last activity `seconds` into the past; answers that time. */
export async function sessionLastActiveAgo(
  ctx: Pick<TestContext, 'database'>,
  admin: TestAdmin,
  seconds: number,
): Promise<Date> {
  const [row] = await ctx.database.db
    .update(adminSessions)
    .set({ lastActiveAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(adminSessions.id, admin.sessionId))
    .returning({ lastActiveAt: adminSessions.lastActiveAt });
  if (!row) throw new Error('no session row');
  return row.lastActiveAt;
}

/** `admin`'s session's last activity as stored, in epoch milliseconds (0 for no session). */
export async function sessionLastActive(
  ctx: Pick<TestContext, 'database'>,
  admin: TestAdmin,
): Promise<number> {
  const [row] = await ctx.database.db
    .select({ lastActiveAt: adminSessions.lastActiveAt })
    .from(adminSessions)
    .where(eq(adminSessions.id, admin.sessionId));
  return row?.lastActiveAt.getTime() ?? 0;
}

/** A code that is not right for `secret` now, nor one step either side. */
export function wrongTotpCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((steps) => codeFor(secret, steps)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/**
 * Signs in with the admin's password from `ip` (holding the device `cookie` if given), expects
 * 200 with a second step to come and answers its challenge.
 */
export async function secondFactorChallenge(
  ctx: Pick<TestContext, 'app'>,
  admin: Credentials,
  ip = newIp(),
  cookie?: string,
): Promise<string> {
  const res = await postLogin(ctx, admin, { ip, ...(cookie ? { headers: { cookie } } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.challenge;
}

/**
 * POST the sign-in's second step: `challenge` with a TOTP `code` (or `{ recoveryCode }`) from
 * `ip`, from a browser of its own (`Probe/3.0`) holding the device `cookie` if given. The
 * answer, whatever it is.
 */
export function postSecondFactor(
  ctx: Pick<TestContext, 'app'>,
  challenge: string,
  code: string | { recoveryCode: string },
  ip = newIp(),
  cookie?: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login/second-factor',
    payload: { challenge, ...(typeof code === 'string' ? { code } : code) },
    remoteAddress: ip,
    headers: { 'user-agent': 'Probe/3.0', ...(cookie ? { cookie } : {}) },
  });
}

/**
 * Both steps of a sign-in with a second factor: the admin's password from `ip` (holding the device
 * `cookie` if given; expects the challenge, as `secondFactorChallenge`), then `code` on that
 * challenge from the same address and browser. The second step's answer, whatever it is.
 */
export async function signInWithSecondFactor(
  ctx: Pick<TestContext, 'app'>,
  admin: Credentials,
  code: string | { recoveryCode: string },
  ip = newIp(),
  cookie?: string,
) {
  const challenge = await secondFactorChallenge(ctx, admin, ip, cookie);
  return postSecondFactor(ctx, challenge, code, ip, cookie);
}

/**
 * The device cookie (`cask_device=…`) of the admin's own browser: signed in once with both
 * factors (TOTP of `secret`); the spent steps forgotten before and after.
 */
export async function deviceCookieOf(
  ctx: Pick<TestContext, 'app' | 'database'>,
  admin: TestAdmin,
  secret: string,
): Promise<string> {
  await forgetLastStep(ctx, admin.id);
  const res = await signInWithSecondFactor(ctx, admin, codeFor(secret));
  expect(res.statusCode).toBe(200);
  await forgetLastStep(ctx, admin.id);
  return `cask_device=${res.cookies.find((cookie) => cookie.name === 'cask_device')?.value}`;
}

/** The digests of the admin's recovery codes as stored (decision 299). */
export async function recoveryCodeDigests(
  ctx: Pick<TestContext, 'database'>,
  adminId: string,
): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ codeHash: adminRecoveryCodes.codeHash })
    .from(adminRecoveryCodes)
    .where(eq(adminRecoveryCodes.adminId, adminId));
  return rows.map((row) => row.codeHash);
}

/** GET a new access token for `refreshToken` (the refresh-token rotation): the answer. */
export function refreshSession(ctx: Pick<TestContext, 'app'>, refreshToken: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/auth/refresh-token',
    query: { refreshToken },
  });
}

/**
 * Failed sign-ins recorded for `email` as if `count` guesses came from as many addresses (a
 * botnet), straight in the database.
 */
export async function recordSignInFailures(
  ctx: Pick<TestContext, 'database'>,
  email: string,
  count: number,
): Promise<void> {
  await ctx.database.db
    .insert(authFailures)
    .values(Array.from({ length: count }, () => ({ kind: 'login' as const, email, ip: newIp() })));
}

/**
 * POST a password change as `admin` from `ip`: `currentPassword` as given, 'brand new secret'
 * as the new one. The answer, whatever it is.
 */
export function changePassword(
  ctx: Pick<TestContext, 'app'>,
  admin: TestAdmin,
  currentPassword: string,
  ip = newIp(),
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: admin.headers,
    payload: { currentPassword, newPassword: 'brand new secret' },
    remoteAddress: ip,
  });
}
