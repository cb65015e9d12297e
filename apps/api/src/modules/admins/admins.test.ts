import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import {
  EMAIL_IS_ADMIN,
  EMAIL_IS_INVITED,
  INVITE_LINK_INVALID,
  LAST_OWNER,
  NOT_YOURSELF_DISABLE,
  NOT_YOURSELF_ROLE,
  OWNER_ONLY,
} from '@cask/contracts/admins';
import { pino } from 'pino';
import { ACCOUNT_DISABLED } from '../../lib/errors.ts';
import { createMailer, MAIL_RECIPIENT_REFUSED } from '../../lib/mailer.ts';
import { createPasswordHasher } from '../../lib/password.ts';
import { adminInvites } from '../../db/schema/admin-invites.ts';
import { adminSessions } from '../../db/schema/admin-sessions.ts';
import { admins } from '../../db/schema/admins.ts';
import { refreshTokens } from '../../db/schema/refresh-tokens.ts';
import { adminTotp } from '../../db/schema/two-factor.ts';
import { createAdmin, postLogin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { createAdminsService } from './admins.service.ts';
import { bearer, newIp } from '../../../test/support/requests.ts';
import { auditEntriesOf } from '../../../test/support/factories.ts';
import { inviteLinkIn } from '../../../test/support/smtp-sink.ts';
import { adminApi } from '../../../test/support/api.ts';
import {
  acceptInvite,
  inviteAdmin,
  inviteeEmail,
  listedAdmins,
} from '../../../test/support/admins.ts';

const ctx = useTestContext();
let owner: TestAdmin;

beforeAll(async () => {
  owner = await createAdmin(ctx, { role: 'owner', fullName: 'Olive Owner' });
});

test('an Owner invites an admin: the mail holds a link to /accept-invite, the invite is listed as Invited and audited', async () => {
  const email = inviteeEmail();
  const res = await inviteAdmin(ctx, owner, { fullName: 'Ian Invitee', email, role: 'admin' });
  expect(res.statusCode).toBe(200);
  const { admin } = res.json().data;
  expect(admin).toMatchObject({ fullName: 'Ian Invitee', email, role: 'admin', status: 'invited' });

  const { token, text } = await inviteLinkIn(ctx, email);
  expect(text).toContain('Olive Owner invited you to Cask Admin as Admin');
  expect(text).toContain('72 hours');
  // Only the token's hash is stored.
  const [stored] = await ctx.database.db
    .select({ tokenHash: adminInvites.tokenHash })
    .from(adminInvites)
    .where(eq(adminInvites.id, admin.id));
  expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  expect(stored?.tokenHash).not.toContain(token);

  const row = (await listedAdmins(ctx, owner)).find((item) => item.id === admin.id);
  expect(row).toMatchObject({ email, status: 'invited', role: 'admin' });
  const audit = await auditEntriesOf(ctx, { entityId: admin.id });
  expect(audit).toEqual([
    expect.objectContaining({ action: 'admin.invite_sent', adminId: owner.id }),
  ]);
  expect(JSON.stringify(audit)).not.toContain(token);
});

test('the invitee sets a password through the link, is signed in with the invited role, and the link works once', async () => {
  const email = inviteeEmail();
  const sent = await inviteAdmin(ctx, owner, { email, fullName: 'Vera Viewer', role: 'viewer' });
  const inviteId = sent.json().data.admin.id as string;
  const { token } = await inviteLinkIn(ctx, email);

  const res = await acceptInvite(ctx, token, 'short');
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toContainEqual({
    field: 'password',
    message: 'Password must be at least 8 characters',
  });

  const accepted = await acceptInvite(ctx, token, 'vera-sets-this-1');
  expect(accepted.statusCode).toBe(200);
  const { accessToken, refreshToken } = accepted.json().data;
  expect(refreshToken).toEqual(expect.any(String));
  const profile = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/profile',
    headers: bearer(accessToken),
  });
  expect(profile.json().data.user).toMatchObject({
    email,
    fullName: 'Vera Viewer',
    role: 'viewer',
  });

  // The password set works for a normal sign-in, and the sign-in time is on the list.
  const login = await postLogin(ctx, { email, password: 'vera-sets-this-1' });
  expect(login.statusCode).toBe(200);
  const row = (await listedAdmins(ctx, owner)).find((item) => item.email === email);
  expect(row).toMatchObject({ status: 'active', role: 'viewer' });
  expect((row as unknown as { lastSignedInAt: string | null }).lastSignedInAt).not.toBeNull();
  expect((await listedAdmins(ctx, owner)).some((item) => item.id === inviteId)).toBe(false);

  const again = await acceptInvite(ctx, token, 'another-pass-2');
  expect(again.statusCode).toBe(400);
  expect(again.json()).toMatchObject({ success: false, message: INVITE_LINK_INVALID });
  const newAdmin = profile.json().data.user.id as string;
  expect((await auditEntriesOf(ctx, { entityId: newAdmin })).map((entry) => entry.action)).toEqual([
    'admin.invite_accepted',
    'auth.signed_in',
    'auth.signed_in',
  ]);
});

