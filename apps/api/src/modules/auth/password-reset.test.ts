import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { admins } from '../../db/schema/admins.ts';
import { passwordResetCodes } from '../../db/schema/password-reset-codes.ts';
import { createAdmin, postLogin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { bearer, newIp, postAnonymous } from '../../../test/support/requests.ts';
import { auditActions } from '../../../test/support/factories.ts';
import { resetCodeIn } from '../../../test/support/smtp-sink.ts';
import {
  ageResetRequests,
  requestResetCode,
  wrongResetCode,
} from '../../../test/support/password-reset.ts';

const ctx = useTestContext();

const SAME_ANSWER = {
  success: true,
  message: 'If an account exists for this e-mail, a code has been sent.',
};

test('forgot-password mails a 4-digit code from MAIL_FROM, valid 10 minutes', async () => {
  const admin = await createAdmin(ctx, { fullName: 'Fiona Finish' });
  const res = await postAnonymous(ctx, '/api/auth/forgot-password', {
    email: admin.email.toUpperCase(),
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual(SAME_ANSWER);

  const { code, raw } = await resetCodeIn(ctx, admin.email);
  expect(code).toMatch(/^\d{4}$/);
  expect(raw).toContain(`From: ${ctx.config.MAIL_FROM}`);
  expect(raw).toContain('Subject: Your Cask Admin password reset code');
  expect(raw).toContain('valid for 10 minutes');
  expect(raw).toContain('Hello Fiona Finish');

  const [row] = await ctx.database.db
    .select({ codeHash: passwordResetCodes.codeHash })
    .from(passwordResetCodes)
    .where(eq(passwordResetCodes.email, admin.email));
  expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  expect(row!.codeHash).not.toContain(code);
});

test('forgot-password answers an unknown e-mail identically and sends no mail', async () => {
  const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
  const res = await postAnonymous(ctx, '/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual(SAME_ANSWER);
  await expect(ctx.smtp.waitForMail(email, 500)).rejects.toThrow(/no mail/);
});

test('a new code is refused sooner than 60 s, for known and unknown e-mails alike', async () => {
  const admin = await createAdmin(ctx);
  const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
  await requestResetCode(ctx, admin);
  expect(
    (await postAnonymous(ctx, '/api/auth/forgot-password', { email: unknown })).statusCode,
  ).toBe(200);

  const known = await postAnonymous(ctx, '/api/auth/forgot-password', { email: admin.email });
  const stranger = await postAnonymous(ctx, '/api/auth/forgot-password', { email: unknown });
  expect(known.statusCode).toBe(429);
  expect(stranger.statusCode).toBe(429);
  expect(known.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
  expect(Number(known.headers['retry-after'])).toBeGreaterThan(50);
  expect(Number(known.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(stranger.json().message).toMatch(/^Please wait \d+ seconds/);
  await expect(ctx.smtp.waitForMail(admin.email, 300)).rejects.toThrow(/no mail/);
});

test('a new code invalidates the old one', async () => {
  const admin = await createAdmin(ctx);
  const oldCode = await requestResetCode(ctx, admin);
  await ageResetRequests(ctx, admin.email, 61);
  const newCode = await requestResetCode(ctx, admin);
  if (oldCode !== newCode)
    expect(
      (
        await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
          email: admin.email,
          otp: oldCode,
        })
      ).statusCode,
    ).toBe(400);
  expect(
    (
      await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
        email: admin.email,
        otp: newCode,
      })
    ).statusCode,
  ).toBe(200);
});

test('verifying checks the code without consuming it; the reset consumes it', async () => {
  const admin = await createAdmin(ctx);
  const code = await requestResetCode(ctx, admin);
  const first = await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
    email: admin.email,
    otp: code,
  });
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ success: true, message: 'OTP verified successfully!' });
  expect(
    (
      await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
        email: admin.email,
        otp: code,
      })
    ).statusCode,
  ).toBe(200);

  const done = await postAnonymous(ctx, '/api/auth/reset-password', {
    email: admin.email,
    otp: code,
    newPassword: 'fresh password 1',
  });
  expect(done.statusCode).toBe(200);
  expect(done.json()).toEqual({ success: true, message: 'Password reset successfully!' });
  expect(
    (
      await postAnonymous(ctx, '/api/auth/reset-password', {
        email: admin.email,
        otp: code,
        newPassword: 'fresh password 2',
      })
    ).statusCode,
  ).toBe(400);
  expect(
    (
      await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
        email: admin.email,
        otp: code,
      })
    ).statusCode,
  ).toBe(400);
});

test('an expired code fails', async () => {
  const admin = await createAdmin(ctx);
  const code = await requestResetCode(ctx, admin);
  await ctx.database.db
    .update(passwordResetCodes)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(passwordResetCodes.email, admin.email));
  const res = await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
    email: admin.email,
    otp: code,
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(/Invalid or expired OTP/);
});

