import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { adminInvites } from '../../db/schema/admin-invites.ts';
import { createRefreshToken } from '../../lib/tokens.ts';
import { createAdmin, postLogin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';

// A small per-address limit, so a few failures put the address over it.
const ctx = useTestContext({ LOGIN_MAX_FAILURES_PER_IP: '2' });

test('a browser that signed in before keeps signing in from an address over the limits', async () => {
  const admin = await createAdmin(ctx);
  const first = await postLogin(ctx, admin, { ip: '10.9.0.1' });
  expect(first.statusCode).toBe(200);
  const issued = first.cookies.find((cookie) => cookie.name === 'cask_device');
  expect(issued).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
  const device = `cask_device=${issued?.value}`;

  // Someone else fails from a busy address until it is over the per-address limit.
  const busy = '10.9.0.2';
  for (let i = 0; i < 3; i += 1)
    await postLogin(
      ctx,
      { email: `stranger${i}@example.com`, password: 'guess-guess' },
      { ip: busy },
    );
  const refused = await postLogin(ctx, admin, { ip: busy });
  expect(refused.statusCode).toBe(429);

  // A forged or another account's cookie counts for nothing.
  const other = await createAdmin(ctx);
  expect((await postLogin(ctx, other, { ip: busy, headers: { cookie: device } })).statusCode).toBe(
    429,
  );
  const forged = device.slice(0, -3) + 'AAA';
  expect((await postLogin(ctx, admin, { ip: busy, headers: { cookie: forged } })).statusCode).toBe(
    429,
  );
  // The admin's own browser is not refused there.
  const trusted = await postLogin(ctx, admin, { ip: busy, headers: { cookie: device } });
  expect(trusted.statusCode).toBe(200);
});

test('a device cookie does not lift the limit on one account from one address', async () => {
  const admin = await createAdmin(ctx);
  const first = await postLogin(ctx, admin, { ip: '10.9.1.1' });
  const device = `cask_device=${first.cookies.find((c) => c.name === 'cask_device')?.value}`;
  const ip = '10.9.1.2';
  for (let i = 0; i < 6; i += 1)
    await postLogin(
      ctx,
      { email: admin.email, password: 'wrong password' },
      { ip, headers: { cookie: device } },
    );
  expect((await postLogin(ctx, admin, { ip, headers: { cookie: device } })).statusCode).toBe(429);
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
  const signedIn = (await postLogin(ctx, admin, { ip: '10.9.2.2' })).cookies.find(
    (cookie) => cookie.name === 'cask_device',
  );
  const attributes = (cookie: typeof issued) => ({ ...cookie, name: undefined, value: undefined });
  expect(issued).toBeDefined();
  expect(attributes(issued)).toEqual(attributes(signedIn));

  // The invitee's first sign-in, from an address over the per-address limit, is let in.
  const busy = '10.9.2.3';
  for (let i = 0; i < 3; i += 1)
    await postLogin(
      ctx,
      { email: `stranger${i}@example.com`, password: 'guess-guess' },
      { ip: busy },
    );
  expect((await postLogin(ctx, { email, password }, { ip: busy })).statusCode).toBe(429);
  const device = `cask_device=${issued?.value}`;
  expect(
    (await postLogin(ctx, { email, password }, { ip: busy, headers: { cookie: device } }))
      .statusCode,
  ).toBe(200);
});
