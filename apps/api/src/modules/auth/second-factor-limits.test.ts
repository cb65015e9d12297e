import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { authFailures, throttledAttempts } from '../../db/schema/auth-failures.ts';
import {
  createAdmin,
  codeFor,
  forgetLastStep,
  enableTotp,
  postLogin,
  postSecondFactor,
  secondFactorChallenge,
  signInWithSecondFactor,
  deviceCookieOf,
  wrongTotpCode,
} from '../../../test/support/sign-in.ts';
import { auditEntriesOf } from '../../../test/support/factories.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { newIp, postAnonymous } from '../../../test/support/requests.ts';
import { resetCodeIn } from '../../../test/support/smtp-sink.ts';

// Wrong second-factor codes, spent challenges and refused attempts in the audit log
// (issue 40, items 4, 5 and 8; docs/decisions/295 and 297).

const ctx = useTestContext();

test('a challenge opens one session: once used, the next code is refused with it', async () => {
  const admin = await createAdmin(ctx);
  const { secret } = await enableTotp(ctx, admin);
  await forgetLastStep(ctx, admin.id);
  const ip = newIp();
  const challenge = await secondFactorChallenge(ctx, admin, ip);
  expect((await postSecondFactor(ctx, challenge, codeFor(secret, 0), ip)).statusCode).toBe(200);
  const again = await postSecondFactor(ctx, challenge, codeFor(secret, 1), ip);
  expect(again.statusCode).toBe(401);
  expect(again.json().message).toBe('The sign-in has expired. Please sign in again.');

  // Two codes at once on one challenge: one session at most.
  await forgetLastStep(ctx, admin.id);
  const raced = await secondFactorChallenge(ctx, admin, ip);
  const answers = await Promise.all([
    postSecondFactor(ctx, raced, codeFor(secret, 0), ip),
    postSecondFactor(ctx, raced, codeFor(secret, 1), ip),
  ]);
  expect(answers.map((res) => res.statusCode).filter((status) => status === 200)).toHaveLength(1);
});

test('a password change or reset ends the sign-ins waiting for their second step', async () => {
  const admin = await createAdmin(ctx);
  const { secret } = await enableTotp(ctx, admin);
  await forgetLastStep(ctx, admin.id);
  const ip = newIp();
  // Someone gave the password, then the admin changed it before the code came.
  const waiting = await secondFactorChallenge(ctx, admin, ip);
  const newPassword = 'Fresh-Bonded-Key-4';
  const changed = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: admin.headers,
    payload: { currentPassword: admin.password, newPassword },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const late = await postSecondFactor(ctx, waiting, codeFor(secret), ip);
  expect(late.statusCode).toBe(401);
  expect(late.json().message).toBe('The sign-in has expired. Please sign in again.');

  // The same after a reset by e-mail code.
  await forgetLastStep(ctx, admin.id);
  const beforeReset = await secondFactorChallenge(ctx, { ...admin, password: newPassword }, ip);
  expect(
    (await postAnonymous(ctx, '/api/auth/forgot-password', { email: admin.email })).statusCode,
  ).toBe(200);
  const { code: otp } = await resetCodeIn(ctx, admin.email);
  const reset = await postAnonymous(ctx, '/api/auth/reset-password', {
    email: admin.email,
    otp,
    newPassword: 'Another-Cooper-Key-5',
  });
  expect(reset.statusCode, reset.body).toBe(200);
  expect((await postSecondFactor(ctx, beforeReset, codeFor(secret), ip)).statusCode).toBe(401);
});

