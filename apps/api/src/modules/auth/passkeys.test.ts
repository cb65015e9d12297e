import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { webauthnChallenges } from '../../db/schema/passkeys.ts';
import { adminTotp } from '../../db/schema/two-factor.ts';
import { createAdmin, provedSecondsAgo } from '../../../test/support/sign-in.ts';
import { callWithToken } from '../../../test/support/requests.ts';
import { auditActions, auditEntriesOf } from '../../../test/support/factories.ts';
import { createTestContext, useTestContext } from '../../../test/support/app.ts';
import { SoftwarePasskey } from '../../../test/support/webauthn.ts';
import {
  addPasskey,
  passkeyStepUpOptions,
  saveSecurityPolicy,
  signInWithPasskey,
  stepUpWithPasskey,
} from '../../../test/support/auth.ts';

const ORIGIN = 'http://localhost:5173';
const ctx = useTestContext({ PUBLIC_URL: ORIGIN });

test('a passkey is added with its name, listed with its date, signs in, and is removed', async () => {
  const admin = await createAdmin(ctx);
  const passkey = new SoftwarePasskey(ORIGIN);
  const added = await addPasskey(ctx, admin, passkey);
  expect(added.statusCode).toBe(200);
  expect(added.json().data).toMatchObject({ name: 'Work laptop' });
  const list = (await callWithToken(ctx, 'GET', '/api/security/passkeys', admin.token)).json().data
    .passkeys;
  expect(list).toHaveLength(1);
  expect(Date.parse(list[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);

  const signedIn = await signInWithPasskey(ctx, passkey);
  expect(signedIn.statusCode).toBe(200);
  const { accessToken } = signedIn.json().data;
  const profile = await callWithToken(ctx, 'GET', '/api/auth/profile', accessToken);
  expect(profile.json().data.user.email).toBe(admin.email);
  expect(signedIn.cookies.some((cookie) => cookie.name === 'cask_device')).toBe(true);

  const removed = await callWithToken(
    ctx,
    'DELETE',
    `/api/security/passkeys/${list[0].id}`,
    admin.token,
  );
  expect(removed.statusCode).toBe(200);
  expect((await signInWithPasskey(ctx, passkey)).statusCode).toBe(401);
  const actions = await auditActions(ctx, { adminId: admin.id });
  expect(actions).toEqual(
    expect.arrayContaining(['auth.passkey_added', 'auth.signed_in', 'auth.passkey_removed']),
  );
});

test('a challenge works once, answers for another site or an unknown key are refused', async () => {
  const admin = await createAdmin(ctx);
  const passkey = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(ctx, admin, passkey)).statusCode).toBe(200);

  const options = (await callWithToken(ctx, 'POST', '/api/auth/passkey/options')).json().data;
  const answer = passkey.authenticate(options.options);
  expect(
    (
      await callWithToken(ctx, 'POST', '/api/auth/passkey', undefined, {
        ceremony: options.ceremony,
        response: answer,
      })
    ).statusCode,
  ).toBe(200);
  // The same answer again: its challenge is spent.
  expect(
    (
      await callWithToken(ctx, 'POST', '/api/auth/passkey', undefined, {
        ceremony: options.ceremony,
        response: answer,
      })
    ).statusCode,
  ).toBe(401);

  expect((await signInWithPasskey(ctx, new SoftwarePasskey(ORIGIN))).statusCode).toBe(401);
  const phishing = new SoftwarePasskey('http://localhost:6666');
  expect((await addPasskey(ctx, admin, phishing)).statusCode).toBe(400);

  // Someone else's passkey cannot be removed; bad input is a 400.
  const other = await createAdmin(ctx);
  const mine = (await callWithToken(ctx, 'GET', '/api/security/passkeys', admin.token)).json().data
    .passkeys[0];
  expect(
    (await callWithToken(ctx, 'DELETE', `/api/security/passkeys/${mine.id}`, other.token))
      .statusCode,
  ).toBe(404);
  const bad = await callWithToken(ctx, 'POST', '/api/security/passkeys', admin.token, {
    name: '',
    ceremony: 'x',
  });
  expect(bad.statusCode).toBe(400);
});

