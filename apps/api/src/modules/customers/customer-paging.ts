import type { Pagination } from '@cask/contracts/common';
import type { Db } from '../../db/client.ts';
import { createVersionedCounts } from '../../lib/versioned-counts.ts';
import {
  containsPattern,
  countCustomerMatches,
  readCustomerCounters,
  type CustomerWindow,
} from './customers.repository.ts';

/**
 * Paging over a million customers (docs/decisions/041-customer-list-performance.md):
 *
 * - The total is exact and never a count(*) over the table: the maintained counter without a
 *   search; with one, a count through the trigram indexes, kept for as long as the search version
 *   (bumped in the same transaction as any change to names, e-mails or deletions) stays the same.
 * - A page is read from whichever end of the (created_at, id) index is nearer, so the first and the
 *   last page both skip only a handful of rows; only pages in the middle pay a long OFFSET.
 * - With a search, the exact match count decides how to read: walking the index until the page is
 *   full pays off when matches are dense; when they are few, collecting them all is cheaper. The
 *   planner only guesses that number, and a wrong guess cost seconds (bench/plans.md).
 */
export interface CustomerPageRequest {
  page: number;
  limit: number;
  search?: string | undefined;
}

export interface CustomerPagePlan {
  pagination: Pagination;
  /** What to read, or null when the page is past the end (nothing to read). */
  window: CustomerWindow | null;
}

// Exact match counts by pattern, kept while the search version has not moved.
const exactMatchCount = createVersionedCounts();

export async function planCustomerPage(
  db: Db,
  request: CustomerPageRequest,
): Promise<CustomerPagePlan> {
  const { page, limit, search } = request;
  const counters = await readCustomerCounters(db);
  const pattern = search === undefined ? undefined : containsPattern(search);
  const total =
    pattern === undefined
      ? counters.total
      : await exactMatchCount(db, pattern, counters.searchVersion, () =>
          countCustomerMatches(db, pattern),
        );
  const pagination = { current: page, pages: Math.ceil(total / limit), total, limit };

  const offset = (page - 1) * limit;
  if (offset >= total) return { pagination, window: null };
  const rowsAfter = total - offset - limit;
  const fromNewest = offset <= rowsAfter;
  // Rows the index walk reads before the page is full, counted from the nearer end.
  const rowsToReach = fromNewest ? offset + limit : total - offset;

  if (pattern !== undefined && total * total < rowsToReach * counters.total) {
    // Walking the index would read about rowsToReach * (customers / matches) rows; collecting
    // the matches reads `total` rows. Few matches: collect them.
    return { pagination, window: { pattern, read: 'matches-first', limit, offset } };
  }
  if (fromNewest) {
    return { pagination, window: { pattern, read: 'newest-first', limit, offset } };
  }
  // The same rows read oldest first, counting from the end of the list.
  return {
    pagination,
    window: {
      pattern,
      read: 'oldest-first',
      limit: Math.min(limit, total - offset),
      offset: Math.max(0, rowsAfter),
    },
  };
}