test('a code dies after 5 wrong tries: then even the right code fails', async () => {
  const admin = await createAdmin(ctx);
  const code = await requestResetCode(ctx, admin);
  for (let i = 0; i < 5; i++) {
    const res = await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
      email: admin.email,
      otp: wrongResetCode(code),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'otp', message: res.json().message }]);
  }
  expect(
    (
      await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
        email: admin.email,
        otp: code,
      })
    ).statusCode,
  ).toBe(400);
  expect(
    (
      await postAnonymous(ctx, '/api/auth/reset-password', {
        email: admin.email,
        otp: code,
        newPassword: 'fresh password 1',
      })
    ).statusCode,
  ).toBe(400);
  expect((await postLogin(ctx, admin)).statusCode).toBe(200);
});

test('wrong codes for an unknown e-mail get the same answer as for a real one', async () => {
  const admin = await createAdmin(ctx);
  const code = await requestResetCode(ctx, admin);
  const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
  await postAnonymous(ctx, '/api/auth/forgot-password', { email: unknown });
  const real = await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
    email: admin.email,
    otp: wrongResetCode(code),
  });
  const fake = await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
    email: unknown,
    otp: wrongResetCode(code),
  });
  expect(fake.statusCode).toBe(real.statusCode);
  expect(fake.json()).toEqual(real.json());
});

test('the 11th wrong code in 24 hours locks the reset channel for 24 hours', async () => {
  const admin = await createAdmin(ctx);
  // Ten wrong tries spread over several codes (5 per code at most).
  for (const tries of [4, 4, 2]) {
    const code = await requestResetCode(ctx, admin);
    for (let i = 0; i < tries; i++) {
      expect(
        (
          await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
            email: admin.email,
            otp: wrongResetCode(code),
          })
        ).statusCode,
      ).toBe(400);
    }
    await ageResetRequests(ctx, admin.email, 61);
  }
  const code = await requestResetCode(ctx, admin);
  const eleventh = await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
    email: admin.email,
    otp: wrongResetCode(code),
  });
  expect(eleventh.statusCode).toBe(429);
  expect(eleventh.json().message).toBe(
    'Too many wrong codes: password reset is locked for this account for 24 hours.',
  );
  expect(Number(eleventh.headers['retry-after'])).toBe(24 * 3600);

  // Locked: the right code fails, reset fails, and forgot-password sends nothing.
  expect(
    (
      await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
        email: admin.email,
        otp: code,
      })
    ).statusCode,
  ).toBe(429);
  expect(
    (
      await postAnonymous(ctx, '/api/auth/reset-password', {
        email: admin.email,
        otp: code,
        newPassword: 'fresh password 1',
      })
    ).statusCode,
  ).toBe(429);
  await ageResetRequests(ctx, admin.email, 61);
  const again = await postAnonymous(ctx, '/api/auth/forgot-password', { email: admin.email });
  expect(again.statusCode).toBe(200);
  expect(again.json()).toEqual(SAME_ANSWER);
  await expect(ctx.smtp.waitForMail(admin.email, 500)).rejects.toThrow(/no mail/);

  const [row] = await ctx.database.db
    .select({
      lockedHours: sql<number>`round(extract(epoch from ${admins.resetLockedUntil} - now()) / 3600)::int`,
    })
    .from(admins)
    .where(eq(admins.id, admin.id));
  expect(row!.lockedHours).toBe(24);
  expect(await auditActions(ctx, admin.id)).toContain('auth.reset_locked');
});

test('the lock does not apply where the admin signs in: there the admin can still reset', async () => {
  const admin = await createAdmin(ctx);
  const desk = newIp();
  const signIn = await postLogin(ctx, admin, { ip: desk });
  expect(signIn.statusCode).toBe(200);
  // Someone else locks the reset channel with eleven wrong codes from elsewhere.
  for (const tries of [5, 5, 1]) {
    await ageResetRequests(ctx, admin.email, 61);
    const code = await requestResetCode(ctx, admin);
    for (let i = 0; i < tries; i++)
      await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
        email: admin.email,
        otp: wrongResetCode(code),
      });
  }
  await ageResetRequests(ctx, admin.email, 61);
  expect(
    (await postAnonymous(ctx, '/api/auth/forgot-password', { email: admin.email })).statusCode,
  ).toBe(200);
  await expect(ctx.smtp.waitForMail(admin.email, 500)).rejects.toThrow(/no mail/);

  await ageResetRequests(ctx, admin.email, 61);
  expect(
    (await postAnonymous(ctx, '/api/auth/forgot-password', { email: admin.email }, desk))
      .statusCode,
  ).toBe(200);
  const { code } = await resetCodeIn(ctx, admin.email);
  expect(
    (
      await postAnonymous(
        ctx,
        '/api/auth/verify-password-reset-otp',
        { email: admin.email, otp: code },
        newIp(),
      )
    ).statusCode,
  ).toBe(429);
  expect(
    (
      await postAnonymous(
        ctx,
        '/api/auth/verify-password-reset-otp',
        { email: admin.email, otp: code },
        desk,
      )
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await postAnonymous(
        ctx,
        '/api/auth/reset-password',
        { email: admin.email, otp: code, newPassword: 'back in at my desk' },
        desk,
      )
    ).statusCode,
  ).toBe(200);
});