test("step-up with a passkey: the admin's own passkey answers a challenge bound to them, once, and the proof is the password's", async () => {
  const admin = await createAdmin(ctx, { role: 'owner' });
  const passkey = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(ctx, admin, passkey)).statusCode).toBe(200);
  await provedSecondsAgo(ctx, admin, 11 * 60);
  expect((await saveSecurityPolicy(ctx, admin)).json()).toMatchObject({
    code: 'reauthentication_required',
  });

  const { options, ceremony } = await passkeyStepUpOptions(ctx, admin);
  // Only this admin's passkeys may answer.
  expect(options.allowCredentials.map((item) => item.id)).toEqual([
    passkey.credentialId.toString('base64url'),
  ]);
  const answer = passkey.authenticate(options);
  const confirmed = await stepUpWithPasskey(ctx, admin, ceremony, answer);
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json()).toMatchObject({ success: true, message: 'Confirmed' });
  expect((await saveSecurityPolicy(ctx, admin)).statusCode).toBe(200);
  const audit = await auditEntriesOf(ctx, { adminId: admin.id });
  expect(audit).toContainEqual(
    expect.objectContaining({
      action: 'auth.reauthenticated',
      after: expect.objectContaining({ method: 'passkey' }),
    }),
  );

  // The same answer again: its challenge is spent.
  await provedSecondsAgo(ctx, admin, 11 * 60);
  const replayed = await stepUpWithPasskey(ctx, admin, ceremony, answer);
  expect(replayed.statusCode).toBe(400);
  expect(replayed.json().message).toBe('The passkey request expired. Please try again.');
  expect((await saveSecurityPolicy(ctx, admin)).statusCode).toBe(403);
});

test("step-up with a passkey refuses another admin's passkey or challenge, a sign-in's challenge and an expired one", async () => {
  const admin = await createAdmin(ctx, { role: 'owner' });
  const mine = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(ctx, admin, mine)).statusCode).toBe(200);
  const other = await createAdmin(ctx, { role: 'owner' });
  const theirs = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(ctx, other, theirs)).statusCode).toBe(200);
  await provedSecondsAgo(ctx, admin, 11 * 60);
  await provedSecondsAgo(ctx, other, 11 * 60);

  // Another admin's passkey answering my challenge.
  const asked = await passkeyStepUpOptions(ctx, admin);
  const foreign = await stepUpWithPasskey(
    ctx,
    admin,
    asked.ceremony,
    theirs.authenticate(asked.options),
  );
  expect(foreign.statusCode).toBe(400);
  expect(foreign.json().message).toBe('The passkey was not recognised. Please try again.');

  // Another admin's challenge, answered by my passkey: not mine to spend; it stays theirs.
  const theirChallenge = await passkeyStepUpOptions(ctx, other);
  const taken = await stepUpWithPasskey(
    ctx,
    admin,
    theirChallenge.ceremony,
    mine.authenticate(theirChallenge.options),
  );
  expect(taken.statusCode).toBe(400);
  expect(
    (
      await stepUpWithPasskey(
        ctx,
        other,
        theirChallenge.ceremony,
        theirs.authenticate(theirChallenge.options),
      )
    ).statusCode,
  ).toBe(200);

  // A sign-in's challenge is not a step-up's, nor the other way round.
  const signIn = (await callWithToken(ctx, 'POST', '/api/auth/passkey/options')).json().data;
  expect(
    (await stepUpWithPasskey(ctx, admin, signIn.ceremony, mine.authenticate(signIn.options)))
      .statusCode,
  ).toBe(400);
  const forStepUp = await passkeyStepUpOptions(ctx, admin);
  const asSignIn = await callWithToken(ctx, 'POST', '/api/auth/passkey', undefined, {
    ceremony: forStepUp.ceremony,
    response: mine.authenticate(forStepUp.options),
  });
  expect(asSignIn.statusCode).toBe(401);

  // Expired: older than its 5 minutes.
  const late = await passkeyStepUpOptions(ctx, admin);
  await ctx.database.db
    .update(webauthnChallenges)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(webauthnChallenges.id, late.ceremony));
  const expired = await stepUpWithPasskey(
    ctx,
    admin,
    late.ceremony,
    mine.authenticate(late.options),
  );
  expect(expired.statusCode).toBe(400);
  expect(expired.json().message).toBe('The passkey request expired. Please try again.');

  // None of it renewed the proof; each refusal is audited.
  expect((await saveSecurityPolicy(ctx, admin)).json()).toMatchObject({
    code: 'reauthentication_required',
  });
  const failed = (await auditEntriesOf(ctx, { adminId: admin.id })).filter(
    (row) => row.action === 'auth.reauthentication_failed',
  );
  expect(failed).toHaveLength(4);
});

