import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { adminInvites } from '../../db/schema/admin-invites.ts';
import { createRefreshToken } from '../../lib/tokens.ts';
import { createAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';

// A small per-address limit, so a few failures put the address over it.
const ctx = useTestContext({ LOGIN_MAX_FAILURES_PER_IP: '2' });

function loginWithDeviceCookie(email: string, password: string, ip: string, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

test('a browser that signed in before keeps signing in from an address over the limits', async () => {
  const admin = await createAdmin(ctx);
  const first = await loginWithDeviceCookie(admin.email, admin.password, '10.9.0.1');
  expect(first.statusCode).toBe(200);
  const issued = first.cookies.find((cookie) => cookie.name === 'cask_device');
  expect(issued).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
  const device = `cask_device=${issued?.value}`;

  // Someone else fails from a busy address until it is over the per-address limit.
  const busy = '10.9.0.2';
  for (let i = 0; i < 3; i += 1)
    await loginWithDeviceCookie(`stranger${i}@example.com`, 'guess-guess', busy);
  const refused = await loginWithDeviceCookie(admin.email, admin.password, busy);
  expect(refused.statusCode).toBe(429);

  // A forged or another account's cookie counts for nothing.
  const other = await createAdmin(ctx);
  expect((await loginWithDeviceCookie(other.email, other.password, busy, device)).statusCode).toBe(
    429,
  );
  const forged = device.slice(0, -3) + 'AAA';
  expect((await loginWithDeviceCookie(admin.email, admin.password, busy, forged)).statusCode).toBe(
    429,
  );
  // The admin's own browser is not refused there.
  const trusted = await loginWithDeviceCookie(admin.email, admin.password, busy, device);
  expect(trusted.statusCode).toBe(200);
});

test('a device cookie does not lift the limit on one account from one address', async () => {
  const admin = await createAdmin(ctx);
  const first = await loginWithDeviceCookie(admin.email, admin.password, '10.9.1.1');
  const device = `cask_device=${first.cookies.find((c) => c.name === 'cask_device')?.value}`;
  const ip = '10.9.1.2';
  for (let i = 0; i < 6; i += 1)
    await loginWithDeviceCookie(admin.email, 'wrong password', ip, device);
  expect((await loginWithDeviceCookie(admin.email, admin.password, ip, device)).statusCode).toBe(
    429,
  );
});

test('accepting an invite sets the device cookie a sign-in sets: the next sign-in from a busy address is not refused', async () => {
  // An invite as the Admins screen leaves it (its mail is the admins tests' concern).
  const email = `invitee-${randomBytes(4).toString('hex')}@example.com`;
  const link = createRefreshToken();
  await ctx.database.db.insert(adminInvites).values({
    fullName: 'Iona Invitee',
    email,
    role: 'admin',
    tokenHash: link.hash,
    expiresAt: sql`now() + interval '72 hours'`,
  });
  const password = 'iona-sets-this-1';
  const accepted = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/accept-invite',
    payload: { token: link.token, password },
    remoteAddress: '10.9.2.1',
  });
  expect(accepted.statusCode).toBe(200);
  const issued = accepted.cookies.find((cookie) => cookie.name === 'cask_device');
  // The same cookie as a password sign-in's, attribute for attribute.
  const admin = await createAdmin(ctx);
  const signedIn = (
    await loginWithDeviceCookie(admin.email, admin.password, '10.9.2.2')
  ).cookies.find((cookie) => cookie.name === 'cask_device');
  const attributes = (cookie: typeof issued) => ({ ...cookie, name: undefined, value: undefined });
  expect(issued).toBeDefined();
  expect(attributes(issued)).toEqual(attributes(signedIn));

  // The invitee's first sign-in, from an address over the per-address limit, is let in.
  const busy = '10.9.2.3';
  for (let i = 0; i < 3; i += 1)
    await loginWithDeviceCookie(`stranger${i}@example.com`, 'guess-guess', busy);
  expect((await loginWithDeviceCookie(email, password, busy)).statusCode).toBe(429);
  const device = `cask_device=${issued?.value}`;
  expect((await loginWithDeviceCookie(email, password, busy, device)).statusCode).toBe(200);
});