test('the lock ends after 24 hours', async () => {
  const admin = await createAdmin(ctx);
  await ctx.database.db
    .update(admins)
    .set({ resetLockedUntil: sql`now() - interval '1 second'` })
    .where(eq(admins.id, admin.id));
  const code = await requestResetCode(ctx, admin);
  expect(
    (
      await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
        email: admin.email,
        otp: code,
      })
    ).statusCode,
  ).toBe(200);
});

test('a reset ends every session, the new password signs in and the reset is audited', async () => {
  const admin = await createAdmin(ctx);
  const signIn = await postLogin(ctx, admin);
  const { refreshToken, accessToken } = signIn.json().data;

  const code = await requestResetCode(ctx, admin);
  expect(
    (
      await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
        email: admin.email,
        otp: code,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await postAnonymous(ctx, '/api/auth/reset-password', {
        email: admin.email,
        otp: code,
        newPassword: 'reset and renewed',
      })
    ).statusCode,
  ).toBe(200);

  const stale = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/refresh-token',
    query: { refreshToken },
  });
  expect(stale.statusCode).toBe(401);
  // Access tokens issued before the reset end at once, not when they expire.
  for (const token of [accessToken, admin.token]) {
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(token),
    });
    expect(profile.statusCode).toBe(401);
  }
  const loginWith = (password: string) => postLogin(ctx, { email: admin.email, password });
  expect((await loginWith(admin.password)).statusCode).toBe(401);
  expect((await loginWith('reset and renewed')).statusCode).toBe(200);
  expect(await auditActions(ctx, admin.id)).toEqual([
    'auth.signed_in',
    'auth.reset_code_sent',
    'auth.password_reset',
    'auth.sign_in_failed',
    'auth.signed_in',
  ]);
});

test('reset input is validated and a bad one changes nothing', async () => {
  const admin = await createAdmin(ctx);
  const code = await requestResetCode(ctx, admin);
  const short = await postAnonymous(ctx, '/api/auth/reset-password', {
    email: admin.email,
    otp: code,
    newPassword: 'short',
  });
  expect(short.statusCode).toBe(400);
  expect(short.json().errors).toEqual([
    { field: 'newPassword', message: 'Password must be at least 8 characters' },
  ]);
  const badOtp = await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
    email: admin.email,
    otp: '12a4',
  });
  expect(badOtp.statusCode).toBe(400);
  expect(badOtp.json().errors).toEqual([{ field: 'otp', message: 'The OTP must be 4 digits' }]);
  const badEmail = await postAnonymous(ctx, '/api/auth/forgot-password', { email: 'no-at-sign' });
  expect(badEmail.statusCode).toBe(400);
  expect(badEmail.json().errors).toEqual([{ field: 'email', message: 'Invalid Email' }]);
  // The code survived all that.
  expect(
    (
      await postAnonymous(ctx, '/api/auth/reset-password', {
        email: admin.email,
        otp: code,
        newPassword: 'long enough now',
      })
    ).statusCode,
  ).toBe(200);
});

test('forgot-password is rate-limited per address beyond 10 requests a minute', async () => {
  const ip = newIp();
  for (let i = 0; i < 10; i++) {
    expect(
      (
        await postAnonymous(
          ctx,
          '/api/auth/forgot-password',
          { email: `flood-${i}@example.com` },
          ip,
        )
      ).statusCode,
    ).toBe(200);
  }
  const res = await postAnonymous(
    ctx,
    '/api/auth/forgot-password',
    { email: 'flood-10@example.com' },
    ip,
  );
  expect(res.statusCode).toBe(429);
  expect(res.json().success).toBe(false);
  expect(res.json().message).toMatch(/Too many requests/);
  expect(res.headers['retry-after']).toBeDefined();
});

test('no code, password or token appears in the log after a full recovery', async () => {
  const admin = await createAdmin(ctx);
  const code = await requestResetCode(ctx, admin);
  await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
    email: admin.email,
    otp: wrongResetCode(code),
  });
  await postAnonymous(ctx, '/api/auth/verify-password-reset-otp', {
    email: admin.email,
    otp: code,
  });
  await postAnonymous(ctx, '/api/auth/reset-password', {
    email: admin.email,
    otp: code,
    newPassword: 'a secret nobody logs',
  });
  const signIn = await postLogin(ctx, { email: admin.email, password: 'a secret nobody logs' });
  const { accessToken, refreshToken } = signIn.json().data;
  await ctx.app.inject({ method: 'GET', url: '/api/auth/refresh-token', query: { refreshToken } });

  const logs = ctx.logs.join('');
  expect(logs).toContain('/api/auth/reset-password'); // request logging is on
  for (const secret of ['a secret nobody logs', admin.password, accessToken, refreshToken]) {
    expect(logs).not.toContain(secret);
  }
  // Four digits alone turn up in any timestamp: look for the code as a value, not a substring.
  for (const shape of [`"${code}"`, `=${code}`, `: ${code}`]) expect(logs).not.toContain(shape);
});