test('an invite link older than 72 hours is refused and the invite shows as Expired; a resend gives a new link and kills the old one', async () => {
  const email = inviteeEmail();
  const sent = await inviteAdmin(ctx, owner, { email });
  const inviteId = sent.json().data.admin.id as string;
  const { token: first } = await inviteLinkIn(ctx, email);
  await ctx.database.db
    .update(adminInvites)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(adminInvites.id, inviteId));
  expect((await acceptInvite(ctx, first)).json().message).toBe(INVITE_LINK_INVALID);
  expect((await listedAdmins(ctx, owner)).find((item) => item.id === inviteId)?.status).toBe(
    'expired',
  );

  const resent = await adminApi(ctx, owner).post(`/api/admins/invites/${inviteId}/resend`);
  expect(resent.statusCode).toBe(200);
  expect(resent.json().data.admin.status).toBe('invited');
  const { token: second } = await inviteLinkIn(ctx, email);
  expect(second).not.toBe(first);
  expect((await acceptInvite(ctx, first)).statusCode).toBe(400);
  expect((await acceptInvite(ctx, second)).statusCode).toBe(200);
  expect((await auditEntriesOf(ctx, { entityId: inviteId })).map((entry) => entry.action)).toEqual([
    'admin.invite_sent',
    'admin.invite_resent',
  ]);
});

test('a pending invite can be withdrawn: its link dies and it leaves the list', async () => {
  const email = inviteeEmail();
  const inviteId = (await inviteAdmin(ctx, owner, { email })).json().data.admin.id as string;
  const { token } = await inviteLinkIn(ctx, email);
  const res = await adminApi(ctx, owner).delete(`/api/admins/invites/${inviteId}`);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toEqual({ id: inviteId });
  expect((await acceptInvite(ctx, token)).statusCode).toBe(400);
  expect((await listedAdmins(ctx, owner)).some((item) => item.id === inviteId)).toBe(false);
  expect((await adminApi(ctx, owner).delete(`/api/admins/invites/${inviteId}`)).statusCode).toBe(
    404,
  );
  expect((await auditEntriesOf(ctx, { entityId: inviteId })).map((entry) => entry.action)).toEqual([
    'admin.invite_sent',
    'admin.invite_withdrawn',
  ]);
});

test('an invite to an admin or to an address already invited is refused with 409; bad input with 400', async () => {
  expect(
    (await inviteAdmin(ctx, owner, { email: owner.email.toUpperCase() })).json(),
  ).toMatchObject({
    success: false,
    message: EMAIL_IS_ADMIN,
  });
  const email = inviteeEmail();
  expect((await inviteAdmin(ctx, owner, { email })).statusCode).toBe(200);
  const twice = await inviteAdmin(ctx, owner, { email });
  expect(twice.statusCode).toBe(409);
  expect(twice.json().message).toBe(EMAIL_IS_INVITED);

  const bad = await inviteAdmin(ctx, owner, { fullName: '', email: 'nope', role: 'superuser' });
  expect(bad.statusCode).toBe(400);
  expect(
    bad
      .json()
      .errors.map((error: { field: string }) => error.field)
      .sort(),
  ).toEqual(['email', 'fullName', 'role']);
});

const NOT_ONE_ADDRESS = [
  'a@x.test,b@y.test',
  'a@x.test, b@y.test',
  'a@x.test;b@y.test',
  '"x"<b@y.test>',
  'x <b@y.test>',
  '<b@y.test>',
  'a@x.test>,<b@y.test',
  '"a@x.test"@y.test',
];

