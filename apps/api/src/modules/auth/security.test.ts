import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { adminSessions } from '../../db/schema/admin-sessions.ts';
import { adminRecoveryCodes, adminTotp } from '../../db/schema/two-factor.ts';
import {
  createAdmin,
  codeFor,
  enableTotp,
  forgetLastStep,
  postLogin,
  provedSecondsAgo,
  signInForTokens,
} from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { callWithToken } from '../../../test/support/requests.ts';
import { auditActions, auditEntriesOf } from '../../../test/support/factories.ts';

const ctx = useTestContext();

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

/** A sign-in from Chrome on a Mac, and one from Firefox on Windows (each from an address of its own). */
const FROM_MAC = { headers: { 'user-agent': CHROME_MAC } };
const FROM_WINDOWS = { headers: { 'user-agent': FIREFOX_WINDOWS } };

test('each sign-in is a session with its device, address and times; the current one is marked', async () => {
  const admin = await createAdmin(ctx);
  const mac = await signInForTokens(ctx, admin, FROM_MAC);
  const windows = await signInForTokens(ctx, admin, FROM_WINDOWS);
  const res = await callWithToken(ctx, 'GET', '/api/security/sessions', mac.accessToken);
  expect(res.statusCode).toBe(200);
  const { sessions } = res.json().data;
  expect(sessions).toHaveLength(2);
  const byBrowser = Object.fromEntries(
    sessions.map((session: { browser: string }) => [session.browser, session]),
  );
  expect(byBrowser['Chrome 120']).toMatchObject({ system: 'Mac OS 10.15.7', current: true });
  expect(byBrowser['Firefox 121']).toMatchObject({ system: 'Windows 10', current: false });
  expect(byBrowser['Chrome 120'].ip).toMatch(/^10\./);
  expect(Date.parse(byBrowser['Chrome 120'].signedInAt)).toBeGreaterThan(Date.now() - 60_000);
  // The other browser sees itself as current.
  const fromWindows = (
    await callWithToken(ctx, 'GET', '/api/security/sessions', windows.accessToken)
  ).json().data.sessions;
  expect(fromWindows.find((s: { current: boolean }) => s.current).browser).toBe('Firefox 121');
});

test('ending a session ends its access and refresh tokens at once and no other session', async () => {
  const admin = await createAdmin(ctx);
  const mine = await signInForTokens(ctx, admin, FROM_MAC);
  const other = await signInForTokens(ctx, admin, FROM_WINDOWS);
  const list = (await callWithToken(ctx, 'GET', '/api/security/sessions', mine.accessToken)).json()
    .data.sessions as { id: string; current: boolean }[];
  const target = list.find((session) => !session.current);
  if (!target) throw new Error('no other session');
  const res = await callWithToken(
    ctx,
    'DELETE',
    `/api/security/sessions/${target.id}`,
    mine.accessToken,
  );
  expect(res.statusCode).toBe(200);
  const refused = await callWithToken(ctx, 'GET', '/api/auth/profile', other.accessToken);
  expect(refused.statusCode).toBe(401);
  expect(refused.json().message).toContain('You are not authorized');
  const refreshed = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/refresh-token',
    query: { refreshToken: other.refreshToken },
  });
  expect(refreshed.statusCode).toBe(401);
  expect((await callWithToken(ctx, 'GET', '/api/auth/profile', mine.accessToken)).statusCode).toBe(
    200,
  );
  // Ended sessions leave the list; ending one again, or someone else's, is a 404.
  const after = (await callWithToken(ctx, 'GET', '/api/security/sessions', mine.accessToken)).json()
    .data;
  expect(after.sessions.map((s: { id: string }) => s.id)).not.toContain(target.id);
  expect(
    (await callWithToken(ctx, 'DELETE', `/api/security/sessions/${target.id}`, mine.accessToken))
      .statusCode,
  ).toBe(404);
  const stranger = await createAdmin(ctx);
  const strangerSession = (
    await callWithToken(ctx, 'GET', '/api/security/sessions', mine.accessToken)
  ).json().data.sessions[0].id;
  expect(
    (
      await callWithToken(
        ctx,
        'DELETE',
        `/api/security/sessions/${strangerSession}`,
        stranger.token,
      )
    ).statusCode,
  ).toBe(404);
  expect((await callWithToken(ctx, 'GET', '/api/auth/profile', mine.accessToken)).statusCode).toBe(
    200,
  );
  expect(await auditActions(ctx, { adminId: admin.id })).toContain('auth.session_ended');
  expect(
    (await callWithToken(ctx, 'DELETE', '/api/security/sessions/not-a-uuid', mine.accessToken))
      .statusCode,
  ).toBe(400);
});

