import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { createAdmin, type TestAdmin } from '../../../test/admins.ts';
import { useTestContext } from '../../../test/context.ts';
import { SoftwarePasskey } from '../../../test/webauthn.ts';

const ORIGIN = 'http://localhost:5173';
const ctx = useTestContext({ PUBLIC_URL: ORIGIN });

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function addPasskey(admin: TestAdmin, passkey: SoftwarePasskey, name = 'Work laptop') {
  const options = (await call('POST', '/api/security/passkeys/options', admin.token)).json().data;
  expect(options.options.rp).toEqual({ id: 'localhost', name: 'Cask Admin' });
  return call('POST', '/api/security/passkeys', admin.token, {
    name,
    ceremony: options.ceremony,
    response: passkey.register(options.options),
  });
}

async function signInWith(passkey: SoftwarePasskey) {
  const options = (await call('POST', '/api/auth/passkey/options')).json().data;
  return call('POST', '/api/auth/passkey', undefined, {
    ceremony: options.ceremony,
    response: passkey.authenticate(options.options),
  });
}

test('a passkey is added with its name, listed with its date, signs in, and is removed', async () => {
  const admin = await createAdmin(ctx);
  const passkey = new SoftwarePasskey(ORIGIN);
  const added = await addPasskey(admin, passkey);
  expect(added.statusCode).toBe(200);
  expect(added.json().data).toMatchObject({ name: 'Work laptop' });
  const list = (await call('GET', '/api/security/passkeys', admin.token)).json().data.passkeys;
  expect(list).toHaveLength(1);
  expect(Date.parse(list[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);

  const signedIn = await signInWith(passkey);
  expect(signedIn.statusCode).toBe(200);
  const { accessToken } = signedIn.json().data;
  const profile = await call('GET', '/api/auth/profile', accessToken);
  expect(profile.json().data.user.email).toBe(admin.email);
  expect(signedIn.cookies.some((cookie) => cookie.name === 'cask_device')).toBe(true);

  const removed = await call('DELETE', `/api/security/passkeys/${list[0].id}`, admin.token);
  expect(removed.statusCode).toBe(200);
  expect((await signInWith(passkey)).statusCode).toBe(401);
  const actions = (
    await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.adminId, admin.id))
  ).map((row) => row.action);
  expect(actions).toEqual(
    expect.arrayContaining(['auth.passkey_added', 'auth.signed_in', 'auth.passkey_removed']),
  );
});

test('a challenge works once, answers for another site or an unknown key are refused', async () => {
  const admin = await createAdmin(ctx);
  const passkey = new SoftwarePasskey(ORIGIN);
  expect((await addPasskey(admin, passkey)).statusCode).toBe(200);

  const options = (await call('POST', '/api/auth/passkey/options')).json().data;
  const answer = passkey.authenticate(options.options);
  expect(
    (
      await call('POST', '/api/auth/passkey', undefined, {
        ceremony: options.ceremony,
        response: answer,
      })
    ).statusCode,
  ).toBe(200);
  // The same answer again: its challenge is spent.
  expect(
    (
      await call('POST', '/api/auth/passkey', undefined, {
        ceremony: options.ceremony,
        response: answer,
      })
    ).statusCode,
  ).toBe(401);

  expect((await signInWith(new SoftwarePasskey(ORIGIN))).statusCode).toBe(401);
  const phishing = new SoftwarePasskey('http://localhost:6666');
  expect((await addPasskey(admin, phishing)).statusCode).toBe(400);

  // Someone else's passkey cannot be removed; bad input is a 400.
  const other = await createAdmin(ctx);
  const mine = (await call('GET', '/api/security/passkeys', admin.token)).json().data.passkeys[0];
  expect((await call('DELETE', `/api/security/passkeys/${mine.id}`, other.token)).statusCode).toBe(
    404,
  );
  const bad = await call('POST', '/api/security/passkeys', admin.token, {
    name: '',
    ceremony: 'x',
  });
  expect(bad.statusCode).toBe(400);
});
