import { expect, test } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { waitForMail } from '../support/mailbox.ts';
import { expectPath, saveScreen, signIn } from '../support/session.ts';

// Issue 28: an Owner invites a Viewer; the Viewer sets a password through the mailed link, is
// signed in, sees no change offered, and the API refuses a change with 403.
test('an Owner invites a Viewer, who accepts by the mailed link and can read but not change', async ({
  page,
  browser,
}) => {
  // Two browsers, a mail and an argon2 hash on a shared 2-core machine: more time, no waits.
  test.slow();
  const invitee = { name: 'Vera Viewer', email: `vera.${Date.now()}@example.com` };
  await signIn(page, mainAdmin);
  await page.goto('/setting/admins');
  await expect(page.getByRole('heading', { level: 1, name: 'Admins' })).toBeVisible();

  const since = Date.now();
  await page.getByRole('button', { name: 'Invite Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Admin' });
  await dialog.getByLabel('Name').fill(invitee.name);
  await dialog.getByLabel('Email').fill(invitee.email);
  await dialog.getByLabel('Role').selectOption('Viewer');
  await saveScreen(page, 'admins-invite-dialog');
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  const row = page.getByRole('row').filter({ hasText: invitee.email });
  await expect(row.getByText('Invited')).toBeVisible();
  await saveScreen(page, 'admins');

  const mail = await waitForMail(invitee.email, since);
  const link = /https?:\/\/\S+\/accept-invite\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();

  // The invitee's own browser: nobody is signed in there. It stays on the site the mail links
  // to (PUBLIC_URL, http://localhost:<port> here), where the acceptance stored its cookies: the
  // Owner's 127.0.0.1 is another site to the browser, and a page opened there is signed out.
  const context = await browser.newContext({ baseURL: new URL(link!).origin });
  const viewer = await context.newPage();
  try {
    await viewer.goto(link!);
    await expect(viewer.getByRole('heading', { level: 1, name: 'Accept Invite' })).toBeVisible();
    await saveScreen(viewer, 'accept-invite');
    await viewer.getByLabel('Password', { exact: true }).fill('Vera-Reads-Only-1');
    await viewer.getByLabel('Confirm Password', { exact: true }).fill('Vera-Reads-Only-1');
    await viewer.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await expectPath(viewer, '/');
    await expect(viewer.getByText(`Welcome, ${invitee.name}`)).toBeVisible();
    // Signed in as by the sign-in screen: this browser is a known device from now on.
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('cask_device');

    await viewer.goto('/user');
    const users = viewer.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('row').nth(1)).toBeVisible();
    await expect(
      viewer.getByRole('table', { name: 'Reward List' }).getByRole('row').nth(1),
    ).toBeVisible();
    for (const name of ['Edit', 'Delete', 'Adjust Points']) {
      await expect(viewer.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await saveScreen(viewer, 'users-as-viewer');

    // The API refuses the change the screen does not offer.
    const cookies = await context.cookies();
    const token = cookies.find((cookie) => cookie.name === 'accessToken')?.value;
    expect(token).toBeDefined();
    const headers = { authorization: `Bearer ${decodeURIComponent(token!)}` };
    const list = await viewer.request.get('/api/users?limit=1', { headers });
    expect(list.status()).toBe(200);
    const [first] = ((await list.json()) as { data: { users: { id: string }[] } }).data.users;
    const refused = await viewer.request.delete(`/api/users/${first!.id}`, { headers });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      success: false,
      message: 'Forbidden: a Viewer can read and export but not make changes',
    });
    const still = await viewer.request.get('/api/users?limit=1', { headers });
    expect(((await still.json()) as { data: { users: { id: string }[] } }).data.users[0]?.id).toBe(
      first!.id,
    );
  } finally {
    await context.close();
  }

  // The Owner's list shows the invite accepted: an active Viewer.
  await page.reload();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Viewer', exact: true })).toBeVisible();
});