test('"sign out all other sessions" keeps only the current one', async () => {
  const admin = await createAdmin(ctx);
  const mine = await signInForTokens(ctx, admin, FROM_MAC);
  const others = [
    await signInForTokens(ctx, admin, FROM_MAC),
    await signInForTokens(ctx, admin, FROM_WINDOWS),
  ];
  const res = await callWithToken(
    ctx,
    'POST',
    '/api/security/sessions/end-others',
    mine.accessToken,
  );
  expect(res.statusCode).toBe(200);
  // Two sign-ins, plus the session createAdmin opened.
  expect(res.json().data.ended).toBe(3);
  for (const other of others) {
    expect(
      (await callWithToken(ctx, 'GET', '/api/auth/profile', other.accessToken)).statusCode,
    ).toBe(401);
  }
  const list = (await callWithToken(ctx, 'GET', '/api/security/sessions', mine.accessToken)).json()
    .data;
  expect(list.sessions).toHaveLength(1);
  expect(list.sessions[0].current).toBe(true);
  expect(await auditActions(ctx, { adminId: admin.id })).toContain('auth.other_sessions_ended');
});

test('a refresh keeps the session and marks it active', async () => {
  const admin = await createAdmin(ctx);
  const first = await signInForTokens(ctx, admin, FROM_MAC);
  const [row] = await ctx.database.db
    .update(adminSessions)
    .set({ lastActiveAt: sql`now() - interval '1 hour'` })
    .where(eq(adminSessions.adminId, admin.id))
    .returning({ id: adminSessions.id });
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/refresh-token',
    query: { refreshToken: first.refreshToken },
  });
  expect(res.statusCode).toBe(200);
  const list = (
    await callWithToken(ctx, 'GET', '/api/security/sessions', res.json().data.accessToken)
  ).json().data.sessions as { id: string; lastActiveAt: string; current: boolean }[];
  const current = list.find((session) => session.current);
  expect(current?.id).toBeDefined();
  expect(Date.parse(current?.lastActiveAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  expect(row).toBeDefined();
});

test('TOTP set-up: key, QR code, first code turns it on, ten recovery codes stored hashed', async () => {
  const admin = await createAdmin(ctx);
  const before = (await callWithToken(ctx, 'GET', '/api/security', admin.token)).json().data;
  expect(before).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
  const setup = await callWithToken(ctx, 'POST', '/api/security/two-factor/setup', admin.token);
  const { secret, uri, qrCode } = setup.json().data;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(uri).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  // Stored encrypted: the key is not in the row.
  const [row] = await ctx.database.db
    .select()
    .from(adminTotp)
    .where(eq(adminTotp.adminId, admin.id));
  expect(row?.secretEncrypted).not.toContain(secret);
  expect(row?.enabledAt).toBeNull();
  const wrong = await callWithToken(ctx, 'POST', '/api/security/two-factor/verify', admin.token, {
    code: codeFor(secret, 10),
  });
  expect(wrong.statusCode).toBe(400);
  expect(
    (await callWithToken(ctx, 'GET', '/api/security', admin.token)).json().data.twoFactorEnabled,
  ).toBe(false);
  const bad = await callWithToken(ctx, 'POST', '/api/security/two-factor/verify', admin.token, {
    code: '12ab',
  });
  expect(bad.statusCode).toBe(400);
  const verify = await callWithToken(ctx, 'POST', '/api/security/two-factor/verify', admin.token, {
    code: codeFor(secret),
  });
  expect(verify.statusCode).toBe(200);
  const codes = verify.json().data.recoveryCodes as string[];
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  const stored = await ctx.database.db
    .select({ hash: adminRecoveryCodes.codeHash })
    .from(adminRecoveryCodes)
    .where(eq(adminRecoveryCodes.adminId, admin.id));
  expect(stored).toHaveLength(10);
  expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace('-', ''));
  const after = (await callWithToken(ctx, 'GET', '/api/security', admin.token)).json().data;
  expect(after).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
  // A second set-up cannot replace the key that is on.
  expect(
    (await callWithToken(ctx, 'POST', '/api/security/two-factor/setup', admin.token)).statusCode,
  ).toBe(409);
  expect(await auditActions(ctx, { adminId: admin.id })).toContain('auth.two_factor_enabled');
  const audit = JSON.stringify(await auditEntriesOf(ctx, { adminId: admin.id }));
  expect(audit).not.toContain(secret);
  expect(audit).not.toContain(codes[0]);
});

