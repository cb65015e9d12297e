import { expect, test, type Locator, type Page } from '@playwright/test';
import { mainAdmin } from '../support/admins.ts';
import { detailValue } from '../support/details.ts';
import { atPhoneWidth, saveScreen, signIn, toast } from '../support/session.ts';

// Spec 001 §2-§9 Referrals, end to end on the demo referrals (SEED_DEMO=true): filter, search,
// complete a referral and see the referrer's points rise in the Reward List, set it back and see
// them fall. Other specs may change customers too, so numbers are read, never assumed.

const referralsTable = (page: Page) => page.getByRole('table', { name: 'Referrals List' });
const referralsNav = (page: Page) => page.getByRole('navigation', { name: 'Referrals pagination' });
const rewardsTable = (page: Page) => page.getByRole('table', { name: 'Reward List' });
const bodyRows = (table: Locator) => table.locator('tbody').getByRole('row');
const count = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
const card = (page: Page, title: string) =>
  page
    .locator('dl')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('dd')
    .first();

async function cell(row: Locator, index: number): Promise<string> {
  return ((await row.getByRole('cell').nth(index).textContent()) ?? '').trim();
}

async function openReferrals(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Referrals', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
  await expect(bodyRows(referralsTable(page)).first()).toBeVisible();
}

/**
 * The referrer's Point cell in the Reward List, found by their e-mail through the users search.
 * A list seen before shows its cached row at once and the refetched one right after: assert on
 * the cell's text (Playwright waits), read it only when nothing has changed.
 */
async function pointCell(page: Page, email: string): Promise<Locator> {
  await page.getByRole('navigation').getByRole('link', { name: 'User', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = bodyRows(rewardsTable(page)).filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row.getByRole('cell').nth(4);
}

const points = (n: number) => n.toLocaleString('en-US');

/** Sets the referral whose referee is `referee` to `status` in the Edit Referral dialog. */
async function setStatus(page: Page, referee: string, referrer: string, status: string) {
  await openReferrals(page);
  await page.getByRole('searchbox', { name: 'Search referrals' }).fill(referee);
  const row = bodyRows(referralsTable(page)).filter({ hasText: referee });
  await expect(bodyRows(referralsTable(page))).toHaveCount(1);
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Referral - ${referrer}` });
  await dialog.getByLabel('Status').selectOption({ label: status });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Referral updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(3)).toHaveText(status);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, mainAdmin);
});

test('an admin filters, searches, completes a referral and the referrer points follow', async ({
  page,
}) => {
  await openReferrals(page);
  for (const title of [
    'Total Referrals',
    'Completed Referrals',
    'Pending Referrals',
    'Total Rewards',
  ]) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  await expect(card(page, 'Total Rewards')).toHaveText(/^\$[\d,.]+$/);
  const total = count(await card(page, 'Total Referrals').textContent());
  const completed = count(await card(page, 'Completed Referrals').textContent());
  await expect(referralsNav(page).getByText(`of ${total} referrals`)).toBeVisible();
  await expect(referralsNav(page).getByRole('button', { name: 'Refresh' })).toHaveCount(0);

  // Pending only: every row says so.
  await page.getByLabel('Filter by status').selectOption({ label: 'Pending' });
  await expect(referralsNav(page).getByText(`of ${total - completed} referrals`)).toBeVisible();
  for (const text of await bodyRows(referralsTable(page)).allTextContents()) {
    expect(text).toContain('Pending');
  }
  const row = bodyRows(referralsTable(page)).first();
  const referee = await cell(row, 1);
  const referrerCell = row.getByRole('cell').nth(0);
  const referrer = ((await referrerCell.locator('p').first().textContent()) ?? '').trim();
  const referrerEmail = ((await referrerCell.locator('p').nth(1).textContent()) ?? '').trim();

  // The edit dialog shows the referral read-only.
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Referral - ${referrer}` });
  const detail = (term: string) => detailValue(dialog, term);
  await expect(detail('Referrer')).toHaveText(referrer);
  await expect(detail('Referee')).toHaveText(new RegExp(`^${referee} \\(`));
  await expect(detail('Reward Amount')).toHaveText(/^\$[\d,.]+ USD$/);
  await expect(detail('Completed Date')).toHaveText('N/A');
  await saveScreen(page, 'referrals-edit-1280');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const before = count(await (await pointCell(page, referrerEmail)).textContent());

  await setStatus(page, referee, referrer, 'Completed');
  await expect(card(page, 'Completed Referrals')).toHaveText(String(completed + 1));
  await saveScreen(page, 'referrals-1280');
  await atPhoneWidth(page, async () => {
    await saveScreen(page, 'referrals-375');
  });
  // The Reward List's Point column rises (by the referral's points, which the screen does not show).
  const rose = await pointCell(page, referrerEmail);
  await expect(rose).not.toHaveText(points(before));
  const credited = count(await rose.textContent());
  expect(credited).toBeGreaterThan(before);

  // A reload still shows it; setting it back takes the points back.
  await page.reload();
  await expect(await pointCell(page, referrerEmail)).toHaveText(points(credited));
  await setStatus(page, referee, referrer, 'Pending');
  await expect(card(page, 'Completed Referrals')).toHaveText(String(completed));
  await expect(await pointCell(page, referrerEmail)).toHaveText(points(before));
});

test('a search that matches nothing reads No referrals found.', async ({ page }) => {
  await openReferrals(page);
  await page.getByRole('searchbox', { name: 'Search referrals' }).fill('no-such-referral-anywhere');
  await expect(page.getByText('No referrals found.')).toBeVisible();
  await expect(referralsNav(page).getByText('Showing 0 of 0 referrals')).toBeVisible();
});
