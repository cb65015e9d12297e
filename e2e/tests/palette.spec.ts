import { expect, test } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { signInThroughApi } from '../support/session.ts';
import { apiGet } from '../support/api.ts';
import { commandPalette } from '../support/screens.ts';

// Issue 31 in Chromium: the command palette finds a customer by part of the e-mail and opens
// their page with the keyboard alone; its actions open their dialogs; '?' lists the shortcuts;
// the Notifications list sorts both ways as the API does. On the demo data (SEED_DEMO=true).

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, mainAdmin);
});

test('the palette finds a customer by part of the e-mail and opens their page with the keyboard alone', async ({
  page,
}) => {
  const palette = commandPalette(page);
  // The newest customer: the palette lists each kind newest first, so it is among the five.
  const { users } = await apiGet<{ users: { id: string; fullName: string; email: string }[] }>(
    page,
    '/api/users?page=1&limit=1',
  );
  const customer = users[0]!;
  const local = customer.email.split('@')[0]!;
  const part = local.slice(1, Math.max(5, local.length - 1));

  await page.keyboard.press('Control+k');
  await expect(palette.dialog).toBeVisible();
  await expect(palette.field).toBeFocused();
  await page.keyboard.type(part);
  const option = palette.dialog
    .getByRole('group', { name: 'Customers' })
    .getByRole('option')
    .filter({ hasText: customer.email });
  await expect(option).toBeVisible();
  for (let step = 0; step < 30; step++) {
    if ((await palette.highlighted.textContent())?.includes(customer.email)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(palette.highlighted).toContainText(customer.email);
  await page.keyboard.press('Enter');

  await expect(palette.dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/user/${customer.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: customer.fullName })).toBeVisible();
});

test('the Notifications list sorts by title both ways as the API does', async ({ page }) => {
  await page.goto('/notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('button').first()).toBeVisible();
  const shownTitles = () =>
    list
      .locator('li > button > span:nth-child(2) > span:first-child > span:first-child')
      .allTextContents();
  const bar = page.getByRole('group', { name: 'Sort notifications' });

  for (const [sort, name] of [
    // The order is read from the button's name ('Title, sorted ascending'; decision 261).
    ['title', /^Title\s*, sorted ascending$/],
    ['-title', /^Title\s*, sorted descending$/],
  ] as const) {
    await bar.getByRole('button', { name: /^Title/ }).click();
    await expect(bar.getByRole('button', { name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]sort=${sort}(&|$)`));
    const { notifications } = await apiGet<{ notifications: { title: string }[] }>(
      page,
      `/api/notifications?page=1&limit=20&sort=${sort}`,
    );
    await expect.poll(shownTitles).toEqual(notifications.map((n) => n.title));
  }
  await page.reload();
  await expect(bar.getByRole('button', { name: /^Title\s*, sorted descending$/ })).toBeVisible();
});