test('an invite goes to one plain address: a list or an angle-address is refused and mails nobody (issue 40)', async () => {
  const before = ctx.smtp.messages.length;
  for (const email of NOT_ONE_ADDRESS) {
    const res = await inviteAdmin(ctx, owner, { email });
    expect(res.statusCode, `${email}: ${res.body}`).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'email', message: 'Invalid Email' }]);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(ctx.smtp.messages.length).toBe(before);
  const invited = await ctx.database.db
    .select({ email: adminInvites.email })
    .from(adminInvites)
    .where(sql`${adminInvites.email} like '%y.test%'`);
  expect(invited).toEqual([]);
});

test('every e-mail input takes one plain address only: sign-in, recovery, profile (issue 40)', async () => {
  const bodies: [string, string, (email: string) => object][] = [
    ['POST', '/auth/login', (email) => ({ email, password: 'whatever1' })],
    ['POST', '/auth/forgot-password', (email) => ({ email })],
    ['POST', '/auth/verify-password-reset-otp', (email) => ({ email, otp: '1234' })],
    [
      'POST',
      '/auth/reset-password',
      (email) => ({ email, otp: '1234', newPassword: 'new pass 12' }),
    ],
    ['PUT', '/auth/profile', (email) => ({ fullName: 'Olive Owner', email })],
  ];
  for (const [method, url, body] of bodies) {
    for (const email of NOT_ONE_ADDRESS) {
      const res = await ctx.app.inject({
        method: method as 'POST' | 'PUT',
        url: `/api${url}`,
        headers: owner.headers,
        payload: body(email),
        remoteAddress: newIp(),
      });
      expect(res.statusCode, `${url} ${email}: ${res.body}`).toBe(400);
      expect(res.json().errors, `${url} ${email}`).toContainEqual(
        expect.objectContaining({ field: 'email' }),
      );
    }
  }
});

test('the mailer itself refuses a recipient that is not one plain address (issue 40)', async () => {
  const mailer = createMailer({
    smtpUrl: ctx.smtp.url,
    from: 'Cask Admin <no-reply@cask-admin.local>',
    logger: pino({ level: 'silent' }),
  });
  const logged = createMailer({ from: 'x@example.com', logger: pino({ level: 'silent' }) });
  try {
    const before = ctx.smtp.messages.length;
    for (const to of NOT_ONE_ADDRESS) {
      await expect(mailer.send({ to, subject: 'Hi', text: 'Hi' }), to).rejects.toThrow(
        MAIL_RECIPIENT_REFUSED,
      );
      await expect(logged.send({ to, subject: 'Hi', text: 'Hi' }), to).rejects.toThrow(
        MAIL_RECIPIENT_REFUSED,
      );
    }
    await mailer.send({ to: 'one@y.test', subject: 'Hi', text: 'Hi' });
    expect((await ctx.smtp.waitForMail('one@y.test')).to).toEqual(['one@y.test']);
    expect(ctx.smtp.messages.length).toBe(before);
  } finally {
    mailer.close();
  }
});

test('only an Owner manages admins: an Admin reads the list but gets 403 on every change', async () => {
  const admin = await createAdmin(ctx, { role: 'admin' });
  const target = await createAdmin(ctx, { role: 'viewer' });
  expect((await adminApi(ctx, admin).get('/api/admins')).statusCode).toBe(200);
  const attempts = [
    inviteAdmin(ctx, admin),
    adminApi(ctx, admin).put(`/api/admins/${target.id}/role`, { role: 'owner' }),
    adminApi(ctx, admin).post(`/api/admins/${target.id}/disable`),
    adminApi(ctx, admin).post(`/api/admins/${target.id}/enable`),
  ];
  for (const res of await Promise.all(attempts)) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: OWNER_ONLY });
  }
  const [row] = await ctx.database.db
    .select({ role: admins.role })
    .from(admins)
    .where(eq(admins.id, target.id));
  expect(row?.role).toBe('viewer');
});

test('an Owner changes a role; the new role applies to the next request and is audited', async () => {
  const viewer = await createAdmin(ctx, { role: 'viewer' });
  expect(
    (
      await adminApi(ctx, viewer).put('/api/users/00000000-0000-4000-8000-000000000000', {
        isActive: true,
      })
    ).statusCode,
  ).toBe(403);
  const res = await adminApi(ctx, owner).put(`/api/admins/${viewer.id}/role`, { role: 'admin' });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.admin).toMatchObject({ id: viewer.id, role: 'admin', status: 'active' });
  // An Admin may change things again (404: no such customer, not 403).
  expect(
    (
      await adminApi(ctx, viewer).put('/api/users/00000000-0000-4000-8000-000000000000', {
        isActive: true,
      })
    ).statusCode,
  ).toBe(404);
  expect(await auditEntriesOf(ctx, { entityId: viewer.id })).toEqual([
    expect.objectContaining({
      action: 'admin.role_changed',
      adminId: owner.id,
      after: { role: 'admin' },
    }),
  ]);
});

