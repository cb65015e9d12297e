import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { mainAdmin, twoFactorAdmin } from '../support/admins.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectPath, saveScreen, signIn } from '../support/session.ts';

// Issue 28: two-factor sign-in with a code computed from the key the screen shows, a recovery
// code that works once, and a session ended from another browser.

/** The code an authenticator app holding `key` shows `steps` periods from now. */
function codeFor(key: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

/** Password, then the second step; returns the page on the code screen. */
async function passwordStep(browser: Browser, admin = twoFactorAdmin): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  return page;
}

test('two-factor: set up from the key on screen, sign in with a code, a recovery code works once', async ({
  page,
  browser,
}) => {
  await signIn(page, twoFactorAdmin);
  await page.goto('/setting/security');
  await page.getByRole('button', { name: 'Set up' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(setup.getByRole('heading', { name: "Can't scan? Enter this key" })).toBeVisible();
  const key = (await setup.getByText(/^[A-Z2-7]{32}$/).textContent()) ?? '';
  await saveScreen(page, 'security-two-factor-setup');
  await setup.getByLabel('Authentication code').fill(codeFor(key));
  await setup.getByRole('button', { name: 'Verify' }).click();

  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const codes = await saved
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  await saveScreen(page, 'security-recovery-codes');
  await saved.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('10 recovery codes left')).toBeVisible();

  // Another browser: the password alone gives no session; the next period's code does.
  const second = await passwordStep(browser);
  expect((await second.context().cookies()).map((c) => c.name)).not.toContain('accessToken');
  await expectNoAxeViolations(second, 'two-factor sign-in step');
  await saveScreen(second, 'signin-two-factor');
  await second.getByLabel('Authentication code').fill(codeFor(key, 1));
  await second.getByRole('button', { name: 'Verify' }).click();
  await expectPath(second, '/');
  await expect(second.getByText(`Welcome, ${twoFactorAdmin.name}`)).toBeVisible();

  // A recovery code instead of the app, once.
  for (const outcome of ['works', 'refused'] as const) {
    const other = await passwordStep(browser);
    await other.getByRole('button', { name: 'Use a recovery code' }).click();
    await other.getByLabel('Recovery code').fill(codes[0] ?? '');
    await other.getByRole('button', { name: 'Verify' }).click();
    if (outcome === 'works') {
      await expectPath(other, '/');
    } else {
      await expect(other.getByText('The recovery code is not valid')).toBeVisible();
      await expectPath(other, '/signin');
    }
    await other.context().close();
  }
  await second.context().close();
});

test('a session signed out from another browser fails at its next request', async ({
  page,
  browser,
}) => {
  // A browser of its own make, so its row is found by the device it shows.
  const major = 100 + Math.floor(Math.random() * 900);
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${major}.0) Gecko/20100101 Firefox/${major}.0`,
  });
  const other = await context.newPage();
  await signIn(other, mainAdmin);

  await signIn(page, mainAdmin);
  await page.goto('/setting/security');
  const table = page.getByRole('table', { name: 'Sessions' });
  await expect(table.getByText('This device')).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: `Firefox ${major} on Windows 10` });
  await saveScreen(page, 'security-sessions');
  await row.getByRole('button', { name: /^Sign out/ }).click();
  await expect(row).toHaveCount(0);

  // The other browser's next request is refused and it is sent to sign in again.
  await other.goto('/user');
  await expectPath(other, '/signin');
  // This browser goes on.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await context.close();
});
