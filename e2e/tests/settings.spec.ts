import { expect, test, type APIRequestContext } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import {
  accessToken,
  atPhoneWidth,
  expectPath,
  signIn,
  signInThroughApi,
  toast,
} from '../support/session.ts';
import { openFromSidebar } from '../support/screens.ts';
import { goldPng } from '../support/images.ts';

/** Puts the main admin's name and phone back through the API, so later specs see them as seeded. */
async function restoreProfile(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const read = await request.get('/api/auth/profile', { headers });
  const { user } = (await read.json()).data;
  await request.put('/api/auth/profile', {
    headers,
    data: { ...user, fullName: mainAdmin.name, phone: '', avatar: user.avatar },
  });
}

test('an admin edits the profile with a new avatar and phone number, and the header follows', async ({
  page,
}) => {
  await signInThroughApi(page, mainAdmin);
  await openFromSidebar(page, 'Settings', 'Settings');
  await expectPath(page, '/setting');
  await page.getByRole('link', { name: 'Personal Information' }).click();
  await expectPath(page, '/setting/profile');

  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(mainAdmin.name);
  await expect(name).not.toBeEditable();
  await expect(page.getByLabel('E-mail')).toHaveValue(mainAdmin.email);

  const token = await accessToken(page);
  try {
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('E-mail')).not.toBeEditable();
    await name.fill('Ailsa Mackenzie-Ross');
    await page.getByLabel('Country').selectOption('gb');
    await page.getByLabel('Phone Number').pressSequentially('7700900123');
    await expect(page.getByLabel('Phone Number')).toHaveValue('+44 7700 900123');
    // Clicking the avatar opens the image chooser (docs/screens/settings.md#personal-information).
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change avatar' }).click();
    await (await chooser).setFiles({ name: 'ailsa.png', mimeType: 'image/png', buffer: goldPng() });

    const upload = page.waitForResponse((r) => r.url().endsWith('/api/auth/upload-avatar'));
    await page.getByRole('button', { name: 'Save Info' }).click();
    expect((await upload).status()).toBe(200);
    await expect(toast(page, 'Profile updated successfully!')).toBeVisible();

    // Back to read-only; the header shows the new name and the uploaded picture.
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByText('Welcome, Ailsa Mackenzie-Ross')).toBeVisible();
    const headerAvatar = page.getByRole('link', { name: 'Your profile' }).locator('img');
    await expect(headerAvatar).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(96);

    // Saved on the server: a reload shows the same.
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ailsa Mackenzie-Ross');
    await expect(page.getByLabel('Phone Number')).toHaveValue('+44 7700 900123');
    await expect(page.getByLabel('Country')).toHaveValue('gb');
    await expect(page.getByRole('img', { name: 'Your avatar' })).toHaveAttribute(
      'src',
      /^\/uploads\//,
    );
  } finally {
    await restoreProfile(page.request, token);
  }
});

test('an admin changes the password and signs in with the new one', async ({ page }) => {
  const newPassword = 'Warehouse-No8-Key';
  await signInThroughApi(page, mainAdmin);
  await openFromSidebar(page, 'Settings', 'Settings');
  await expectPath(page, '/setting');
  let changed = false;
  try {
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });

    // Client rules first, then the server's field error under its field.
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByText('All fields are required')).toHaveCount(3);
    await dialog.getByLabel('Current Password', { exact: true }).fill('not-my-password');
    await dialog.getByLabel('New Password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('something-else');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(dialog.getByText('Current password is incorrect')).toBeVisible();

    await dialog.getByLabel('Current Password', { exact: true }).fill(mainAdmin.password);
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page, 'Password changed successfully!')).toBeVisible();
    changed = true;
    await expect(dialog).toBeHidden();

    // Still signed in here (a fresh session came with the answer): the profile still loads.
    await page.reload();
    await expect(page.getByText(`Welcome, ${mainAdmin.name}`)).toBeVisible();

    // Sign out, then in again with the new password.
    await page.context().clearCookies();
    await signIn(page, { ...mainAdmin, password: newPassword });
  } finally {
    if (changed) {
      // Other specs sign in with the seeded password: put it back.
      const login = await page.request.post('/api/auth/login', {
        data: { email: mainAdmin.email, password: newPassword },
      });
      const { accessToken: token } = (await login.json()).data;
      const restored = await page.request.post('/api/auth/change-password', {
        headers: { authorization: `Bearer ${token}` },
        data: { currentPassword: newPassword, newPassword: mainAdmin.password },
      });
      expect(restored.status()).toBe(200);
    }
  }
});

test('settings and the profile work at 375 px wide', async ({ page }) => {
  await signInThroughApi(page, mainAdmin);
  await atPhoneWidth(page, async () => {
    await page.goto('/setting');
    await page.getByRole('link', { name: 'Personal Information' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('button', { name: 'Save Info' })).toBeInViewport();
    await expect(page.getByLabel('Phone Number')).toBeInViewport();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expectPath(page, '/setting');
  });
});
