import { expect, test } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { saveScreen, signInThroughApi, toast } from '../support/session.ts';
import { bodyRows, columnHeader, columnTexts, table } from '../support/queries.ts';
import { apiRows } from '../support/api.ts';

// Issue 31 in Chromium, on the demo orders: a list sorts both ways as the API does, a reload and
// Back keep the view (sort and page in the URL), and a bulk status change on ten orders and its
// Undo leave the orders as they were (read through the API; each row's audit is API-tested).

interface ApiOrder {
  _id: string;
  title: string;
  status: string;
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, mainAdmin);
});

test('the Order List sorts both ways as the API does; reload and Back keep the view', async ({
  page,
}) => {
  await page.goto('/orders');
  await expect(bodyRows(table(page, 'Order List'))).toHaveCount(20);

  await columnHeader(page, 'Order List', 'Budget').getByRole('button', { name: 'Budget' }).click();
  await expect(page).toHaveURL(/[?&]sort=investmentAmount(&|$)/);
  await expect(columnHeader(page, 'Order List', 'Budget')).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const ascending = await apiRows<ApiOrder>(
    page,
    '/api/purchases?page=1&limit=20&sort=investmentAmount',
    'purchases',
  );
  await expect
    .poll(() => columnTexts(table(page, 'Order List'), 3))
    .toEqual(ascending.map((order) => order.title));

  await columnHeader(page, 'Order List', 'Budget').getByRole('button', { name: 'Budget' }).click();
  await expect(columnHeader(page, 'Order List', 'Budget')).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const descending = await apiRows<ApiOrder>(
    page,
    '/api/purchases?page=1&limit=20&sort=-investmentAmount',
    'purchases',
  );
  await expect
    .poll(() => columnTexts(table(page, 'Order List'), 3))
    .toEqual(descending.map((order) => order.title));

  // Page 2 of the sorted list, then a reload: the same view.
  await page
    .getByRole('navigation', { name: 'Orders pagination' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect(page).toHaveURL(/page=2/);
  const pageTwo = await apiRows<ApiOrder>(
    page,
    '/api/purchases?page=2&limit=20&sort=-investmentAmount',
    'purchases',
  );
  await expect
    .poll(() => columnTexts(table(page, 'Order List'), 3))
    .toEqual(pageTwo.map((order) => order.title));
  await page.reload();
  await expect(columnHeader(page, 'Order List', 'Budget')).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect
    .poll(() => columnTexts(table(page, 'Order List'), 3))
    .toEqual(pageTwo.map((order) => order.title));

  // Back: page 1, still descending.
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect
    .poll(() => columnTexts(table(page, 'Order List'), 3))
    .toEqual(descending.map((order) => order.title));
  await expect(columnHeader(page, 'Order List', 'Budget')).toHaveAttribute(
    'aria-sort',
    'descending',
  );
});

test('a bulk status change on ten orders and its Undo leave the orders as they were', async ({
  page,
}) => {
  await page.goto('/orders');
  await expect(bodyRows(table(page, 'Order List'))).toHaveCount(20);
  const before = await apiRows<ApiOrder>(page, '/api/purchases?page=1&limit=20', 'purchases');
  await expect
    .poll(() => columnTexts(table(page, 'Order List'), 3))
    .toEqual(before.map((order) => order.title));

  for (let index = 0; index < 10; index++) {
    await bodyRows(table(page, 'Order List')).nth(index).getByRole('checkbox').check();
  }
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('10 orders selected');
  await bar.getByRole('button', { name: 'Set status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set status' });
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption('Reject');
  await expect(dialog).toContainText('Set the status of 10 orders to Reject?');
  await saveScreen(page, 'orders-bulk-status');
  await dialog.getByRole('button', { name: 'Set status of 10 orders' }).click();

  const done = toast(page, 'Status set to Reject for 10 orders.');
  await expect(done).toBeVisible();
  // The pointer on the toast pauses its ten seconds (react-hot-toast), as for a reader.
  await done.hover();
  const changed = await apiRows<ApiOrder>(page, '/api/purchases?page=1&limit=20', 'purchases');
  expect(changed.slice(0, 10).map((order) => order.status)).toEqual(Array(10).fill('Reject'));
  expect(changed.slice(10)).toEqual(before.slice(10));

  await saveScreen(page, 'orders-bulk-undo-toast');
  // The toast with its Undo button is axe-clean too (accessibility.spec.ts confirms nothing).
  await expectNoAxeViolations(page, 'the Undo toast');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Undone: 10 orders as they were.')).toBeVisible();
  expect(await apiRows<ApiOrder>(page, '/api/purchases?page=1&limit=20', 'purchases')).toEqual(
    before,
  );
});

test('at 1280 px every list fits its card: no table scrolls sideways under its Action column', async ({
  page,
}) => {
  // The Action column is pinned to the right edge when a table scrolls: a table wider than its
  // card hides the column before it (the Cask List's Status badges were cut this way).
  for (const path of ['/user', '/cask', '/offers', '/orders', '/referrals', '/audit']) {
    await page.goto(path);
    const shown = page.getByRole('table').first();
    await expect(bodyRows(shown).first()).toBeVisible();
    const overflow = await shown.evaluate((element) => {
      const box = element.parentElement as HTMLElement;
      return box.scrollWidth - box.clientWidth;
    });
    expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
  }

  // An order's reference and date each read on one line ('ORD-00133', not 'ORD-' over '00133').
  await page.goto('/orders');
  const row = bodyRows(table(page, 'Order List')).first();
  await expect(row.getByText(/^ORD-\d{5,}$/)).toBeVisible();
  for (const cell of [
    row.getByText(/^ORD-\d{5,}$/),
    row.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
  ]) {
    const lines = await cell.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, (await cell.textContent()) ?? '').toBe(1);
  }
});