test('an admin without a passkey is offered no step-up challenge (409)', async () => {
  const admin = await createAdmin(ctx);
  const res = await callWithToken(
    ctx,
    'POST',
    '/api/auth/reauthenticate/passkey/options',
    admin.token,
  );
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({ success: false });
});

test('on a proof older than 10 minutes, adding or removing a passkey asks for step-up first', async () => {
  const admin = await createAdmin(ctx, { role: 'owner' });
  const first = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(ctx, admin, first)).statusCode).toBe(200);
  const [kept] = (await callWithToken(ctx, 'GET', '/api/security/passkeys', admin.token)).json()
    .data.passkeys;
  const asked = (
    await callWithToken(ctx, 'POST', '/api/security/passkeys/options', admin.token)
  ).json().data;
  await provedSecondsAgo(ctx, admin, 11 * 60);

  const second = new SoftwarePasskey(ORIGIN);
  const options = await callWithToken(ctx, 'POST', '/api/security/passkeys/options', admin.token);
  const add = await callWithToken(ctx, 'POST', '/api/security/passkeys', admin.token, {
    name: 'Stolen laptop',
    ceremony: asked.ceremony,
    response: second.register(asked.options),
  });
  const remove = await callWithToken(
    ctx,
    'DELETE',
    `/api/security/passkeys/${kept.id}`,
    admin.token,
  );
  for (const res of [options, add, remove]) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'reauthentication_required' });
  }
  expect(
    (await callWithToken(ctx, 'GET', '/api/security/passkeys', admin.token)).json().data.passkeys,
  ).toEqual([kept]);
  expect((await signInWithPasskey(ctx, second)).statusCode).toBe(401);

  // The step-up, then the same answer goes through (the web app sends it once more).
  const proof = await passkeyStepUpOptions(ctx, admin);
  expect(
    (await stepUpWithPasskey(ctx, admin, proof.ceremony, first.authenticate(proof.options)))
      .statusCode,
  ).toBe(200);
  const retried = await callWithToken(ctx, 'POST', '/api/security/passkeys', admin.token, {
    name: 'Work phone',
    ceremony: asked.ceremony,
    response: second.register(asked.options),
  });
  expect(retried.statusCode).toBe(200);
  expect(
    (await callWithToken(ctx, 'DELETE', `/api/security/passkeys/${kept.id}`, admin.token))
      .statusCode,
  ).toBe(200);
});

test('a Viewer confirms step-up with a passkey', async () => {
  const viewer = await createAdmin(ctx, { role: 'viewer' });
  const passkey = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(ctx, viewer, passkey)).statusCode).toBe(200);
  await provedSecondsAgo(ctx, viewer, 11 * 60);
  const { options, ceremony } = await passkeyStepUpOptions(ctx, viewer);
  expect(
    (await stepUpWithPasskey(ctx, viewer, ceremony, passkey.authenticate(options))).statusCode,
  ).toBe(200);
  expect(
    (await callWithToken(ctx, 'POST', '/api/security/passkeys/options', viewer.token)).statusCode,
  ).toBe(200);
});

