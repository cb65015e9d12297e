import { expect, type Locator, type Page } from '@playwright/test';

// The parts of a screen the specs read, found by role and accessible name as a user (or a
// screen reader) finds them (docs/conventions.md#test-kits). One copy for every spec: a spec never
// declares its own `bodyRows` or `searchBox` (scripts/test-kits.test.mjs, issue 43).

/** The table named `name` (its caption or aria-label): 'Order List', 'Users'. */
export function table(page: Page, name: string | RegExp): Locator {
  return page.getByRole('table', { name });
}

/** The rows of a table's body: every row but the column headers'. */
export function bodyRows(scope: Locator): Locator {
  return scope.locator('tbody').getByRole('row');
}

/** The first row of the body of the table named `name`. */
export function firstBodyRow(page: Page, name: string | RegExp): Locator {
  return bodyRows(table(page, name)).first();
}

/** The texts of a table's body cells in column `n` (counted from 1, as `:nth-child`). */
export function columnTexts(scope: Locator, n: number): Promise<string[]> {
  return bodyRows(scope).locator(`td:nth-child(${n})`).allTextContents();
}

/** The column header named `name` of the table named `tableName` (it carries `aria-sort`). */
export function columnHeader(page: Page, tableName: string, name: string): Locator {
  return table(page, tableName).getByRole('columnheader', { name });
}

/** A list's 'Total: 1,234' line (User Management). */
export function totalLine(page: Page): Locator {
  return page.getByText(/^Total: [\d,]+$/);
}

/** The trimmed text of a row's cell, counted from 0. */
export async function cell(row: Locator, index: number): Promise<string> {
  return ((await row.getByRole('cell').nth(index).textContent()) ?? '').trim();
}

/** A list's pagination, a navigation landmark named like 'Orders pagination'. */
export function pagination(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name });
}

/** The search box named `name` ('Search orders'). */
export function searchBox(page: Page, name: string): Locator {
  return page.getByRole('searchbox', { name });
}

/**
 * The value of the stat card titled `title` (its <dl>: the title is the term, the value the
 * definition). A definition list has no accessible name (ARIA 1.3), so the title is found by
 * its text.
 */
export function cardValue(page: Page, title: string): Locator {
  return page
    .locator('dl')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('dd')
    .first();
}

/** The number a text shows, its digits read: '1,234' and 'Total: 1,234' are 1234. */
export function count(text: string | null): number {
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/** The number the stat card titled `title` shows, once it has loaded. */
export async function cardNumber(page: Page, title: string): Promise<number> {
  const value = cardValue(page, title);
  await expect(value).not.toHaveText('Loading...');
  return count(await value.textContent());
}

/**
 * The N of a list's 'Showing n of N `noun`', read from its pagination named `pagination`
 * ('Audit Log pagination').
 */
export async function shownTotal(page: Page, pagination: string, noun: string): Promise<number> {
  const text = await page
    .getByRole('navigation', { name: pagination })
    .getByText(new RegExp(`^Showing \\d+ of [\\d,]+ ${noun}$`))
    .textContent();
  return count((text ?? '').replace(/^.* of ([\d,]+) .*$/, '$1'));
}

/**
 * Whether the table named `name` exactly ('Casks' of a customer page) lists a link to `href` on
 * any of its pages, paging through them with its pagination's Next (`${name} pagination`).
 */
export async function listsLink(page: Page, name: string, href: string): Promise<boolean> {
  const rows = page.getByRole('table', { name, exact: true });
  const next = page
    .getByRole('navigation', { name: `${name} pagination`, exact: true })
    .getByRole('button', { name: 'Next' });
  await expect(rows.locator('tbody tr').first()).toBeVisible();
  for (;;) {
    if ((await rows.locator(`a[href="${href}"]`).count()) > 0) return true;
    if (!(await next.isVisible()) || (await next.isDisabled())) return false;
    const shown = await rows.locator('tbody').textContent();
    await next.click();
    await expect(rows.locator('tbody')).not.toHaveText(shown ?? '');
  }
}