test('with two-factor on, the password gives a challenge, not tokens; a code gives tokens once', async () => {
  const admin = await createAdmin(ctx);
  const { secret } = await enableTotp(ctx, admin);
  const res = await postLogin(ctx, admin, FROM_MAC);
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  expect(data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  expect(data.accessToken).toBeUndefined();
  // The challenge is no access token.
  expect((await callWithToken(ctx, 'GET', '/api/auth/profile', data.challenge)).statusCode).toBe(
    401,
  );
  const code = codeFor(secret, 1);
  const second = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login/second-factor',
    payload: { challenge: data.challenge, code },
  });
  expect(second.statusCode).toBe(200);
  expect(
    (await callWithToken(ctx, 'GET', '/api/auth/profile', second.json().data.accessToken))
      .statusCode,
  ).toBe(200);
  // The same code again (same 30 s window) is refused: no replay.
  const again = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login/second-factor',
    payload: {
      challenge: (await postLogin(ctx, admin, FROM_MAC)).json().data.challenge,
      code,
    },
  });
  expect(again.statusCode).toBe(400);
  expect(again.json().accessToken).toBeUndefined();
  // A forged challenge is refused.
  const forged = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login/second-factor',
    payload: { challenge: 'x.y.z', code: codeFor(secret) },
  });
  expect(forged.statusCode).toBe(401);
});

test('a recovery code signs in once; wrong codes are throttled', async () => {
  const admin = await createAdmin(ctx);
  const { recoveryCodes } = await enableTotp(ctx, admin);
  const challenge = async () =>
    (await postLogin(ctx, admin, FROM_MAC)).json().data.challenge as string;
  const useRecovery = async (recoveryCode: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      payload: { challenge: await challenge(), recoveryCode },
    });
  const code = recoveryCodes[3] ?? '';
  expect((await useRecovery(code.toUpperCase())).statusCode).toBe(200);
  expect((await useRecovery(code)).statusCode).toBe(400);
  expect(
    (await callWithToken(ctx, 'GET', '/api/security', admin.token)).json().data.recoveryCodesLeft,
  ).toBe(9);
  expect(await auditActions(ctx, { adminId: admin.id })).toContain('auth.recovery_code_used');
  // Five wrong codes in the window, then 429 even for a right one.
  for (let i = 0; i < 4; i += 1) expect((await useRecovery('aaaaa-aaaaa')).statusCode).toBe(400);
  const limited = await useRecovery(recoveryCodes[5] ?? '');
  expect(limited.statusCode).toBe(429);
  expect(limited.headers['retry-after']).toBeDefined();
});

test('turning two-factor off asks for the password and a code', async () => {
  const admin = await createAdmin(ctx);
  const { secret } = await enableTotp(ctx, admin);
  const off = (payload: object) =>
    callWithToken(ctx, 'POST', '/api/security/two-factor/disable', admin.token, payload);
  expect((await off({ password: 'wrong password', code: codeFor(secret, 1) })).statusCode).toBe(
    400,
  );
  expect((await off({ password: admin.password, code: '000000' })).statusCode).toBe(400);
  await forgetLastStep(ctx, admin.id);
  const res = await off({ password: admin.password, code: codeFor(secret, 1) });
  expect(res.statusCode).toBe(200);
  expect(
    (await callWithToken(ctx, 'GET', '/api/security', admin.token)).json().data.twoFactorEnabled,
  ).toBe(false);
  // Sign-in gives tokens again at once.
  expect((await postLogin(ctx, admin, FROM_MAC)).json().data.accessToken).toEqual(
    expect.any(String),
  );
  expect(await auditActions(ctx, { adminId: admin.id })).toContain('auth.two_factor_disabled');
});

test('step-up: after 10 minutes a sensitive change answers 403 reauthentication_required until the password is given', async () => {
  const admin = await createAdmin(ctx, { role: 'owner' });
  await ctx.database.db
    .update(adminSessions)
    .set({ authenticatedAt: sql`now() - interval '11 minutes'` })
    .where(eq(adminSessions.id, admin.sessionId));
  const policy = await callWithToken(ctx, 'PUT', '/api/security/policy', admin.token, {
    requireTwoFactor: false,
  });
  expect(policy.statusCode).toBe(403);
  expect(policy.json()).toMatchObject({ success: false, code: 'reauthentication_required' });
  const points = await callWithToken(
    ctx,
    'POST',
    '/api/referrals/admin/manual-points',
    admin.token,
    {},
  );
  expect(points.json().code).toBe('reauthentication_required');
  const wrong = await callWithToken(ctx, 'POST', '/api/auth/reauthenticate', admin.token, {
    password: 'not it at all',
  });
  expect(wrong.statusCode).toBe(400);
  const right = await callWithToken(ctx, 'POST', '/api/auth/reauthenticate', admin.token, {
    password: admin.password,
  });
  expect(right.statusCode).toBe(200);
  expect(
    (
      await callWithToken(ctx, 'PUT', '/api/security/policy', admin.token, {
        requireTwoFactor: false,
      })
    ).statusCode,
  ).toBe(200);
  expect(await auditActions(ctx, { adminId: admin.id })).toContain('auth.reauthenticated');
});

