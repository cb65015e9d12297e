import { expect, type Browser, type Page } from '@playwright/test';
import { waitForInviteLink } from './mailbox.ts';
import { bearer, expectPath } from './session.ts';

export interface Invitee {
  fullName: string;
  email: string;
  role: 'owner' | 'admin' | 'viewer';
}

/**
 * Invites `invitee` through the API as the Owner signed in on `page` (set-up for specs whose
 * subject is not the 'Invite Admin' dialog) and returns the link the mail brings.
 */
export async function inviteThroughApi(page: Page, invitee: Invitee): Promise<string> {
  const since = Date.now();
  const response = await page.request.post('/api/admins/invites', {
    headers: await bearer(page),
    data: invitee,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return waitForInviteLink(invitee.email, since);
}

/**
 * The invitee's own browser on the invite link: nobody is signed in there. It stays on the site
 * the mail links to (PUBLIC_URL, http://localhost:<port> here), where the acceptance stores its
 * cookies: the Owner's 127.0.0.1 is another site to the browser, and a page opened there is
 * signed out. Close it with `page.context().close()`.
 */
export async function openInvite(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: new URL(link).origin });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Accept Invite' })).toBeVisible();
  return page;
}

/** Chooses the password on the accept-invite screen and sends it. */
export async function submitInvitePassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
}

/** Accepts the invite: the password is set and the invitee is signed in. */
export async function acceptInvite(page: Page, name: string, password: string): Promise<void> {
  await submitInvitePassword(page, password);
  await expectPath(page, '/');
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
}
