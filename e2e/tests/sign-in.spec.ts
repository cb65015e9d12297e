import { expect, test } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { atPhoneWidth, expectPath, saveScreen, signIn, signInFails } from '../support/session.ts';

test('a wrong password is refused with the server message, the right one opens the shell', async ({
  page,
}) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
    'href',
    '/forgot_password',
  );
  await saveScreen(page, 'sign-in');
  await atPhoneWidth(page, () => saveScreen(page, 'sign-in-375px'));

  await signInFails(page, mainAdmin.email, 'not-the-right-password');

  await signIn(page, mainAdmin);
  await expectPath(page, '/');
  const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(cookies).toEqual(
    expect.arrayContaining(['accessToken', 'refreshToken', 'isAuthenticated']),
  );
  // A reload drops the refusal's toast from the pictures; the cookies keep the admin signed in.
  await page.reload();
  await expect(page.getByText(`Welcome, ${mainAdmin.name}`)).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await saveScreen(page, 'shell');
  await atPhoneWidth(page, () => saveScreen(page, 'shell-375px'));
});
