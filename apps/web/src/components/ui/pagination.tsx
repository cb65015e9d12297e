import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { Fragment } from 'react';
import { isPageChange, pageWindow, type PageItem } from './page-window.ts';

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

// 44 px targets under 768 px (decision 441); under 640 px fewer numbers show (`onPhone`), so
// Previous, the first, the current and the last page and Next fit a 375 px screen in one row.
const pageButton =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-lg px-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40 sm:px-2 md:h-9 md:min-w-9';

const gapClass =
  'inline-flex h-11 w-5 items-end justify-center pb-3 text-oak-700 sm:w-6 md:h-9 md:pb-2';

/**
 * Under 640 px only the first, the current and the last page keep their buttons, with an
 * ellipsis wherever pages are skipped between them (decision 441); the window's other numbers
 * and its own ellipses show from 640 px up. Returns, per page number of the window, whether it
 * shows on a phone and whether an ellipsis of the phone's goes before it.
 */
function onPhone(items: readonly PageItem[], page: number) {
  const numbers = items.filter((item): item is number => item !== 'gap');
  const last = numbers[numbers.length - 1] ?? 1;
  const here = Math.min(Math.max(page, 1), last);
  const kept = numbers.filter((item) => item === 1 || item === here || item === last);
  return (item: number) => {
    const index = kept.indexOf(item);
    return { shown: index >= 0, gapBefore: index > 0 && kept[index - 1]! < item - 1 };
  };
}

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
  const phone = onPhone(items, page);

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
      <div className="flex flex-wrap items-center gap-0.5 max-sm:justify-between sm:gap-1">
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
              className={`${gapClass} max-sm:hidden`}
            >
              …
            </span>
          ) : (
            <Fragment key={item}>
              {phone(item).gapBefore ? (
                // Drawn by CSS: the window's own ellipses are the text the page holds.
                <span aria-hidden className={`${gapClass} before:content-['…'] sm:hidden`} />
              ) : null}
              <button
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => go(item)}
                className={`${pageButton} ${phone(item).shown ? '' : 'max-sm:hidden'} ${
                  item === page
                    ? 'bg-gold-400 text-oak-900 shadow-sm'
                    : 'text-oak-900 hover:bg-cream-200'
                }`}
              >
                {item}
              </button>
            </Fragment>
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
