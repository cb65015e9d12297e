import type { Db } from '../../db/client.ts';
import { createVersionedCounts } from '../../lib/versioned-counts.ts';
import { planPage } from '../../lib/page-plan.ts';
import type { Pagination } from '@cask/contracts/common';
import {
  containsPattern,
  countCustomerMatches,
  readCustomerCounters,
  type CustomerWindow,
} from './customers.repository.ts';

/**
 * Paging over a million customers (docs/decisions/041-customer-list-performance.md), planned by
 * lib/page-plan.ts. The total is exact and never a count(*) over the table: the maintained counter
 * without a search; with one, a count through the trigram indexes, kept for as long as the search
 * version (bumped in the same transaction as any change to names, e-mails or deletions) stays.
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
  const plan = planPage({
    page,
    limit,
    total,
    listTotal: counters.total,
    searching: pattern !== undefined,
  });
  return { pagination: plan.pagination, window: plan.window && { ...plan.window, pattern } };
}
