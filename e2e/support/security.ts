import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { mainAdmin, twoFactorAdmin } from './admins.ts';

// Two-factor and passkeys as the specs drive them (docs/screens/security.md): an authenticator
// app's codes, the sign-in's password step, set-ups through the API, and Chromium's virtual
// authenticator (docs/conventions.md#test-kits).

/** The code an authenticator app holding `key` shows `steps` periods from now. */
export function codeFor(key: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/** Password, then the second step; returns the page on the code screen. */
export async function passwordStep(browser: Browser, admin = twoFactorAdmin): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  return page;
}

/**
 * Turns two-factor on through the API for the admin whose token `headers` carries (set-up where
 * the screen's set-up is not the subject): returns the key; this period's code is spent.
 */
export async function turnOnTwoFactorThroughApi(
  request: APIRequestContext,
  headers: { authorization: string },
): Promise<string> {
  const setup = await request.post('/api/security/two-factor/setup', { headers });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
  const verify = await request.post('/api/security/two-factor/verify', {
    headers,
    data: { code: codeFor(secret) },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  return secret;
}

/**
 * Puts the two-factor group's starting point back through the API, as the main admin (an Owner,
 * whose fresh sign-in is the proof of identity the step-up asks for): the policy off and
 * `twoFactorAdmin`'s two-factor off. A retry runs the group again from 'Set up' on the same
 * server, where the failed attempt may have left both on.
 */
export async function resetTwoFactorGroup(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', {
    data: { email: mainAdmin.email, password: mainAdmin.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  const headers = { authorization: `Bearer ${accessToken}` };
  const answer = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { data: unknown }).data;
  };

  const { requireTwoFactor } = (await answer(await request.get('/api/security', { headers }))) as {
    requireTwoFactor: boolean;
  };
  if (requireTwoFactor) {
    // The policy holds back the main admin (no second factor): only the set-up is open to them,
    // and only an admin with a second factor gets past it. Set one up, turn the policy off,
    // then turn the main admin's own off again (the next period's code: the set-up spent this
    // period's).
    const secret = await turnOnTwoFactorThroughApi(request, headers);
    await answer(
      await request.put('/api/security/policy', { headers, data: { requireTwoFactor: false } }),
    );
    await answer(
      await request.post('/api/security/two-factor/disable', {
        headers,
        data: { password: mainAdmin.password, code: codeFor(secret, 1) },
      }),
    );
  }

  const { admins } = (await answer(await request.get('/api/admins?limit=100', { headers }))) as {
    admins: { id: string; email: string; twoFactorEnabled: boolean }[];
  };
  const admin = admins.find((candidate) => candidate.email === twoFactorAdmin.email);
  if (!admin) throw new Error(`${twoFactorAdmin.email} is not in the admin list`);
  if (admin.twoFactorEnabled) {
    await answer(await request.delete(`/api/admins/${admin.id}/two-factor`, { headers }));
  }
}

/** A page whose browser has Chromium's virtual authenticator (CDP WebAuthn), passkeys on. */
export async function pageWithAuthenticator(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

/** Adds a passkey named `name` on the Security screen the page shows. */
export async function addPasskey(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'Passkeys' }).getByRole('row').filter({ hasText: name }),
  ).toBeVisible();
}
