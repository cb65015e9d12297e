import { useEffect, useRef, useState } from 'react';
import { useBlocker, useSearchParams, type BlockerFunction } from 'react-router';
import type { SortValue } from '@cask/contracts/common';
import { SEARCH_MAX_LENGTH } from '@cask/contracts/plain';

/**
 * A list's view in the URL's query string (issue 31, docs/architecture.md#paging): page, page size,
 * search, filters and sort, so a reload, Back and a pasted link show the same rows. Every list
 * screen reads its state here and nowhere else.
 *
 * - A new page, sort, filter or page size is a new history entry (Back returns to the view before
 *   it); the search follows the typing and replaces the entry (Back does not step through letters).
 * - A new sort, filter or page size starts the list at page 1 (the page belongs to the view it
 *   was chosen in): its `page` parameter is removed. A new search starts every list of the screen
 *   at page 1.
 * - Values a pasted link gets wrong (an unknown sort, a filter or size the list does not offer, a
 *   page that is no number) are read as the default, never sent to the API.
 * - Default values are left out of the URL, so an untouched list keeps its plain address.
 *
 * A screen with two lists (User Management and its Reward List) names the second one's parameters
 * with a prefix (`rewardsPage`, `rewardsSort`); both share the screen's search `q`.
 */

/** The search's parameter, shared by every list on a screen. */
export const SEARCH_PARAM = 'q';

