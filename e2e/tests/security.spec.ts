import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mainAdmin, twoFactorAdmin } from '../support/admins.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { startMailSink } from '../support/mail-sink.ts';
import { serverLogOf } from '../support/paths.ts';
import { startServer } from '../support/server.ts';
import { bearer, expectPath, saveScreen, signIn, submitSignIn, toast } from '../support/session.ts';
import {
  addPasskey,
  codeFor,
  pageWithAuthenticator,
  passwordStep,
  resetTwoFactorGroup,
  turnOnTwoFactorThroughApi,
} from '../support/security.ts';
import { copyOfSeededData, expect, test, type Browser, type Page } from '../support/test.ts';

// Issue 28: two-factor sign-in with a code computed from the key the screen shows, a recovery
// code that works once, the policy that requires it, turning it off, and sessions ended from
// another browser.

test.describe('two-factor', () => {
  // One admin's two-factor, step by step: each step needs the one before (serial mode retries
  // them together).
  test.describe.configure({ mode: 'serial' });
  let key = '';
  let codes: string[] = [];

  test.beforeAll(async ({ request }) => {
    await resetTwoFactorGroup(request);
  });

  test('set up from the key on screen; the recovery codes are shown once', async ({ page }) => {
    await signIn(page, twoFactorAdmin);
    await page.goto('/setting/security');
    await page.getByRole('button', { name: 'Set up' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(setup.getByRole('heading', { name: "Can't scan? Enter this key" })).toBeVisible();
    key = (await setup.getByText(/^[A-Z2-7]{32}$/).textContent()) ?? '';
    await saveScreen(page, 'security-two-factor-setup');
    await setup.getByLabel('Authentication code').fill(codeFor(key));
    await setup.getByRole('button', { name: 'Verify' }).click();

    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const items = saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    // Waits for the verification's answer: allTextContents() alone does not wait.
    await expect(items).toHaveCount(10);
    codes = await items.allTextContents();
    await saveScreen(page, 'security-recovery-codes');
    await saved.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('10 recovery codes left')).toBeVisible();
  });

  test('the password alone gives no session; the code computed from the key does', async ({
    browser,
  }) => {
    const page = await passwordStep(browser);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('accessToken');
    await expectNoAxeViolations(page, 'two-factor sign-in step');
    await saveScreen(page, 'signin-two-factor');
    // The next period's code: the set-up spent this period's.
    await page.getByLabel('Authentication code').fill(codeFor(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectPath(page, '/');
    await expect(page.getByText(`Welcome, ${twoFactorAdmin.name}`)).toBeVisible();
    await page.context().close();
  });

  test('a recovery code signs in once', async ({ browser }) => {
    for (const outcome of ['works', 'refused'] as const) {
      const page = await passwordStep(browser);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(codes[0] ?? '');
      await page.getByRole('button', { name: 'Verify' }).click();
      if (outcome === 'works') {
        await expectPath(page, '/');
      } else {
        await expect(page.getByText('The recovery code is not valid')).toBeVisible();
        await expectPath(page, '/signin');
      }
      await page.context().close();
    }
  });

  test('new recovery codes replace the old ones, which stop working', async ({ browser }) => {
    test.slow();
    // This period's and the next one's codes are spent: a recovery code signs in here.
    const page = await passwordStep(browser);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[1] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectPath(page, '/');

    await page.goto('/setting/security');
    // The two-factor dialogs of an admin with it on (the accessibility spec's admin has it off),
    // scanned by axe at both widths of docs/architecture.md#web-app and closed unconfirmed.
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 812 });
      await page.getByRole('button', { name: 'Turn off' }).click();
      const turnOff = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
      await expect(turnOff.getByLabel('Authentication code')).toBeVisible();
      await expectNoAxeViolations(page, `turn off two-factor at ${width} px`);
      await turnOff.getByRole('button', { name: 'Cancel' }).click();
      await expect(turnOff).toBeHidden();
      await page.getByRole('button', { name: 'Generate new recovery codes' }).click();
      await expect(page.getByRole('dialog', { name: 'Generate new recovery codes' })).toBeVisible();
      await expectNoAxeViolations(page, `generate new recovery codes at ${width} px`);
      if (width < 400) {
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
      }
    }
    const ask = page.getByRole('dialog', { name: 'Generate new recovery codes' });
    await ask.getByRole('button', { name: 'Generate' }).click();
    const saved = page.getByRole('dialog', { name: 'Save your new recovery codes' });
    const items = saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(items).toHaveCount(10);
    const fresh = await items.allTextContents();
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    await saveScreen(page, 'security-new-recovery-codes');
    await expectNoAxeViolations(page, 'new recovery codes');
    await saved.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('10 recovery codes left')).toBeVisible();
    await page.context().close();

    for (const [code, outcome] of [
      [codes[2], 'refused'],
      [fresh[0], 'works'],
    ] as const) {
      const next = await passwordStep(browser);
      await next.getByRole('button', { name: 'Use a recovery code' }).click();
      await next.getByLabel('Recovery code').fill(code ?? '');
      await next.getByRole('button', { name: 'Verify' }).click();
      if (outcome === 'works') await expectPath(next, '/');
      else await expect(next.getByText('The recovery code is not valid')).toBeVisible();
      await next.context().close();
    }
    codes = fresh.slice(1);
  });

  test('with two-factor required of every admin, one without it is sent to set it up after the password and can do nothing else', async ({
    page,
    browser,
  }) => {
    test.slow();
    // Only an Owner with a second factor may require it of everyone: this admin, by a recovery
    // code (this period's and the next one's codes may be spent).
    const owner = await passwordStep(browser);
    await owner.getByRole('button', { name: 'Use a recovery code' }).click();
    await owner.getByLabel('Recovery code').fill(codes[0] ?? '');
    codes = codes.slice(1);
    await owner.getByRole('button', { name: 'Verify' }).click();
    await expectPath(owner, '/');
    const ownerHeaders = await bearer(owner);
    const policy = owner.getByRole('checkbox', {
      name: 'Require two-factor authentication for every admin',
    });
    try {
      await owner.goto('/setting/security');
      // A controlled checkbox: it shows the saved policy, so click and wait for it.
      await policy.click();
      await expect(policy).toBeChecked();
      await expect(toast(owner, 'Security policy saved')).toBeVisible();

      // The main admin has no second factor: the password leads to the set-up and nowhere else.
      await page.goto('/signin');
      await submitSignIn(page, mainAdmin.email, mainAdmin.password);
      await expectPath(page, '/setting/security');
      const required = page
        .getByRole('alert')
        .filter({ hasText: 'Two-factor authentication is required for every admin' });
      await expect(required).toBeVisible();
      await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();
      await page.goto('/user');
      await expectPath(page, '/setting/security');
      await expect(required).toBeVisible();
      const refused = await page.request.get('/api/users?limit=1', {
        headers: await bearer(page),
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({
        success: false,
        message: 'Set up two-factor authentication to continue',
      });

      await policy.click();
      await expect(policy).not.toBeChecked();
    } finally {
      // Every later spec signs in as the main admin: the policy must be off whatever happened.
      const off = await owner.request.put('/api/security/policy', {
        headers: ownerHeaders,
        data: { requireTwoFactor: false },
      });
      expect(off.ok(), await off.text()).toBe(true);
      await owner.context().close();
    }
    await page.goto('/user');
    await expectPath(page, '/user');
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
  });

  test("an Owner resets the admin's two-factor on the Admins screen; the password alone signs in again", async ({
    page,
    browser,
  }) => {
    test.slow();
    await signIn(page, mainAdmin);
    await page.goto('/setting/admins');
    const row = page.getByRole('row').filter({ hasText: twoFactorAdmin.email });
    await expect(row.getByRole('cell', { name: 'On', exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Reset two-factor of ${twoFactorAdmin.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset Two-factor' });
    await expect(confirm).toBeVisible();
    await saveScreen(page, 'admins-reset-two-factor');
    await expectNoAxeViolations(page, 'reset two-factor confirmation');
    await confirm.getByRole('button', { name: 'Reset Two-factor' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByRole('cell', { name: 'Off', exact: true })).toBeVisible();

    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, twoFactorAdmin);
    await context.close();
  });

  test('turned off with the password and a code, after which the password alone signs in', async ({
    page,
    browser,
  }) => {
    test.slow();
    // The reset above left it off: set up again through the API (the screen's set-up is the
    // first test's subject), then turned off on the screen.
    await signIn(page, twoFactorAdmin);
    const secret = await turnOnTwoFactorThroughApi(page.request, await bearer(page));

    await page.goto('/setting/security');
    await page.getByRole('button', { name: 'Turn off' }).click();
    const turnOff = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
    await turnOff.getByLabel('Password', { exact: true }).fill(twoFactorAdmin.password);
    // The next period's code: the set-up spent this period's.
    await turnOff.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await turnOff.getByRole('button', { name: 'Turn off' }).click();
    await expect(turnOff).toBeHidden();
    await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();

    const context = await browser.newContext();
    try {
      await signIn(await context.newPage(), twoFactorAdmin);
    } finally {
      await context.close();
    }
  });
});

test("a session signed out from another browser fails at its next request; 'Sign out all other sessions' ends the rest and keeps this one", async ({
  page,
  browser,
}) => {
  // A browser of its own make, so its row is found by the device it shows, and one more.
  const major = 100 + Math.floor(Math.random() * 900);
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${major}.0) Gecko/20100101 Firefox/${major}.0`,
  });
  const thirdContext = await browser.newContext();
  try {
    const other = await context.newPage();
    await signIn(other, mainAdmin);
    const third = await thirdContext.newPage();
    await signIn(third, mainAdmin);

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
    // The third browser still works until every other session is ended.
    await third.goto('/user');
    await expect(third.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(toast(page, 'Other sessions ended')).toBeVisible();
    // Only this browser's row is left.
    await expect(table.getByRole('button', { name: /^Sign out/ })).toHaveCount(1);
    await third.reload();
    await expectPath(third, '/signin');

    // This browser goes on.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
    await expect(table.getByText('This device')).toBeVisible();
  } finally {
    await context.close();
    await thirdContext.close();
  }
});

test('a passkey added on the Security screen signs in through the virtual authenticator', async ({
  browser,
  baseURL,
}) => {
  // Passkeys belong to a host name (PUBLIC_URL is http://localhost:<port>), not 127.0.0.1.
  const context = await browser.newContext({
    baseURL: (baseURL ?? '').replace('127.0.0.1', 'localhost'),
  });
  const page = await pageWithAuthenticator(context);

  await signIn(page, mainAdmin);
  const name = `Virtual key ${Date.now()}`;
  await page.goto('/setting/security');
  await addPasskey(page, name);
  const table = page.getByRole('table', { name: 'Passkeys' });
  await saveScreen(page, 'security-passkeys');

  // Signed out, the passkey alone signs in.
  await context.clearCookies();
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectPath(page, '/');
  await expect(page.getByText(`Welcome, ${mainAdmin.name}`)).toBeVisible();

  await page.goto('/setting/security');
  await table.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await context.close();
});

test("'Add a passkey' at 127.0.0.1 says passkeys work only at PUBLIC_URL, and the dialog stays open", async ({
  page,
  baseURL,
}) => {
  // Issue 41: this worker's server has PUBLIC_URL http://localhost:<port>; the page is at 127.0.0.1.
  const publicUrl = (baseURL ?? '').replace('127.0.0.1', 'localhost').replace(/\/+$/, '');
  await signIn(page, mainAdmin);
  await page.goto('/setting/security');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill('Wrong address');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Passkeys work only at ${publicUrl}. Open the app there to add one.`,
  );
  await expect(dialog).toBeVisible();
});

/**
 * The step-up test's server's STEP_UP_WINDOW_SECONDS: longer than its steps before the wait (two
 * sign-ins and a passkey added: 9 s at load average 6) and after a step-up (the invite it
 * resumes, the passkey's removal), short enough to wait out in seconds (decision 392).
 */
const STEP_UP_WINDOW_SECONDS = 30;

test('step-up past the window: an invite asks again, for the password or a passkey through the virtual authenticator; axe finds nothing', async ({
  browser,
}) => {
  // A server of its own whose window is 30 s, not the default 10 minutes: the test outwaits it
  // (decision 392, after 358 which outwaited 2 minutes on the shared server).
  test.setTimeout(STEP_UP_WINDOW_SECONDS * 1000 + 180_000);
  const dataDir = copyOfSeededData('cask-e2e-step-up-');
  const sink = await startMailSink(mkdtempSync(path.join(os.tmpdir(), 'cask-e2e-step-up-mail-')));
  const server = await startServer({
    dataDir,
    smtpUrl: sink.url,
    admin: mainAdmin,
    logFile: serverLogOf(test.info().parallelIndex),
    stepUpWindowSeconds: STEP_UP_WINDOW_SECONDS,
  });
  try {
    await stepUpPastTheWindow(browser, server.baseURL);
  } finally {
    await server.stop();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function stepUpPastTheWindow(browser: Browser, baseURL: string): Promise<void> {
  // Two browsers, two sessions of the Owner: one confirms with the password, one with a passkey.
  // Passkeys belong to a host name (PUBLIC_URL is http://localhost:<port>), not 127.0.0.1.
  const site = { baseURL: baseURL.replace('127.0.0.1', 'localhost') };
  const byPassword = await browser.newContext(site);
  const withPassword = await byPassword.newPage();
  const byPasskey = await browser.newContext(site);
  const withPasskey = await pageWithAuthenticator(byPasskey);
  for (const page of [withPassword, withPasskey]) await signIn(page, mainAdmin);
  const passkey = `Step-up key ${Date.now()}`;
  await withPasskey.goto('/setting/security');
  await addPasskey(withPasskey, passkey);

  // Until the window has passed an invite goes straight through; after, it is asked to step up.
  // An invite without a body shows which (400 within the window, 403 past it) and sends nothing.
  const inviteAnswer = async (page: Page) =>
    (
      await page.request.post('/api/admins/invites', { headers: await bearer(page), data: {} })
    ).status();
  for (const page of [withPassword, withPasskey]) {
    await expect
      .poll(() => inviteAnswer(page), {
        timeout: STEP_UP_WINDOW_SECONDS * 1000 + 30_000,
        intervals: [1_000],
      })
      .toBe(403);
  }

  /** Opens 'Invite Admin', sends it, and returns the step-up dialog it brings up. */
  const invite = async (page: Page, email: string) => {
    await page.goto('/setting/admins');
    await page.getByRole('button', { name: 'Invite Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Admin' });
    await dialog.getByLabel('Name').fill('Stella Stepup');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm your password' });
    await expect(stepUp.getByLabel('Password', { exact: true })).toBeVisible();
    return stepUp;
  };
  const invited = (page: Page, email: string) =>
    expect(page.getByRole('row').filter({ hasText: email }).getByText('Invited')).toBeVisible();

  // The password: a wrong one is said in the dialog, the right one sends the invite once.
  const first = `stella.${Date.now()}@example.com`;
  let stepUp = await invite(withPassword, first);
  for (const width of [375, 1280]) {
    await withPassword.setViewportSize({ width, height: width > 400 ? 800 : 812 });
    await expectNoAxeViolations(withPassword, `step-up dialog at ${width} px`);
  }
  await saveScreen(withPassword, 'step-up-password');
  await stepUp.getByLabel('Password', { exact: true }).fill('not the password');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp.getByText('Password is incorrect')).toBeVisible();
  await stepUp.getByLabel('Password', { exact: true }).fill(mainAdmin.password);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
  await invited(withPassword, first);

  // A passkey: offered because this admin has one; the authenticator answers the challenge.
  const second = `stella.${Date.now()}.2@example.com`;
  stepUp = await invite(withPasskey, second);
  const usePasskey = stepUp.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeVisible();
  await expectNoAxeViolations(withPasskey, 'step-up dialog with a passkey');
  await saveScreen(withPasskey, 'step-up-passkey');
  await usePasskey.click();
  await expect(stepUp).toBeHidden();
  await invited(withPasskey, second);

  // The passkey goes again: the step-up just made counts for its removal.
  await withPasskey.goto('/setting/security');
  await withPasskey.getByRole('button', { name: `Remove ${passkey}` }).click();
  await expect(withPasskey.getByRole('row').filter({ hasText: passkey })).toHaveCount(0);

  await byPassword.close();
  await byPasskey.close();
}
