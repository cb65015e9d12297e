import { expect, type Locator, type Page } from '@playwright/test';
import { bodyRows, searchBox, table } from './queries.ts';

// The app on a phone (issue 47, docs/decisions/441): the width it is used at, nothing wider than
// the screen, controls a thumb presses, and the menu drawer a phone opens in place of the sidebar
// (docs/conventions.md#test-kits).

/** A phone's screen, in CSS pixels. */
export const PHONE = { width: 375, height: 812 };

/** Nothing scrolls sideways: the page, <main>, and the dialog open now if there is one. */
export async function expectNoSidewaysScroll(page: Page, step: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const boxes: [string, Element | null][] = [
      ['the page', document.documentElement],
      ['main', document.querySelector('main')],
      ['the dialog', document.querySelector('[role="dialog"], [role="alertdialog"]')],
    ];
    return boxes
      .filter(([, box]) => box !== null && box.scrollWidth > box.clientWidth)
      .map(([name, box]) => `${name}: ${box!.scrollWidth} > ${box!.clientWidth}`);
  });
  expect(overflow, `sideways scroll at '${step}'`).toEqual([]);
}

/** A control a thumb presses: at least 44 x 44 px, scrolled to if needed. */
export async function expectThumbSized(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport();
  const box = await control.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
}

/**
 * Goes to a screen through the menu drawer, as a phone has no sidebar, the menu button and the
 * entry each thumb-sized; waits for the screen's title.
 */
export async function openFromMenu(
  page: Page,
  link: string | RegExp,
  heading: string,
): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expectThumbSized(menu);
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  const entry = drawer.getByRole('link', { name: link });
  await expectThumbSized(entry);
  await entry.click();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * On a phone, User Management's search by e-mail, then the Reward List's row of that customer:
 * its one row, with its Adjust Points button on screen and thumb-sized.
 */
export async function findRewardRowOnPhone(page: Page, email: string): Promise<Locator> {
  await openFromMenu(page, 'User', 'User Management');
  const search = searchBox(page, 'Search users');
  await expectThumbSized(search);
  await search.fill(email);
  const row = bodyRows(table(page, 'Reward List')).filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(bodyRows(table(page, 'Reward List'))).toHaveCount(1);
  await expectNoSidewaysScroll(page, 'the customer found');
  await expectThumbSized(row.getByRole('button', { name: 'Adjust Points' }));
  return row;
}
