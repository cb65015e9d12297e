import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { isPageChange, pageWindow } from './page-window.ts';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  /** How many pages there are (the API's pagination.pages). */
  pages: number;
  /** How many items there are in all (pagination.total): the M of 'Showing N of M'. */
  total: number;
  /** How many items this page shows: the N of 'Showing N of M'. */
  count: number;
  /** How many items a full page holds (pagination.limit): where a later page's range starts. */
  limit: number;
  /** What is counted, as the screen words it: 'users', 'Reward', 'offers'... */
  noun: string;
  onPageChange: (page: number) => void;
  /** Shows a 'Refresh' button when given (Referrals has none, docs/screens/referrals.md). */
  onRefresh?: () => void;
  /** Spins the refresh icon while a refetch runs. */
  refreshing?: boolean;
  /** The navigation landmark's name; give each pagination on a screen its own. */
  label?: string;
}

// 32 px buttons on a phone so Previous, seven items and Next fit a 375 px screen in one row.
const pageButton =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-lg px-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40 sm:h-9 sm:min-w-9 sm:px-2';

/**
 * docs/screens/common.md#pagination: 'Showing N of M users' on the first page; a later page says
 * which of them it shows, 'Showing 11-20 of 69 users' (issue 41; docs/decisions/326).
 */
export function showingText(
  page: number,
  count: number,
  limit: number,
  total: number,
  noun: string,
) {
  if (page <= 1 || count === 0) return `Showing ${count} of ${total} ${noun}`;
  const first = (page - 1) * limit + 1;
  return `Showing ${first}-${first + count - 1} of ${total} ${noun}`;
}

/**
 * 'Showing N of M {noun}' ('Showing 11-20 of M' past the first page), Previous / page numbers /
 * Next and an optional Refresh (docs/screens/common.md#pagination). Page numbers come from
 * pageWindow: at most five, first and last always.
 */
export function Pagination({
  page,
  pages,
  total,
  count,
  limit,
  noun,
  onPageChange,
  onRefresh,
  refreshing = false,
  label = 'Pagination',
}: PaginationProps) {
  const go = (target: number) => {
    if (isPageChange(target, page, pages)) onPageChange(target);
  };
  const items = pageWindow(page, pages);

  return (
    <nav
      aria-label={label}
      className="flex flex-col gap-3 border-t border-cream-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-oak-700" aria-live="polite">
          {showingText(page, count, limit, total, noun)}
        </p>
        {onRefresh ? (
          <button
            type="button"
            onClick={onRefresh}
            disabled={refreshing}
            aria-busy={refreshing || undefined}
            className={`${pageButton} gap-1.5 border border-cream-300 bg-cream-50 px-3 text-oak-900 hover:bg-cream-200 sm:px-3`}
          >
            <RefreshCw aria-hidden size={14} className={refreshing ? 'animate-spin' : undefined} />
            Refresh
          </button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-0.5 sm:gap-1">
        <button
          type="button"
          onClick={() => go(page - 1)}
          disabled={page <= 1}
          className={`${pageButton} gap-1 text-oak-900 hover:bg-cream-200`}
        >
          <ChevronLeft aria-hidden size={16} />
          <span className="sr-only sm:not-sr-only">Previous</span>
        </button>
        {items.map((item, index) =>
          item === 'gap' ? (
            <span
              // Two gaps at most, one on each side of the middle run: their position is their
              // identity.
              key={`gap-${index}`}
              aria-hidden
              className="inline-flex h-8 w-5 items-end justify-center pb-1.5 text-oak-700 sm:h-9 sm:w-6 sm:pb-2"
            >
              …
            </span>
          ) : (
            <button
              key={item}
              type="button"
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => go(item)}
              className={`${pageButton} ${
                item === page
                  ? 'bg-gold-400 text-oak-900 shadow-sm'
                  : 'text-oak-900 hover:bg-cream-200'
              }`}
            >
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          onClick={() => go(page + 1)}
          disabled={page >= pages}
          className={`${pageButton} gap-1 text-oak-900 hover:bg-cream-200`}
        >
          <span className="sr-only sm:not-sr-only">Next</span>
          <ChevronRight aria-hidden size={16} />
        </button>
      </div>
    </nav>
  );
}

const ignore = () => undefined;

/**
 * Holds the pagination's place while a list's first page loads, so the bar arriving moves
 * nothing under it (no layout shift): the same bar, invisible, inert and hidden from assistive
 * technology. `refresh` when the real bar has a Refresh button.
 */
export function PaginationPlaceholder({ refresh = false }: { refresh?: boolean }) {
  return (
    <div aria-hidden inert className="invisible">
      <Pagination
        page={1}
        pages={1}
        total={0}
        count={0}
        limit={1}
        noun=""
        onPageChange={ignore}
        onRefresh={refresh ? ignore : undefined}
      />
    </div>
  );
}