const PAGE_MAX = 1_000_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` is one a filter takes: one of its values, a real day for a day filter, or an
 * id for a filter by a record (a warehouse, whose list the screen loads).
 */
function filterTakes(values: readonly string[] | 'day' | 'id' | undefined, value: string): boolean {
  if (values === 'day') return DAY.test(value) && !Number.isNaN(Date.parse(value));
  if (values === 'id') return UUID.test(value);
  return values?.includes(value) ?? false;
}

function paramName(prefix: string, name: string): string {
  return prefix === '' ? name : `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}`;
}

/** Every list's page on the screen starts again at 1 (a new search). */
function withoutPages(params: URLSearchParams): URLSearchParams {
  for (const name of [...params.keys()]) {
    if (name === 'page' || name.endsWith('Page')) params.delete(name);
  }
  return params;
}

/** The search in `next`: every list's page starts again at 1 when it is another search. */
function withSearch(next: URLSearchParams, typed: string): URLSearchParams {
  if ((next.get(SEARCH_PARAM) ?? '') === typed) return next;
  withoutPages(next);
  if (typed === '') next.delete(SEARCH_PARAM);
  else next.set(SEARCH_PARAM, typed);
  return next;
}

/** The screen's search as a query holds it (what the lists are given). */
function searchIn(params: URLSearchParams): string {
  return (params.get(SEARCH_PARAM) ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
}

/**
 * The search typed into the screen's box and not yet written to the URL (a screen has one search
 * box, so one at a time). Its timer must never write after another change has begun: React
 * Router's setter is given the query of the render that made it, and it navigates relative to the
 * screen that made it, so a write after a filter undoes the filter, and a write after a link was
 * followed starts a navigation of its own back to the list (`/user?q=...`) in place of the link's.
 * A change this file writes (page, size, sort, filter) takes the typed search along at once; any
 * other navigation drops it the moment it starts (`dropSearchOnNavigation`), not when a later
 * render shows it: a navigation is rendered in a transition, which may be time-sliced or wait for
 * the next screen, and the timer can end in between (decision 270).
 */
let pendingSearch: PendingSearch | undefined;

interface PendingSearch {
  typed: string;
  cancel(): void;
  written(): void;
  /** Dropped for a navigation to a view whose search is `search`: the box shows that one. */
  dropped(search: string): void;
}

/** The typed search, taken from its timer (undefined when none waits). */
function takePendingSearch(): string | undefined {
  const pending = pendingSearch;
  if (!pending) return undefined;
  pendingSearch = undefined;
  pending.cancel();
  pending.written();
  return pending.typed;
}

/** The waiting search is not written; `search` (when given) is what its box shows instead. */
function dropPendingSearch(search?: string) {
  const pending = pendingSearch;
  if (!pending) return;
  pendingSearch = undefined;
  pending.cancel();
  if (search !== undefined) pending.dropped(search);
}

/**
 * React Router calls a blocker function as each navigation starts (a link, Back and Forward, a
 * `navigate()`), before anything is rendered. This one never blocks: it only drops the waiting
 * search. This file's own writes have taken the search first, so they find none waiting.
 */
const dropSearchOnNavigation: BlockerFunction = ({ nextLocation }) => {
  dropPendingSearch(searchIn(new URLSearchParams(nextLocation.search)));
  return false;
};

export interface ListParamsOptions<Column extends string, Filter extends string> {
  /** Names the parameters of a second list on the screen, e.g. 'rewards'. */
  prefix?: string;
  /** The columns the list sorts by (the contract's ..._SORTS). */
  sorts?: readonly Column[];
  /**
   * The filters the list offers, each with the values it takes ('' is no filter), `'day'`: a
   * date as YYYY-MM-DD (the Order List's Ordered range), or `'id'`: a record's id (the Cask
   * List's warehouse).
   */
  filters?: Readonly<Record<Filter, readonly string[] | 'day' | 'id'>>;
  /** The page sizes offered, the first being the default (omit for a fixed size). */
  limits?: readonly number[];
}

export interface ListParams<Column extends string, Filter extends string> {
  page: number;
  setPage(page: number, options?: { replace?: boolean }): void;
  /** The page size; undefined when the list has a fixed one (no `limits`). */
  limit: number | undefined;
  setLimit(limit: number): void;
  /** `column` ascending, `-column` descending, undefined for the list's default order. */
  sort: SortValue<Column> | undefined;
  /**
   * What the table's headers need (DataTable's `sort`): the sort, and a header's press, which sorts
   * by its column ascending, or reverses the order when the list is sorted by it already.
   */
  tableSort: { value: string | undefined; onSort(column: string): void };
  /** The filter's value ('' when none). */
  filter(name: Filter): string;
  setFilter(name: Filter, value: string): void;
}

export function useListParams<Column extends string = never, Filter extends string = never>(
  options: ListParamsOptions<Column, Filter> = {},
): ListParams<Column, Filter> {
  const { prefix = '', sorts = [], filters, limits } = options;
  const [params, setParams] = useSearchParams();
  const name = (key: string) => paramName(prefix, key);

  const update = (change: (next: URLSearchParams) => void, replace = false) => {
    const typed = takePendingSearch();
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (typed !== undefined) withSearch(next, typed);
        change(next);
        return next;
      },
      { replace },
    );
  };
  /** Sets one parameter of this list (deleted at its default) and starts it at page 1. */
  const setView = (key: string, value: string, isDefault: boolean) =>
    update((next) => {
      next.delete(name('page'));
      if (isDefault) next.delete(name(key));
      else next.set(name(key), value);
    });

  const pageText = params.get(name('page')) ?? '';
  const pageValue = /^[1-9]\d{0,6}$/.test(pageText) ? Number(pageText) : 1;
  const page = pageValue <= PAGE_MAX ? pageValue : 1;

  const limitValue = Number(params.get(name('limit')));
  const limit = limits ? (limits.includes(limitValue) ? limitValue : limits[0]) : undefined;

  const sortText = params.get(name('sort')) ?? '';
  const sortColumn = sortText.startsWith('-') ? sortText.slice(1) : sortText;
  const sort = (sorts as readonly string[]).includes(sortColumn)
    ? (sortText as SortValue<Column>)
    : undefined;

  return {
    page,
    setPage: (next, { replace = false } = {}) =>
      update((params) => {
        if (next <= 1) params.delete(name('page'));
        else params.set(name('page'), String(next));
      }, replace),
    limit,
    setLimit: (next) => setView('limit', String(next), next === limits?.[0]),
    sort,
    tableSort: {
      value: sort,
      onSort: (column) => {
        if ((sorts as readonly string[]).includes(column))
          setView('sort', sort === column ? `-${column}` : column, false);
      },
    },
    filter: (key) => {
      const value = params.get(name(key)) ?? '';
      return filterTakes(filters?.[key], value) ? value : '';
    },
    setFilter: (key, value) => setView(key, value, value === ''),
  };
}

/**
 * A deletion can empty the last page: once the answer says the list has fewer pages, show the
 * new last one (replacing the history entry of a page that no longer exists).
 */
export function usePageWithin(
  list: Pick<ListParams<string, string>, 'page' | 'setPage'>,
  pages: number | undefined,
) {
  const { page, setPage } = list;
  useEffect(() => {
    if (pages !== undefined && pages > 0 && page > pages) setPage(pages, { replace: true });
  });
}

/**
 * The screen's search box and its search: what is typed shows at once, and `delay` ms after the
 * typing stops it becomes the URL's `q` (the debounce of each screen's docs/screens file), which
 * the lists read. Going Back to a view with another search puts that search back in the box.
 */
export function useUrlSearch(delay: number) {
  const [params, setParams] = useSearchParams();
  const search = searchIn(params);
  const [text, setText] = useState(search);
  // The URL's search the box last followed, and the last one the box wrote itself.
  const [followed, setFollowed] = useState(search);
  const [written, setWritten] = useState(search);
  if (followed !== search) {
    setFollowed(search);
    // Back, Forward or a link changed it: the box shows it (unless the box wrote it itself).
    if (search !== written && text.trim() !== search) setText(search);
  }

  // Every navigation, as it starts, drops the waiting search; so does the screen leaving (one
  // blocker per screen: React Router asks only the last one, and a screen has one search box).
  useBlocker(dropSearchOnNavigation);
  useEffect(() => () => dropPendingSearch(), []);
  // The search is written with the newest setter (that of the newest committed render).
  const latestSetParams = useRef(setParams);
  useEffect(() => {
    latestSetParams.current = setParams;
  });

  const onTextChange = (value: string) => {
    setText(value);
    dropPendingSearch();
    const typed = value.trim();
    const timer = setTimeout(() => {
      if (pendingSearch !== pending) return;
      takePendingSearch();
      latestSetParams.current((previous) => withSearch(new URLSearchParams(previous), typed), {
        replace: true,
      });
    }, delay);
    const pending: PendingSearch = {
      typed,
      cancel: () => clearTimeout(timer),
      written: () => setWritten(typed),
      dropped: (next) => setText(next),
    };
    pendingSearch = pending;
  };

  return { text, onTextChange, search };
}
