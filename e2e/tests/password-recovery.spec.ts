import { expect, test, type Page } from '../support/test.ts';
import { recoveryAdmins, type AdminCredentials } from '../support/admins.ts';
import { waitForOneTimeCode } from '../support/mailbox.ts';
import { expectPath, signIn, signInFails, toast } from '../support/session.ts';

// A retry cannot replay these: the first attempt may already have changed the password, and a
// new code for the same account is refused for 60 s (docs/architecture.md#authentication).
test.describe.configure({ retries: 0 });

const digitBoxes = (page: Page) =>
  [1, 2, 3, 4].map((n) => page.getByLabel(`Digit ${n} of 4`, { exact: true }));

/** Forgot password -> the mail's code -> OTP screen, up to the point of entering the code. */
async function requestCode(page: Page, admin: AdminCredentials): Promise<string> {
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
async function verifyAndReset(page: Page, code: string, newPassword: string): Promise<void> {
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

test('an admin resets a forgotten password with the code typed from the mail', async ({ page }) => {
  const admin = recoveryAdmins.typesCode;
  const newPassword = 'Dram-2026!'; // the reset screen allows 8 to 10 characters

  const code = await requestCode(page, admin);
  // Typed digit by digit into the first box: focus moves on to the next box by itself.
  await digitBoxes(page)[0]?.click();
  await page.keyboard.type(code);
  await verifyAndReset(page, code, newPassword);

  await signInFails(page, admin.email, admin.password);
  await signIn(page, { ...admin, password: newPassword });
});

test('an admin resets a forgotten password with the code pasted from the mail', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = recoveryAdmins.pastesCode;
  const newPassword = 'Angels-05'; // the reset screen allows 8 to 10 characters

  const code = await requestCode(page, admin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await digitBoxes(page)[0]?.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await verifyAndReset(page, code, newPassword);

  await signIn(page, { ...admin, password: newPassword });
});
