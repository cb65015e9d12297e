/** A page-number button, or the ellipsis standing for the pages left out between two of them. */
export type PageItem = number | 'gap';

/** docs/screens/common.md#limits: at most five page buttons are visible. */
export const VISIBLE_PAGE_BUTTONS = 5;

/**
 * The page buttons to draw for `current` of `pages` (docs/screens/common.md#pagination): at most
 * `maxButtons` numbers, the first and the last always among them, the current one and its
 * neighbours in the middle, and a 'gap' wherever numbers are skipped, e.g. (5, 20) → 1 … 4 5 6 …
 * 20. A current page outside 1..pages is clamped (a list can shrink under the reader).
 */
export function pageWindow(
  current: number,
  pages: number,
  maxButtons: number = VISIBLE_PAGE_BUTTONS,
): PageItem[] {
  if (!Number.isFinite(pages) || pages < 1) return [];
  const last = Math.floor(pages);
  // The first, the last and the current page must fit, whatever the caller asks for.
  const max = Math.max(3, Math.floor(Number.isFinite(maxButtons) ? maxButtons : 3));
  if (last <= max) return Array.from({ length: last }, (_, index) => index + 1);

  const here = clampPage(current, last);
  const middle = max - 2;
  const start = Math.min(Math.max(here - Math.floor((middle - 1) / 2), 2), last - middle);
  const end = start + middle - 1;

  const items: PageItem[] = [1];
  if (start > 2) items.push('gap');
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end < last - 1) items.push('gap');
  items.push(last);
  return items;
}

/** `page` rounded into 1..pages (1 when there are no pages). */
export function clampPage(page: number, pages: number): number {
  const whole = Number.isFinite(page) ? Math.round(page) : 1;
  return Math.min(Math.max(whole, 1), Math.max(1, Math.floor(pages)));
}

/**
 * docs/screens/common.md#pagination: the page changes only to a page within 1..pages that is not
 * the current one.
 */
export function isPageChange(target: number, current: number, pages: number): boolean {
  return Number.isInteger(target) && target >= 1 && target <= pages && target !== current;
}
