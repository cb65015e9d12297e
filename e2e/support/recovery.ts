import { expect, type Page } from '@playwright/test';
import type { AdminCredentials } from './admins.ts';
import { waitForOneTimeCode } from './mailbox.ts';
import { expectPath, toast } from './session.ts';

// Password recovery as an admin walks it (docs/screens/password-recovery.md): the code mailed,
// the OTP screen's boxes, the new password (docs/conventions.md#test-kits).

/** The OTP screen's four digit boxes, in order. */
export const digitBoxes = (page: Page) =>
  [1, 2, 3, 4].map((n) => page.getByLabel(`Digit ${n} of 4`, { exact: true }));

/** Forgot password -> the mail's code -> OTP screen, up to the point of entering the code. */
export async function requestCode(page: Page, admin: AdminCredentials): Promise<string> {
  await page.goto('/forgot_password');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expect(
    page.getByText('Please enter your email address to reset your password.'),
  ).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  const requestedAt = Date.now();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expectPath(page, '/otp');
  await expect(page.getByText('Please enter the OTP sent to your email.')).toBeVisible();
  const code = await waitForOneTimeCode(admin.email, requestedAt);
  expect(code).toMatch(/^\d{4}$/);
  return code;
}

/** Verify OTP -> reset screen -> new password; ends back on /signin with the success toast. */
export async function verifyAndReset(page: Page, code: string, newPassword: string): Promise<void> {
  const boxes = digitBoxes(page);
  for (const [index, box] of boxes.entries()) await expect(box).toHaveValue(code[index] ?? '');
  await page.getByRole('button', { name: 'Verify OTP', exact: true }).click();

  await expectPath(page, '/reset_password');
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(toast(page, 'Password reset successfully!')).toBeVisible();
  await expectPath(page, '/signin');
}