test('the policy sends an admin without a second factor to set one up, API included', async () => {
  const owner = await createAdmin(ctx, { role: 'owner' });
  const other = await createAdmin(ctx);
  const early = await callWithToken(ctx, 'PUT', '/api/security/policy', owner.token, {
    requireTwoFactor: true,
  });
  expect(early.statusCode).toBe(409);
  await enableTotp(ctx, owner);
  const saved = await callWithToken(ctx, 'PUT', '/api/security/policy', owner.token, {
    requireTwoFactor: true,
  });
  expect(saved.statusCode).toBe(200);
  try {
    const refused = await callWithToken(ctx, 'GET', '/api/users', other.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'two_factor_setup_required' });
    // What setting one up needs stays open.
    expect((await callWithToken(ctx, 'GET', '/api/auth/profile', other.token)).statusCode).toBe(
      200,
    );
    expect(
      (await callWithToken(ctx, 'GET', '/api/security', other.token)).json().data.requireTwoFactor,
    ).toBe(true);
    await enableTotp(ctx, other);
    expect((await callWithToken(ctx, 'GET', '/api/users', other.token)).statusCode).toBe(200);
    expect(await auditActions(ctx, { adminId: owner.id })).toContain('security.policy_changed');
  } finally {
    await callWithToken(ctx, 'PUT', '/api/security/policy', owner.token, {
      requireTwoFactor: false,
    });
  }
  expect((await callWithToken(ctx, 'GET', '/api/users', owner.token)).statusCode).toBe(200);
});

test('setting up TOTP asks for a proof from the last 10 minutes and never counts as one', async () => {
  const admin = await createAdmin(ctx, { role: 'owner' });
  // A pending key made while the proof was fresh is no way in later either.
  const early = await callWithToken(ctx, 'POST', '/api/security/two-factor/setup', admin.token);
  expect(early.statusCode).toBe(200);
  await provedSecondsAgo(ctx, admin, 11 * 60);
  const points = await callWithToken(
    ctx,
    'POST',
    '/api/referrals/admin/manual-points',
    admin.token,
    {},
  );
  expect(points.json().code).toBe('reauthentication_required');
  const setup = await callWithToken(ctx, 'POST', '/api/security/two-factor/setup', admin.token);
  expect(setup.statusCode).toBe(403);
  expect(setup.json()).toMatchObject({ success: false, code: 'reauthentication_required' });
  const verify = await callWithToken(ctx, 'POST', '/api/security/two-factor/verify', admin.token, {
    code: codeFor(early.json().data.secret),
  });
  expect(verify.json()).toMatchObject({ success: false, code: 'reauthentication_required' });
  expect(
    (await callWithToken(ctx, 'GET', '/api/security', admin.token)).json().data.twoFactorEnabled,
  ).toBe(false);

  // Within the 10 minutes it goes through, and the session's proof keeps its age.
  await provedSecondsAgo(ctx, admin, 9 * 60);
  await enableTotp(ctx, admin);
  const [proof] = await ctx.database.db
    .select({ age: sql<number>`extract(epoch from now() - authenticated_at)::int` })
    .from(adminSessions)
    .where(eq(adminSessions.id, admin.sessionId));
  expect(Number(proof?.age)).toBeGreaterThanOrEqual(9 * 60);
  expect(await auditActions(ctx, { adminId: admin.id })).not.toContain('auth.reauthenticated');
});

test('an admin the policy holds sets up TOTP at once after signing in; later, after the password again', async () => {
  const owner = await createAdmin(ctx, { role: 'owner' });
  await enableTotp(ctx, owner);
  expect(
    (
      await callWithToken(ctx, 'PUT', '/api/security/policy', owner.token, {
        requireTwoFactor: true,
      })
    ).statusCode,
  ).toBe(200);
  try {
    const held = await createAdmin(ctx);
    await provedSecondsAgo(ctx, held, 11 * 60);
    const refused = await callWithToken(ctx, 'POST', '/api/security/two-factor/setup', held.token);
    expect(refused.json()).toMatchObject({ code: 'reauthentication_required' });
    // The step-up stays open to them, and then the set-up goes through.
    const confirmed = await callWithToken(ctx, 'POST', '/api/auth/reauthenticate', held.token, {
      password: held.password,
    });
    expect(confirmed.statusCode).toBe(200);
    await enableTotp(ctx, held);
    expect((await callWithToken(ctx, 'GET', '/api/users', held.token)).statusCode).toBe(200);
  } finally {
    await callWithToken(ctx, 'PUT', '/api/security/policy', owner.token, {
      requireTwoFactor: false,
    });
  }
});

