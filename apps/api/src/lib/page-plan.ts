import type { Pagination } from '@cask/contracts/common';

/**
 * Paging over a large newest-first list whose exact total is known (a maintained counter, or the
 * cached count of a search), shared by the customer and the cask lists
 * (docs/decisions/041-customer-list-performance.md, 146):
 *
 * - A page is read from whichever end of the (created_at, id) index is nearer, so the first and the
 *   last page both skip only a handful of rows; only pages in the middle pay a long OFFSET.
 * - With a search, the exact match count decides how to read: walking the index until the page is
 *   full pays off when matches are dense; when they are few, collecting them all is cheaper. The
 *   planner only guesses that number, and a wrong guess cost seconds (bench/plans.md).
 */
export interface PageWindow {
  /**
   * 'newest-first' / 'oldest-first': walk the list's index from the start of its order (newest
   * first by default; a sorted list's first row) or from its end, filtering as it goes.
   * 'matches-first': collect every match through the search indexes, then sort them.
   */
  read: 'newest-first' | 'oldest-first' | 'matches-first';
  limit: number;
  offset: number;
}

export interface PagePlan {
  pagination: Pagination;
  /** What to read, or null when the page is past the end (nothing to read). */
  window: PageWindow | null;
}

export function planPage(request: {
  page: number;
  limit: number;
  /** Rows the list shows: all of them, or the matches of the search. */
  total: number;
  /** Rows in the whole list, search or not. */
  listTotal: number;
  searching: boolean;
}): PagePlan {
  const { page, limit, total, listTotal, searching } = request;
  const pagination = { current: page, pages: Math.ceil(total / limit), total, limit };
  const offset = (page - 1) * limit;
  if (offset >= total) return { pagination, window: null };
  const rowsAfter = total - offset - limit;
  const fromNewest = offset <= rowsAfter;
  // Rows the index walk reads before the page is full, counted from the nearer end.
  const rowsToReach = fromNewest ? offset + limit : total - offset;

  if (searching && total * total < rowsToReach * listTotal) {
    // Walking the index would read about rowsToReach * (rows / matches) rows; collecting the
    // matches reads `total` rows. Few matches: collect them.
    return { pagination, window: { read: 'matches-first', limit, offset } };
  }
  if (fromNewest) return { pagination, window: { read: 'newest-first', limit, offset } };
  // The same rows read oldest first, counting from the end of the list.
  return {
    pagination,
    window: {
      read: 'oldest-first',
      limit: Math.min(limit, total - offset),
      offset: Math.max(0, rowsAfter),
    },
  };
}
