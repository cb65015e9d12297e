import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from './app.ts';
import { callWithToken } from './requests.ts';
import type { TestAdmin } from './sign-in.ts';
import type { SoftwarePasskey } from './webauthn.ts';

// Passkeys and step-up (decisions 358 and on): the ceremonies as the web app runs them, each
// answered by a software passkey (webauthn.ts). For a context whose PUBLIC_URL is on localhost.

type Ctx = Pick<TestContext, 'app'>;

/**
 * Adds `passkey` to `admin`'s account as `name`: asks for the options (expects the relying party
 * to be localhost's Cask Admin), then registers. The answer, whatever it is.
 */
export async function addPasskey(
  ctx: Ctx,
  admin: TestAdmin,
  passkey: SoftwarePasskey,
  name = 'Work laptop',
): Promise<InjectResponse> {
  const options = (
    await callWithToken(ctx, 'POST', '/api/security/passkeys/options', admin.token)
  ).json().data;
  expect(options.options.rp).toEqual({ id: 'localhost', name: 'Cask Admin' });
  return callWithToken(ctx, 'POST', '/api/security/passkeys', admin.token, {
    name,
    ceremony: options.ceremony,
    response: passkey.register(options.options),
  });
}

/** Signs in with `passkey` alone (no email): the answer, whatever it is. */
export async function signInWithPasskey(
  ctx: Ctx,
  passkey: SoftwarePasskey,
): Promise<InjectResponse> {
  const options = (await callWithToken(ctx, 'POST', '/api/auth/passkey/options')).json().data;
  return callWithToken(ctx, 'POST', '/api/auth/passkey', undefined, {
    ceremony: options.ceremony,
    response: passkey.authenticate(options.options),
  });
}

/** A step-up's passkey options for `admin` (the challenge and the passkeys allowed); expects 200. */
export async function passkeyStepUpOptions(ctx: Ctx, admin: TestAdmin) {
  const res = await callWithToken(
    ctx,
    'POST',
    '/api/auth/reauthenticate/passkey/options',
    admin.token,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    options: { challenge: string; allowCredentials: { id: string }[] };
    ceremony: string;
  };
}

/** Proves `admin`'s identity again with a passkey's `response` to `ceremony`: the answer. */
export function stepUpWithPasskey(
  ctx: Ctx,
  admin: TestAdmin,
  ceremony: string,
  response: object,
): Promise<InjectResponse> {
  return callWithToken(ctx, 'POST', '/api/auth/reauthenticate', admin.token, {
    ceremony,
    response,
  });
}

/**
 * A change that needs a recent proof of identity (an Owner's: the security policy, two-factor
 * not required): 200 with a proof, 403 `reauthentication_required` without.
 */
export function saveSecurityPolicy(ctx: Ctx, owner: TestAdmin): Promise<InjectResponse> {
  return callWithToken(ctx, 'PUT', '/api/security/policy', owner.token, {
    requireTwoFactor: false,
  });
}