test('nobody can change their own role or disable themselves', async () => {
  const ownRole = await adminApi(ctx, owner).put(`/api/admins/${owner.id}/role`, { role: 'admin' });
  expect(ownRole.statusCode).toBe(409);
  expect(ownRole.json().message).toBe(NOT_YOURSELF_ROLE);
  const ownDisable = await adminApi(ctx, owner).post(`/api/admins/${owner.id}/disable`);
  expect(ownDisable.statusCode).toBe(409);
  expect(ownDisable.json().message).toBe(NOT_YOURSELF_DISABLE);
});

test('two Owners removing each other at once: one wins, the other is refused, and an active Owner always remains', async () => {
  const { createTestContext } = await import('../../../test/support/app.ts');
  const fresh = await createTestContext();
  try {
    const first = await createAdmin(fresh, { role: 'owner' });
    const second = await createAdmin(fresh, { role: 'owner' });
    const send = (by: TestAdmin, url: string, payload?: object) =>
      fresh.app.inject({
        method: payload ? 'PUT' : 'POST',
        url: `/api${url}`,
        headers: by.headers,
        payload,
      });
    const answers = await Promise.all([
      send(first, `/admins/${second.id}/role`, { role: 'viewer' }),
      send(second, `/admins/${first.id}/disable`),
    ]);
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes[0]).toBe(200);
    // The loser was either still an active Owner when it was authenticated (the rule answers
    // 409), no longer an Owner (403), or already disabled, its session ended with it (401).
    expect([401, 403, 409]).toContain(codes[1]);
    const loser = answers.find((res) => res.statusCode !== 200);
    if (loser?.statusCode === 409) expect(loser.json().message).toBe(LAST_OWNER);
    const owners = await fresh.database.db
      .select({ id: admins.id })
      .from(admins)
      .where(sql`${admins.role} = 'owner' and ${admins.isActive}`);
    expect(owners).toHaveLength(1);
  } finally {
    await fresh.close();
  }
});

test('the service keeps the last active Owner whoever asks: demoting or disabling them is a 409', async () => {
  const { createTestContext } = await import('../../../test/support/app.ts');
  const fresh = await createTestContext();
  try {
    const last = await createAdmin(fresh, { role: 'owner' });
    const other = await createAdmin(fresh, { role: 'admin' });
    // Through the service, as an Owner that lost its role between authentication and the change
    // would reach it (the route lets only Owners in).
    const service = createAdminsService({
      database: fresh.database,
      config: fresh.config,
      mailer: createMailer({
        smtpUrl: fresh.smtp.url,
        from: 'x <x@example.com>',
        logger: pino({ level: 'silent' }),
      }),
      hasher: createPasswordHasher({ concurrency: 1 }),
      jwtSecret: fresh.jwtSecret,
    });
    const acting = { admin: { id: other.id, fullName: 'Other' }, ip: '127.0.0.1' };
    await expect(service.changeRole(last.id, 'admin', acting)).rejects.toThrow(LAST_OWNER);
    await expect(service.setActive(last.id, false, acting)).rejects.toThrow(LAST_OWNER);
    // Making them an Owner again is no removal.
    await expect(service.changeRole(last.id, 'owner', acting)).resolves.toMatchObject({
      role: 'owner',
    });
    const [row] = await fresh.database.db
      .select({ role: admins.role, isActive: admins.isActive })
      .from(admins)
      .where(eq(admins.id, last.id));
    expect(row).toEqual({ role: 'owner', isActive: true });
  } finally {
    await fresh.close();
  }
});

