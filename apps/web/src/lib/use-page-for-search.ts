import { useState } from 'react';

/**
 * A page number that starts again at 1 whenever `search` changes (a new search shows its first
 * page). A list with filters too passes them all as one key (Referrals: a new filter or search
 * starts at page 1, spec 001 §4; Offers: search, type and page size).
 *
 * The reset is stored while rendering (not in an effect, so no render shows the old page with the
 * new search): going back to an earlier search, e.g. clearing it, shows page 1 again rather than
 * the page that search was on before.
 */
export function usePageForSearch(search: string): [number, (page: number) => void] {
  const [state, setState] = useState({ search, page: 1 });
  if (state.search !== search) setState({ search, page: 1 });
  const page = state.search === search ? state.page : 1;
  return [page, (next) => setState({ search, page: next })];
}