test('a password change may remove every passkey of the admin; it ends every other session either way', async () => {
  const admin = await createAdmin(ctx);
  const passkey = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(ctx, admin, passkey)).statusCode).toBe(200);
  const other = (await signInWithPasskey(ctx, passkey)).json().data as { accessToken: string };

  const bad = await callWithToken(ctx, 'POST', '/api/auth/change-password', admin.token, {
    currentPassword: admin.password,
    newPassword: 'a new password 1',
    removePasskeys: 'yes',
  });
  expect(bad.statusCode).toBe(400);

  // Without the option the passkeys stay; the other session ends.
  const kept = await callWithToken(ctx, 'POST', '/api/auth/change-password', admin.token, {
    currentPassword: admin.password,
    newPassword: 'a new password 1',
  });
  expect(kept.statusCode).toBe(200);
  expect((await callWithToken(ctx, 'GET', '/api/auth/profile', other.accessToken)).statusCode).toBe(
    401,
  );
  const fresh = kept.json().data.accessToken as string;
  expect(
    (await callWithToken(ctx, 'GET', '/api/security/passkeys', fresh)).json().data.passkeys,
  ).toHaveLength(1);

  const removed = await callWithToken(ctx, 'POST', '/api/auth/change-password', fresh, {
    currentPassword: 'a new password 1',
    newPassword: 'a new password 2',
    removePasskeys: true,
  });
  expect(removed.statusCode).toBe(200);
  const latest = removed.json().data.accessToken as string;
  expect(
    (await callWithToken(ctx, 'GET', '/api/security/passkeys', latest)).json().data.passkeys,
  ).toEqual([]);
  expect((await signInWithPasskey(ctx, passkey)).statusCode).toBe(401);
  const audit = await auditEntriesOf(ctx, { adminId: admin.id });
  expect(audit).toContainEqual(
    expect.objectContaining({
      action: 'auth.passkey_removed',
      after: { by: 'password_change' },
    }),
  );
  expect(audit).toContainEqual(
    expect.objectContaining({
      action: 'auth.password_changed',
      after: expect.objectContaining({ removedPasskeys: 1 }),
    }),
  );
});

test("a passkey does not meet the 'Require two-factor' policy: an admin with only a passkey is still held", async () => {
  const owner = await createAdmin(ctx, { role: 'owner' });
  await ctx.database.db.insert(adminTotp).values({
    adminId: owner.id,
    secretEncrypted: 'sealed',
    enabledAt: sql`now()`,
  });
  const held = await createAdmin(ctx);
  const passkey = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(ctx, held, passkey)).statusCode).toBe(200);
  expect(
    (
      await callWithToken(ctx, 'PUT', '/api/security/policy', owner.token, {
        requireTwoFactor: true,
      })
    ).statusCode,
  ).toBe(200);
  try {
    const signedIn = (await signInWithPasskey(ctx, passkey)).json().data as { accessToken: string };
    for (const token of [held.token, signedIn.accessToken]) {
      const refused = await callWithToken(ctx, 'GET', '/api/users', token);
      expect(refused.json()).toMatchObject({ code: 'two_factor_setup_required' });
    }
  } finally {
    await callWithToken(ctx, 'PUT', '/api/security/policy', owner.token, {
      requireTwoFactor: false,
    });
  }
});

test('a passkey without user verification (a security key without a PIN) is refused at registration, sign-in and step-up', async () => {
  const admin = await createAdmin(ctx, { role: 'owner' });
  const options = (
    await callWithToken(ctx, 'POST', '/api/security/passkeys/options', admin.token)
  ).json().data;
  expect(options.options.authenticatorSelection).toMatchObject({ userVerification: 'required' });
  const bare = new SoftwarePasskey(ORIGIN, { userVerified: false });
  expect((await addPasskey(ctx, admin, bare)).statusCode).toBe(400);
  expect(
    (await callWithToken(ctx, 'GET', '/api/security/passkeys', admin.token)).json().data.passkeys,
  ).toEqual([]);

  // A key registered with its PIN, later answering without it.
  const passkey = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(ctx, admin, passkey)).statusCode).toBe(200);
  passkey.userVerified = false;
  const signIn = (await callWithToken(ctx, 'POST', '/api/auth/passkey/options')).json().data;
  expect(signIn.options.userVerification).toBe('required');
  const refused = await callWithToken(ctx, 'POST', '/api/auth/passkey', undefined, {
    ceremony: signIn.ceremony,
    response: passkey.authenticate(signIn.options),
  });
  expect(refused.statusCode).toBe(401);

  await provedSecondsAgo(ctx, admin, 11 * 60);
  const asked = await passkeyStepUpOptions(ctx, admin);
  expect((asked.options as { userVerification?: string }).userVerification).toBe('required');
  expect(
    (await stepUpWithPasskey(ctx, admin, asked.ceremony, passkey.authenticate(asked.options)))
      .statusCode,
  ).toBe(400);
  expect((await saveSecurityPolicy(ctx, admin)).statusCode).toBe(403);
  // With its PIN it still works.
  passkey.userVerified = true;
  expect((await signInWithPasskey(ctx, passkey)).statusCode).toBe(200);
});