test('disabling an admin ends their sessions and access tokens at once; enabling lets them sign in again', async () => {
  const target = await createAdmin(ctx, { role: 'admin' });
  const login = await postLogin(ctx, target);
  const { refreshToken } = login.json().data;
  expect((await adminApi(ctx, target).get('/api/auth/profile')).statusCode).toBe(200);

  const res = await adminApi(ctx, owner).post(`/api/admins/${target.id}/disable`);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.admin.status).toBe('disabled');
  const refused = await adminApi(ctx, target).get('/api/auth/profile');
  expect(refused.statusCode).toBe(401);
  expect(refused.json().message).toBe(ACCOUNT_DISABLED);
  const refresh = await ctx.app.inject({
    method: 'GET',
    url: `/api/auth/refresh-token?refreshToken=${encodeURIComponent(refreshToken)}`,
  });
  expect(refresh.statusCode).toBe(401);
  const live = await ctx.database.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(sql`${refreshTokens.adminId} = ${target.id} and ${refreshTokens.revokedAt} is null`);
  expect(live).toEqual([]);

  const enabled = await adminApi(ctx, owner).post(`/api/admins/${target.id}/enable`);
  expect(enabled.json().data.admin.status).toBe('active');
  // The tokens issued before the disable stay dead; a new sign-in works.
  expect((await adminApi(ctx, target).get('/api/auth/profile')).statusCode).toBe(401);
  const again = await postLogin(ctx, target);
  expect(again.statusCode).toBe(200);
  expect((await auditEntriesOf(ctx, { entityId: target.id })).map((entry) => entry.action)).toEqual(
    ['auth.signed_in', 'admin.disabled', 'admin.enabled', 'auth.signed_in'],
  );
});

test("the 'Two-factor' column: on for an admin with TOTP on, in the list and in a change's answer; off for an invite and a key still waiting for its first code", async () => {
  const withTotp = await createAdmin(ctx, { role: 'admin', fullName: 'Tess Totp' });
  const pending = await createAdmin(ctx, { role: 'admin', fullName: 'Pia Pending' });
  await ctx.database.db.insert(adminTotp).values([
    { adminId: withTotp.id, secretEncrypted: 'sealed', enabledAt: sql`now()` },
    { adminId: pending.id, secretEncrypted: 'sealed' },
  ]);
  const invited = (await inviteAdmin(ctx, owner)).json().data.admin;
  expect(invited.twoFactorEnabled).toBe(false);

  const rows = await listedAdmins(ctx, owner);
  const byId = (id: string) =>
    (rows as unknown as { id: string; twoFactorEnabled: boolean }[]).find((row) => row.id === id);
  expect(byId(withTotp.id)?.twoFactorEnabled).toBe(true);
  expect(byId(pending.id)?.twoFactorEnabled).toBe(false);
  expect(byId(invited.id)?.twoFactorEnabled).toBe(false);

  const changed = await adminApi(ctx, owner).put(`/api/admins/${withTotp.id}/role`, {
    role: 'viewer',
  });
  expect(changed.json().data.admin).toMatchObject({ role: 'viewer', twoFactorEnabled: true });
  const disabled = await adminApi(ctx, owner).post(`/api/admins/${pending.id}/disable`);
  expect(disabled.json().data.admin).toMatchObject({ status: 'disabled', twoFactorEnabled: false });

  // The Owner's reset turns it off: the list says so at once.
  expect(
    (await adminApi(ctx, owner).delete(`/api/admins/${withTotp.id}/two-factor`)).statusCode,
  ).toBe(200);
  const after = (await listedAdmins(ctx, owner)) as unknown as {
    id: string;
    twoFactorEnabled: boolean;
  }[];
  expect(after.find((row) => row.id === withTotp.id)?.twoFactorEnabled).toBe(false);
});

test('inviting, changing a role, disabling, enabling and resetting two-factor ask for a proof of identity from the last 10 minutes', async () => {
  const stale = await createAdmin(ctx, { role: 'owner', fullName: 'Stan Stale' });
  const target = await createAdmin(ctx, { role: 'admin' });
  await ctx.database.db.insert(adminTotp).values({
    adminId: target.id,
    secretEncrypted: 'sealed',
    enabledAt: sql`now()`,
  });
  await ctx.database.db
    .update(adminSessions)
    .set({ authenticatedAt: sql`now() - interval '11 minutes'` })
    .where(eq(adminSessions.id, stale.sessionId));
  const attempts = () => [
    inviteAdmin(ctx, stale, { email: inviteeEmail() }),
    adminApi(ctx, stale).put(`/api/admins/${target.id}/role`, { role: 'viewer' }),
    adminApi(ctx, stale).post(`/api/admins/${target.id}/disable`),
    adminApi(ctx, stale).post(`/api/admins/${target.id}/enable`),
    adminApi(ctx, stale).delete(`/api/admins/${target.id}/two-factor`),
  ];
  for (const res of await Promise.all(attempts())) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'reauthentication_required' });
  }
  // Nothing changed, and no invite was sent.
  const [row] = await ctx.database.db
    .select({ role: admins.role, isActive: admins.isActive })
    .from(admins)
    .where(eq(admins.id, target.id));
  expect(row).toEqual({ role: 'admin', isActive: true });

  const confirmed = await adminApi(ctx, stale).post('/api/auth/reauthenticate', {
    password: stale.password,
  });
  expect(confirmed.statusCode).toBe(200);
  expect((await inviteAdmin(ctx, stale, { email: inviteeEmail() })).statusCode).toBe(200);
  expect(
    (await adminApi(ctx, stale).put(`/api/admins/${target.id}/role`, { role: 'viewer' }))
      .statusCode,
  ).toBe(200);
  expect((await adminApi(ctx, stale).post(`/api/admins/${target.id}/disable`)).statusCode).toBe(
    200,
  );
  expect((await adminApi(ctx, stale).post(`/api/admins/${target.id}/enable`)).statusCode).toBe(200);
  expect(
    (await adminApi(ctx, stale).delete(`/api/admins/${target.id}/two-factor`)).statusCode,
  ).toBe(200);
});