test("five wrong codes spend a challenge; wrong codes elsewhere never refuse the admin's browser or another address", async () => {
  const admin = await createAdmin(ctx);
  const { secret } = await enableTotp(ctx, admin);
  const device = await deviceCookieOf(ctx, admin, secret);

  // Someone with the password, from the admin's own office address.
  const office = newIp();
  for (let round = 0; round < 2; round += 1) {
    const challenge = await secondFactorChallenge(ctx, admin, office);
    for (let i = 0; i < 3 - round; i += 1) {
      expect(
        (await postSecondFactor(ctx, challenge, wrongTotpCode(secret), office)).statusCode,
      ).toBe(400);
    }
  }
  const refused = await signInWithSecondFactor(ctx, admin, codeFor(secret), office);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

  // The admin: from another address, and at the office in their own browser.
  const home = newIp();
  await forgetLastStep(ctx, admin.id);
  expect((await signInWithSecondFactor(ctx, admin, codeFor(secret), home)).statusCode).toBe(200);
  await forgetLastStep(ctx, admin.id);
  expect(
    (await signInWithSecondFactor(ctx, admin, codeFor(secret), office, device)).statusCode,
  ).toBe(200);
  await forgetLastStep(ctx, admin.id);

  // In that browser too, a challenge takes five wrong codes, then it is spent.
  const challenge = await secondFactorChallenge(ctx, admin, office, device);
  for (let i = 0; i < 5; i += 1) {
    expect(
      (await postSecondFactor(ctx, challenge, wrongTotpCode(secret), office, device)).statusCode,
    ).toBe(400);
  }
  expect((await postSecondFactor(ctx, challenge, codeFor(secret), office, device)).statusCode).toBe(
    401,
  );
  expect(
    (await signInWithSecondFactor(ctx, admin, codeFor(secret), office, device)).statusCode,
  ).toBe(200);
});

test("a step-up or turning two-factor off in the admin's own browser is not refused by wrong codes from its address", async () => {
  const admin = await createAdmin(ctx);
  const { secret } = await enableTotp(ctx, admin);
  const device = await deviceCookieOf(ctx, admin, secret);
  const office = newIp();
  const signedIn = await signInWithSecondFactor(ctx, admin, codeFor(secret), office, device);
  expect(signedIn.statusCode).toBe(200);
  const token = signedIn.json<{ data: { accessToken: string } }>().data.accessToken;
  await forgetLastStep(ctx, admin.id);
  // Someone with the password has tried six codes from the same address (a shared office).
  await ctx.database.db.insert(authFailures).values(
    Array.from({ length: 6 }, () => ({
      kind: 'second_factor' as const,
      email: admin.email,
      ip: office,
    })),
  );
  const stepUp = (cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reauthenticate',
      payload: { code: codeFor(secret) },
      remoteAddress: office,
      headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) },
    });
  expect((await stepUp()).statusCode).toBe(429);
  const confirmed = await stepUp(device);
  expect(confirmed.statusCode, confirmed.body).toBe(200);

  // Turning two-factor off takes a code too, under the same exemption.
  const turnOff = (cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/security/two-factor/disable',
      payload: { password: admin.password, code: codeFor(secret, 1) },
      remoteAddress: office,
      headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) },
    });
  expect((await turnOff()).statusCode).toBe(429);
  const off = await turnOff(device);
  expect(off.statusCode, off.body).toBe(200);
});

test('wrong codes escalate: a day of them from one address means a wait of hours', async () => {
  const admin = await createAdmin(ctx);
  const { secret } = await enableTotp(ctx, admin);
  const ip = newIp();
  // 20 wrong codes from this address earlier today, none in the last 15 minutes.
  await ctx.database.db.insert(authFailures).values(
    Array.from({ length: 20 }, (_, i) => ({
      kind: 'second_factor' as const,
      email: admin.email,
      ip,
      createdAt: sql`now() - make_interval(mins => ${60 + i})`,
    })),
  );
  const refused = await signInWithSecondFactor(ctx, admin, codeFor(secret), ip);
  expect(refused.statusCode).toBe(429);
  // Until the oldest of the day's failures is 24 hours old: far more than 15 minutes.
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(22 * 3600);
});

test('past 10 wrong codes in a day from anywhere, the admin is told by mail and failed addresses slow down', async () => {
  const admin = await createAdmin(ctx);
  const { secret } = await enableTotp(ctx, admin);
  await forgetLastStep(ctx, admin.id);
  await ctx.database.db.insert(authFailures).values(
    Array.from({ length: 10 }, (_, i) => ({
      kind: 'second_factor' as const,
      email: admin.email,
      ip: newIp(),
      createdAt: sql`now() - make_interval(mins => ${30 + i})`,
    })),
  );
  const other = newIp();
  const challenge = await secondFactorChallenge(ctx, admin, other);
  expect((await postSecondFactor(ctx, challenge, wrongTotpCode(secret), other)).statusCode).toBe(
    400,
  );
  const mail = await ctx.smtp.waitForMail(admin.email);
  expect(mail.raw).toContain('wrong authentication codes');
  // An address that has failed, unknown to the admin, now gets one code per 15 minutes.
  expect((await postSecondFactor(ctx, challenge, wrongTotpCode(secret), other)).statusCode).toBe(
    429,
  );
  // A clean address is not refused.
  const clean = newIp();
  expect((await signInWithSecondFactor(ctx, admin, codeFor(secret), clean)).statusCode).toBe(200);
});

