import { expect, test, type Page } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { expectPath, signInThroughApi } from '../support/session.ts';

// Radix gives a confirmation the alertdialog role; a plain dialog is accepted as well.
const logoutDialog = (page: Page) =>
  page
    .getByRole('alertdialog', { name: 'Are you sure?' })
    .or(page.getByRole('dialog', { name: 'Are you sure?' }));

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, mainAdmin);
});

test('Yes, Logout! ends the session: /signin now, and / stays closed', async ({ page }) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = logoutDialog(page);
  await expect(dialog.getByText('You want to logout!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, Logout!' }).click();
  await expectPath(page, '/signin');

  const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(cookies).not.toContain('accessToken');
  expect(cookies).not.toContain('refreshToken');
  expect(cookies).not.toContain('isAuthenticated');

  await page.goto('/');
  await expectPath(page, '/signin');
});