test('resending an expired Owner invite and withdrawing an invite ask for a proof of identity from the last 10 minutes, as inviting does', async () => {
  const stale = await createAdmin(ctx, { role: 'owner', fullName: 'Rita Resend' });
  const ownerEmail = inviteeEmail();
  const expiredId = (await inviteAdmin(ctx, stale, { email: ownerEmail, role: 'owner' })).json()
    .data.admin.id as string;
  const { token: first } = await inviteLinkIn(ctx, ownerEmail);
  await ctx.database.db
    .update(adminInvites)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(adminInvites.id, expiredId));
  const pendingId = (await inviteAdmin(ctx, stale)).json().data.admin.id as string;
  await ctx.database.db
    .update(adminSessions)
    .set({ authenticatedAt: sql`now() - interval '11 minutes'` })
    .where(eq(adminSessions.id, stale.sessionId));

  const resend = await adminApi(ctx, stale).post(`/api/admins/invites/${expiredId}/resend`);
  const withdraw = await adminApi(ctx, stale).delete(`/api/admins/invites/${pendingId}`);
  for (const res of [resend, withdraw]) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'reauthentication_required' });
  }
  // Nothing changed: the Owner invite stays expired (no fresh link), the other stays listed.
  const rows = await listedAdmins(ctx, stale);
  expect(rows.find((row) => row.id === expiredId)?.status).toBe('expired');
  expect(rows.some((row) => row.id === pendingId)).toBe(true);
  expect((await auditEntriesOf(ctx, { entityId: expiredId })).map((entry) => entry.action)).toEqual(
    ['admin.invite_sent'],
  );

  expect(
    (await adminApi(ctx, stale).post('/api/auth/reauthenticate', { password: stale.password }))
      .statusCode,
  ).toBe(200);
  expect(
    (await adminApi(ctx, stale).post(`/api/admins/invites/${expiredId}/resend`)).statusCode,
  ).toBe(200);
  const { token: second } = await inviteLinkIn(ctx, ownerEmail);
  expect(second).not.toBe(first);
  expect((await adminApi(ctx, stale).delete(`/api/admins/invites/${pendingId}`)).statusCode).toBe(
    200,
  );
});

test('the session an accepted invite opens is listed as this device, and its refresh token rotates within it', async () => {
  const email = inviteeEmail();
  await inviteAdmin(ctx, owner, { email, role: 'viewer' });
  const { token } = await inviteLinkIn(ctx, email);
  const accepted = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/accept-invite',
    payload: { token, password: 'vera-sets-this-1' },
    headers: {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    },
    remoteAddress: newIp(),
  });
  expect(accepted.statusCode).toBe(200);
  const first = accepted.json().data as { accessToken: string; refreshToken: string };
  const sessions = async (accessToken: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/security/sessions',
        headers: bearer(accessToken),
      })
    ).json().data.sessions as { id: string; browser: string; current: boolean }[];
  const [opened, ...others] = await sessions(first.accessToken);
  expect(others).toEqual([]);
  expect(opened).toMatchObject({ browser: 'Firefox 128', current: true });

  // What the web app does when its access token is refused: the refresh finds the family.
  const refreshed = await ctx.app.inject({
    method: 'GET',
    url: `/api/auth/refresh-token?refreshToken=${encodeURIComponent(first.refreshToken)}`,
  });
  expect(refreshed.statusCode).toBe(200);
  const second = refreshed.json().data as { accessToken: string };
  expect(await sessions(second.accessToken)).toEqual([
    expect.objectContaining({ id: opened?.id, current: true }),
  ]);
});