test('the eleventh wrong code tells the admin by mail even when a twelfth is recorded before it is counted', async () => {
  const admin = await createAdmin(ctx);
  const { secret } = await enableTotp(ctx, admin);
  await forgetLastStep(ctx, admin.id);
  const earlier = Array.from({ length: 10 }, (_, i) => ({
    kind: 'second_factor' as const,
    email: admin.email,
    ip: newIp(),
    createdAt: sql`now() - make_interval(mins => ${30 + i})`,
  }));
  // Another wrong code at the same moment, recorded just after this one (dated after it): the
  // count read afterwards is 12 for both, so a check of the count mailed neither.
  const concurrent = { ...earlier[0]!, createdAt: sql`now() + interval '1 minute'` };
  await ctx.database.db.insert(authFailures).values([...earlier, concurrent]);
  const ip = newIp();
  const res = await signInWithSecondFactor(ctx, admin, wrongTotpCode(secret), ip);
  expect(res.statusCode).toBe(400);
  const mail = await ctx.smtp.waitForMail(admin.email);
  expect(mail.raw).toContain('wrong authentication codes');
});

test('refused (429) codes and sign-ins are audited once per address and window, and counted', async () => {
  const admin = await createAdmin(ctx);
  const { secret } = await enableTotp(ctx, admin);
  const ip = newIp();
  for (let i = 0; i < 5; i += 1) {
    expect((await signInWithSecondFactor(ctx, admin, wrongTotpCode(secret), ip)).statusCode).toBe(
      400,
    );
  }
  for (let i = 0; i < 4; i += 1) {
    expect((await signInWithSecondFactor(ctx, admin, wrongTotpCode(secret), ip)).statusCode).toBe(
      429,
    );
  }
  const codes = await auditEntriesOf(ctx, { ip, action: 'auth.second_factor_failed' });
  const reasons = codes.map((row) => (row.after as { reason: string }).reason);
  expect(reasons.filter((reason) => reason === 'wrong_code')).toHaveLength(5);
  const codeWindows = await ctx.database.db
    .select({ count: throttledAttempts.count })
    .from(throttledAttempts)
    .where(and(eq(throttledAttempts.ip, ip), eq(throttledAttempts.kind, 'second_factor')));
  expect(codeWindows.reduce((sum, row) => sum + row.count, 0)).toBe(4);
  expect(reasons.filter((reason) => reason === 'throttled')).toHaveLength(codeWindows.length);

  // A client without an account, hammering the sign-in: one audit row once throttled.
  const stranger = newIp();
  const ghost = `ghost-${randomBytes(4).toString('hex')}@example.com`;
  const longAgent = 'A'.repeat(5000);
  for (let i = 0; i < 15; i += 1) {
    await postLogin(
      ctx,
      { email: ghost, password: 'guess guess' },
      { ip: stranger, headers: { 'user-agent': longAgent } },
    );
  }
  const rows = await auditEntriesOf(ctx, { ip: stranger });
  const summary = rows.map((row) => row.after as { reason: string; userAgent: string });
  expect(summary.filter((row) => row.reason === 'unknown_email')).toHaveLength(5);
  expect(summary.every((row) => row.userAgent.length === 300)).toBe(true);
  // One entry per window (the test may cross a window's end), all refusals counted.
  const windows = await ctx.database.db
    .select({ count: throttledAttempts.count })
    .from(throttledAttempts)
    .where(and(eq(throttledAttempts.ip, stranger), eq(throttledAttempts.kind, 'login')));
  expect(windows.reduce((sum, row) => sum + row.count, 0)).toBe(10);
  expect(summary.filter((row) => row.reason === 'throttled')).toHaveLength(windows.length);
});