test('an Owner resets another admin two-factor; the reset is audited', async () => {
  const owner = await createAdmin(ctx, { role: 'owner' });
  const other = await createAdmin(ctx);
  await enableTotp(ctx, other);
  // Only an Owner (docs/architecture.md#roles): an Admin is refused the reset and the policy.
  const plain = await createAdmin(ctx);
  expect(
    (await callWithToken(ctx, 'DELETE', `/api/admins/${other.id}/two-factor`, plain.token))
      .statusCode,
  ).toBe(403);
  expect(
    (
      await callWithToken(ctx, 'PUT', '/api/security/policy', plain.token, {
        requireTwoFactor: false,
      })
    ).statusCode,
  ).toBe(403);
  // The screen offers the policy to Owners only.
  expect(
    (await callWithToken(ctx, 'GET', '/api/security', plain.token)).json().data.canManagePolicy,
  ).toBe(false);
  expect(
    (await callWithToken(ctx, 'GET', '/api/security', owner.token)).json().data.canManagePolicy,
  ).toBe(true);
  const res = await callWithToken(ctx, 'DELETE', `/api/admins/${other.id}/two-factor`, owner.token);
  expect(res.statusCode).toBe(200);
  expect(
    (await callWithToken(ctx, 'GET', '/api/security', other.token)).json().data.twoFactorEnabled,
  ).toBe(false);
  expect(
    (await callWithToken(ctx, 'DELETE', `/api/admins/${other.id}/two-factor`, owner.token))
      .statusCode,
  ).toBe(409);
  expect(
    (await callWithToken(ctx, 'DELETE', `/api/admins/${owner.id}/two-factor`, owner.token))
      .statusCode,
  ).toBe(400);
  expect(await auditActions(ctx, { adminId: owner.id })).toContain('auth.two_factor_reset');
});

test('new recovery codes need a recent proof, replace every earlier code and are audited', async () => {
  const admin = await createAdmin(ctx);
  const off = await callWithToken(
    ctx,
    'POST',
    '/api/security/two-factor/recovery-codes',
    admin.token,
  );
  expect(off.statusCode).toBe(409);
  const { recoveryCodes: old } = await enableTotp(ctx, admin);

  await provedSecondsAgo(ctx, admin, 11 * 60);
  const stale = await callWithToken(
    ctx,
    'POST',
    '/api/security/two-factor/recovery-codes',
    admin.token,
  );
  expect(stale.statusCode).toBe(403);
  expect(stale.json().code).toBe('reauthentication_required');
  expect(
    (
      await callWithToken(ctx, 'POST', '/api/auth/reauthenticate', admin.token, {
        password: admin.password,
      })
    ).statusCode,
  ).toBe(200);

  const res = await callWithToken(
    ctx,
    'POST',
    '/api/security/two-factor/recovery-codes',
    admin.token,
  );
  expect(res.statusCode).toBe(200);
  const fresh = res.json().data.recoveryCodes as string[];
  expect(fresh).toHaveLength(10);
  expect(new Set(fresh).size).toBe(10);
  expect(fresh.some((code) => old.includes(code))).toBe(false);
  expect(
    (await callWithToken(ctx, 'GET', '/api/security', admin.token)).json().data.recoveryCodesLeft,
  ).toBe(10);
  // Only their hashes are stored.
  const stored = await ctx.database.db
    .select({ codeHash: adminRecoveryCodes.codeHash })
    .from(adminRecoveryCodes)
    .where(eq(adminRecoveryCodes.adminId, admin.id));
  expect(stored).toHaveLength(10);
  expect(JSON.stringify(stored)).not.toContain(fresh[0]);

  const useRecovery = async (recoveryCode: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      payload: {
        challenge: (await postLogin(ctx, admin, FROM_MAC)).json().data.challenge,
        recoveryCode,
      },
    });
  expect((await useRecovery(old[0] ?? '')).statusCode).toBe(400);
  expect((await useRecovery(fresh[0] ?? '')).statusCode).toBe(200);
  expect(await auditActions(ctx, { adminId: admin.id })).toContain(
    'auth.recovery_codes_regenerated',
  );
});