test('refused passkey sign-ins are audited as refused passwords are: who, from where, with what and why', async () => {
  const admin = await createAdmin(ctx);
  const passkey = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(ctx, admin, passkey)).statusCode).toBe(200);
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
  const attempt = (ceremony: string, response: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/passkey',
      payload: { ceremony, response },
      remoteAddress: ip,
      headers: { 'user-agent': 'Probe/2.0' },
    });
  const options = async () =>
    (await callWithToken(ctx, 'POST', '/api/auth/passkey/options')).json().data;

  const stranger = await options();
  const unknown = await attempt(
    stranger.ceremony,
    new SoftwarePasskey(ORIGIN).authenticate(stranger.options),
  );
  expect(unknown.statusCode).toBe(401);
  const spent = await options();
  const answer = passkey.authenticate(spent.options);
  expect((await attempt(spent.ceremony, answer)).statusCode).toBe(200);
  expect((await attempt(spent.ceremony, answer)).statusCode).toBe(401);
  const forged = await options();
  const signed = passkey.authenticate(forged.options);
  const tampered = { ...signed, response: { ...signed.response, signature: 'AAAA' } };
  expect((await attempt(forged.ceremony, tampered)).statusCode).toBe(401);

  const rows = await auditEntriesOf(ctx, { ip, action: 'auth.sign_in_failed' });
  expect(rows.map((row) => ({ adminId: row.adminId, ...(row.after as object) }))).toEqual([
    {
      adminId: null,
      email: null,
      method: 'passkey',
      reason: 'unknown_passkey',
      userAgent: 'Probe/2.0',
    },
    {
      adminId: null,
      email: null,
      method: 'passkey',
      reason: 'expired_challenge',
      userAgent: 'Probe/2.0',
    },
    {
      adminId: admin.id,
      email: admin.email,
      method: 'passkey',
      reason: 'not_verified',
      userAgent: 'Probe/2.0',
    },
  ]);
});

test('refused passkey answers from one address past the per-address limit answer 429 and are audited once per window; a right passkey is never refused', async () => {
  // An app of its own with a per-address limit of 3 (the route allows 20 answers a minute).
  const own = await createTestContext({ PUBLIC_URL: ORIGIN, LOGIN_MAX_FAILURES_PER_IP: '3' });
  try {
    const admin = await createAdmin(own);
    const passkey = new SoftwarePasskey(ORIGIN);
    const registration = await own.app.inject({
      method: 'POST',
      url: '/api/security/passkeys/options',
      headers: admin.headers,
    });
    const { ceremony, options } = registration.json().data;
    const added = await own.app.inject({
      method: 'POST',
      url: '/api/security/passkeys',
      headers: admin.headers,
      payload: { name: 'Laptop', ceremony, response: passkey.register(options) },
    });
    expect(added.statusCode).toBe(200);
    const ip = '10.77.0.9';
    const attempt = async (key: SoftwarePasskey) => {
      const asked = await own.app.inject({ method: 'POST', url: '/api/auth/passkey/options' });
      const { ceremony: id, options: request } = asked.json().data;
      return own.app.inject({
        method: 'POST',
        url: '/api/auth/passkey',
        payload: { ceremony: id, response: key.authenticate(request) },
        remoteAddress: ip,
      });
    };
    const stranger = new SoftwarePasskey(ORIGIN);
    for (let i = 0; i < 3; i += 1) expect((await attempt(stranger)).statusCode).toBe(401);
    for (let i = 0; i < 5; i += 1) expect((await attempt(stranger)).statusCode).toBe(429);
    expect((await attempt(passkey)).statusCode).toBe(200);

    const reasons = (await auditEntriesOf(own, { ip, action: 'auth.sign_in_failed' })).map(
      (row) => (row.after as { reason: string }).reason,
    );
    expect(reasons.filter((reason) => reason === 'unknown_passkey')).toHaveLength(3);
    // One entry for the five refusals (two if the test crossed a window's end).
    const throttled = reasons.filter((reason) => reason === 'throttled').length;
    expect(throttled).toBeGreaterThanOrEqual(1);
    expect(throttled).toBeLessThanOrEqual(2);
  } finally {
    await own.close();
  }
});
