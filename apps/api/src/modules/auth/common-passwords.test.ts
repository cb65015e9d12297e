import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { PASSWORD_TOO_COMMON } from '@cask/contracts/auth';
import { admins } from '../../db/schema/admins.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { runStartupTasks } from '../../startup.ts';
import { createAdmin, postLogin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { postAnonymous } from '../../../test/support/requests.ts';
import { inviteLinkIn, resetCodeIn } from '../../../test/support/smtp-sink.ts';

// Issue 41 item 8: a new password on the list of common and breached passwords is refused
// wherever a password is set (docs/decisions/320).
const ctx = useTestContext();

const TOO_COMMON = [{ field: 'newPassword', message: PASSWORD_TOO_COMMON }];

test('the list holds the most common passwords whatever their case, and not a made-up one', async () => {
  for (const common of [
    'password',
    'Password1',
    'qwertyuiop',
    'iloveyou1',
    '123456789',
    'PASSWORD123',
  ]) {
    expect(await isCommonPassword(common)).toBe(true);
  }
  for (const unusual of ['change-me-now', 'vera-sets-this-1', 'Warehouse-No7-Key']) {
    expect(await isCommonPassword(unusual)).toBe(false);
  }
});

test('accepting an invite with a common password is refused under the password field; the link still works', async () => {
  const owner = await createAdmin(ctx, { role: 'owner', fullName: 'Olive Owner' });
  const email = `invitee-${randomBytes(4).toString('hex')}@example.com`;
  const sent = await postAnonymous(
    ctx,
    `/api/admins/invites`,
    { fullName: 'Nina New', email, role: 'admin' },
    undefined,
    owner.headers,
  );
  expect(sent.statusCode).toBe(200);
  const link = (await inviteLinkIn(ctx, email)).token;

  const refused = await postAnonymous(ctx, '/api/auth/accept-invite', {
    token: link,
    password: 'password',
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({
    success: false,
    message: PASSWORD_TOO_COMMON,
    errors: [{ field: 'password', message: PASSWORD_TOO_COMMON }],
  });
  const accepted = await postAnonymous(ctx, '/api/auth/accept-invite', {
    token: link,
    password: 'nina-sets-this-1',
  });
  expect(accepted.statusCode).toBe(200);
});

test('a password reset to a common password is refused and the old password still signs in', async () => {
  const admin = await createAdmin(ctx);
  expect(
    (await postAnonymous(ctx, '/api/auth/forgot-password', { email: admin.email })).statusCode,
  ).toBe(200);
  const { code: otp } = await resetCodeIn(ctx, admin.email);

  const refused = await postAnonymous(ctx, '/api/auth/reset-password', {
    email: admin.email,
    otp,
    newPassword: 'Qwertyuiop',
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().errors).toEqual(TOO_COMMON);
  expect((await postLogin(ctx, admin)).statusCode).toBe(200);
  expect((await postLogin(ctx, { email: admin.email, password: 'Qwertyuiop' })).statusCode).toBe(
    401,
  );
});

test('a password change to a common password is refused under the new password', async () => {
  const admin = await createAdmin(ctx);
  const refused = await postAnonymous(
    ctx,
    '/api/auth/change-password',
    { currentPassword: admin.password, newPassword: 'iloveyou1' },
    undefined,
    admin.headers,
  );
  expect(refused.statusCode).toBe(400);
  expect(refused.json().errors).toEqual(TOO_COMMON);
  expect((await postLogin(ctx, admin)).statusCode).toBe(200);
});

test('ADMIN_PASSWORD on the list stops start-up with a message naming it, and creates no admin', async () => {
  const email = 'common-owner@example.com';
  await expect(
    runStartupTasks({
      config: { ...ctx.config, ADMIN_EMAIL: email, ADMIN_PASSWORD: 'password123' },
      database: ctx.database,
      log: ctx.app.log,
    }),
  ).rejects.toThrow(`Invalid ADMIN_* settings: ADMIN_PASSWORD: ${PASSWORD_TOO_COMMON}`);
  const rows = await ctx.database.db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.email}) = ${email}`);
  expect(rows).toEqual([]);
});
