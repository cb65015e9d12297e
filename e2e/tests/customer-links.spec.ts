import { expect, test, type Locator, type Page } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { signInThroughApi } from '../support/session.ts';
import { firstBodyRow } from '../support/queries.ts';

// Issue 30: a customer's name opens their page wherever it appears (User Management, the Reward
// List, the Dashboard's recent users, a cask's owner, an order's user, a referral's referrer and
// referee, the owner picker's choice); and the dashboard's trends, each with 'Show as table'.

const CUSTOMER_PAGE = /\/user\/[0-9a-f-]{36}$/;

/** Follows the first customer link inside `scope`, landing on the page of that name. */
async function opensCustomerPage(page: Page, scope: Locator, nth = 0) {
  const link = scope.locator('a[href^="/user/"]').nth(nth);
  await expect(link).toBeVisible();
  const name = (await link.textContent())!.trim();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await expect(page).toHaveURL(CUSTOMER_PAGE);
  expect(new URL(page.url()).pathname).toBe(href);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('every list that names a customer links the name to their page', async ({ page }) => {
  test.setTimeout(180_000);
  await signInThroughApi(page, mainAdmin);

  await test.step('Dashboard: Recent Users', async () => {
    await page.goto('/');
    await opensCustomerPage(page, firstBodyRow(page, /^Recent Users/));
  });
  await test.step('User Management and the Reward List', async () => {
    await page.goto('/user');
    await opensCustomerPage(page, firstBodyRow(page, 'Users'));
    await page.goto('/user');
    await opensCustomerPage(page, firstBodyRow(page, 'Reward List'));
  });
  await test.step("a cask's owner, in the Cask List and in Edit Cask", async () => {
    await page.goto('/cask');
    await opensCustomerPage(page, firstBodyRow(page, 'Cask List'));
    await page.goto('/cask');
    await firstBodyRow(page, 'Cask List').getByRole('button', { name: 'Edit' }).click();
    await opensCustomerPage(page, page.getByRole('dialog', { name: 'Edit Cask' }));
  });
  await test.step("an order's user", async () => {
    await page.goto('/orders');
    await opensCustomerPage(page, firstBodyRow(page, 'Order List'));
  });
  await test.step("a referral's referrer and referee", async () => {
    await page.goto('/referrals');
    const row = firstBodyRow(page, 'Referrals List');
    await expect(row.locator('a[href^="/user/"]')).toHaveCount(2);
    await opensCustomerPage(page, row, 0);
    await page.goto('/referrals');
    await opensCustomerPage(page, firstBodyRow(page, 'Referrals List'), 1);
  });
});

test("the owner picker's choice links to the chosen customer's page", async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, mainAdmin);

  /** Chooses the first customer found for 'a'; returns the chosen name. */
  async function choose(dialog: Locator, label: string): Promise<string> {
    const picker = dialog.getByRole('combobox', { name: label });
    await picker.fill('a');
    await dialog.getByRole('listbox').getByRole('option').first().click();
    return (await picker.inputValue()).replace(/ \(.*\)$/, '').trim();
  }

  await test.step('Add Cask', async () => {
    await page.goto('/cask');
    await page.getByRole('button', { name: 'Add Cask' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Cask' });
    const name = await choose(dialog, 'Owner');
    await expect(dialog.getByRole('link', { name })).toBeVisible();
    await opensCustomerPage(page, dialog);
  });
  await test.step('Transfer Ownership', async () => {
    await page.goto('/cask');
    await firstBodyRow(page, 'Cask List').getByRole('link').first().click();
    await page.getByRole('button', { name: 'Transfer Ownership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer Ownership' });
    const name = await choose(dialog, 'New owner');
    await expect(dialog.getByRole('link', { name })).toBeVisible();
    // The first link is the current owner's (issue 41); the chosen one's comes after it.
    await opensCustomerPage(page, dialog, 1);
  });
});

test("the dashboard's trends are the API's numbers, charted and as tables", async ({ page }) => {
  test.setTimeout(90_000);
  // Signing in lands on the dashboard, which asks for the trends once its chunk is loaded.
  const answer = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith('/api/admin/dashboard/trends'),
  );
  await signInThroughApi(page, mainAdmin);
  const trends = (
    (await (await answer).json()) as {
      data: {
        revenueByMonth: { month: string; revenue: number }[];
        casksByStatus: { status: string; count: number }[];
        portfolioValue: { month: string; value: number }[];
      };
    }
  ).data;
  const money = (value: number) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      ...(Number.isInteger(value) ? { maximumFractionDigits: 0 } : {}),
    }).format(value);

  const cases = [
    {
      title: 'Revenue by month',
      cells: trends.revenueByMonth.map((point) => money(point.revenue)),
    },
    {
      title: 'Casks by status',
      cells: trends.casksByStatus.map((point) => point.count.toLocaleString('en-US')),
    },
    { title: 'Portfolio value', cells: trends.portfolioValue.map((point) => money(point.value)) },
  ];
  for (const { title, cells } of cases) {
    const figure = page.getByRole('figure', { name: title });
    // The drawing carries the values too (hidden from assistive technology, shown to the eye).
    await expect(figure.locator('svg')).toBeVisible();
    const toggle = figure.getByRole('button', { name: 'Show as table' });
    // By keyboard alone.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = figure.getByRole('table', { name: title });
    await expect(table.locator('tbody td')).toHaveText(cells);
  }
  // The casks by status add up to the Total Casks card.
  const total = trends.casksByStatus.reduce((sum, point) => sum + point.count, 0);
  await expect(page.locator('dl').filter({ hasText: 'Total Casks' })).toContainText(
    total.toLocaleString('en-US'),
  );
});
