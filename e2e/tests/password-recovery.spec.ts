import { test } from '../support/test.ts';
import { recoveryAdmins } from '../support/admins.ts';
import { signIn, signInFails } from '../support/session.ts';
import { digitBoxes, requestCode, verifyAndReset } from '../support/recovery.ts';

// A retry cannot replay these: the first attempt may already have changed the password, and a
// new code for the same account is refused for 60 s (docs/architecture.md#authentication).
test.describe.configure({ retries: 0 });

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
