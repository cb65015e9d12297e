import { expect, test, type Locator, type Page } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { detailValue } from '../support/details.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { atPhoneWidth, saveScreen, signInThroughApi, toast } from '../support/session.ts';
import { bodyRows, cardValue, cell, count, pagination, table } from '../support/queries.ts';
import { apiRows } from '../support/api.ts';
import { openFromSidebar } from '../support/screens.ts';

// docs/screens/referrals.md, end to end on the demo referrals (SEED_DEMO=true): filter, search,
// complete a referral and see the referrer's points rise in the Reward List, set it back and see
// them fall. Other specs may change customers too, so numbers are read, never assumed.

/**
 * The referrer's Point cell in the Reward List, found by their e-mail through the users search.
 * A list seen before shows its cached row at once and the refetched one right after: assert on
 * the cell's text (Playwright waits), read it only when nothing has changed.
 */
async function pointCell(page: Page, email: string): Promise<Locator> {
  await page.getByRole('navigation').getByRole('link', { name: 'User', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = bodyRows(table(page, 'Reward List')).filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row.getByRole('cell').nth(5);
}

/** Sets the referral whose referee is `referee` to `status` in the Edit Referral dialog. */
async function setStatus(page: Page, referee: string, referrer: string, status: string) {
  await openFromSidebar(page, 'Referrals', 'Referrals');
  await expect(bodyRows(table(page, 'Referrals List')).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search referrals' }).fill(referee);
  const row = bodyRows(table(page, 'Referrals List')).filter({ hasText: referee });
  await expect(bodyRows(table(page, 'Referrals List'))).toHaveCount(1);
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Referral - ${referrer}` });
  await dialog.getByLabel('Status').selectOption({ label: status });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Referral updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The first cell holds the row's bulk-selection checkbox (issue 31).
  await expect(row.getByRole('cell').nth(4)).toHaveText(status);
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, mainAdmin);
});

test('an admin filters, searches, completes a referral and the referrer points follow', async ({
  page,
}) => {
  await openFromSidebar(page, 'Referrals', 'Referrals');
  await expect(bodyRows(table(page, 'Referrals List')).first()).toBeVisible();
  for (const title of [
    'Total Referrals',
    'Completed Referrals',
    'Pending Referrals',
    'Total Rewards',
  ]) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  await expect(cardValue(page, 'Total Rewards')).toHaveText(/^\$[\d,.]+$/);
  const total = count(await cardValue(page, 'Total Referrals').textContent());
  const completed = count(await cardValue(page, 'Completed Referrals').textContent());
  await expect(
    pagination(page, 'Referrals pagination').getByText(`of ${total} referrals`),
  ).toBeVisible();
  await expect(
    pagination(page, 'Referrals pagination').getByRole('button', { name: 'Refresh' }),
  ).toHaveCount(0);

  // Pending only: every row says so.
  await page.getByLabel('Filter by status').selectOption({ label: 'Pending' });
  await expect(
    pagination(page, 'Referrals pagination').getByText(`of ${total - completed} referrals`),
  ).toBeVisible();
  for (const text of await bodyRows(table(page, 'Referrals List')).allTextContents()) {
    expect(text).toContain('Pending');
  }
  const row = bodyRows(table(page, 'Referrals List')).first();
  const referee = await cell(row, 2);
  const referrerCell = row.getByRole('cell').nth(1);
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
  await expect(cardValue(page, 'Completed Referrals')).toHaveText(String(completed + 1));
  await saveScreen(page, 'referrals-1280');
  await atPhoneWidth(page, async () => {
    await saveScreen(page, 'referrals-375');
  });
  // The Reward List's Point column rises (by the referral's points, which the screen does not
  // show).
  const rose = await pointCell(page, referrerEmail);
  await expect(rose).not.toHaveText(before.toLocaleString('en-US'));
  const credited = count(await rose.textContent());
  expect(credited).toBeGreaterThan(before);

  // A reload still shows it; setting it back takes the points back.
  await page.reload();
  await expect(await pointCell(page, referrerEmail)).toHaveText(credited.toLocaleString('en-US'));
  await setStatus(page, referee, referrer, 'Pending');
  await expect(cardValue(page, 'Completed Referrals')).toHaveText(String(completed));
  await expect(await pointCell(page, referrerEmail)).toHaveText(before.toLocaleString('en-US'));
});

interface ApiReferral {
  id: string;
  status: string;
  completedDate: string | null;
  referee: { fullName: string };
}

test('a bulk status change and its Undo leave the referrals as they were', async ({ page }) => {
  // Three axe runs on a busy 2-core machine take more than the default 30 s.
  test.setTimeout(90_000);
  // Issue 31: chosen referrals set to Completed in one call; Undo puts each back as it was, read
  // back through the API (the date an undo restores is checked in referrals-bulk.test.tsx). axe
  // with the bar, the dialog and the toast.
  await openFromSidebar(page, 'Referrals', 'Referrals');
  await expect(bodyRows(table(page, 'Referrals List')).first()).toBeVisible();
  const rows = bodyRows(table(page, 'Referrals List'));
  await expect(rows).toHaveCount(10);
  const before = await apiRows<ApiReferral>(page, '/api/referrals?page=1&limit=10', 'referrals');
  // The rows shown are the API's, in its order (the third cell is the referee's).
  await expect
    .poll(() => rows.locator('td:nth-child(3)').allTextContents())
    .toEqual(before.map((referral) => referral.referee.fullName || 'N/A'));
  // Pending ones are completed (a credit), a completed one stays as it is: setting a completed
  // referral back takes points its referrer may have spent (refused, as the web tests show).
  const chosen = before
    .flatMap((referral, index) => (referral.status === 'pending' ? [index] : []))
    .slice(0, 3);
  const completed = before.findIndex((referral) => referral.status === 'completed');
  expect(chosen.length, 'pending referrals on the first page').toBeGreaterThan(0);
  if (completed >= 0) chosen.push(completed);
  for (const index of chosen) await rows.nth(index).getByRole('checkbox').check();

  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText(`${chosen.length} referrals selected`);
  await expectNoAxeViolations(page, 'the Referrals bulk bar');
  await atPhoneWidth(page, () => expectNoAxeViolations(page, 'the Referrals bulk bar at 375 px'));
  await bar.getByRole('button', { name: 'Set status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set status' });
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption('completed');
  await expect(dialog).toContainText(`Set the status of ${chosen.length} referrals to Completed?`);
  await expectNoAxeViolations(page, 'the Referrals Set status dialog');
  await dialog.getByRole('button', { name: `Set status of ${chosen.length} referrals` }).click();

  const done = toast(page, `Status set to Completed for ${chosen.length} referrals.`);
  await expect(done).toBeVisible();
  // The pointer on the toast pauses its ten seconds (react-hot-toast), as for a reader.
  await done.hover();
  const changed = await apiRows<ApiReferral>(page, '/api/referrals?page=1&limit=10', 'referrals');
  expect(changed.map((referral) => referral.id)).toEqual(before.map((referral) => referral.id));
  for (const [index, referral] of changed.entries()) {
    if (chosen.includes(index)) expect(referral.status).toBe('completed');
    if (!chosen.includes(index) || index === completed) expect(referral).toEqual(before[index]);
  }
  await expectNoAxeViolations(page, 'the Referrals Undo toast');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, `Undone: ${chosen.length} referrals as they were.`)).toBeVisible();
  expect(await apiRows<ApiReferral>(page, '/api/referrals?page=1&limit=10', 'referrals')).toEqual(
    before,
  );
});
