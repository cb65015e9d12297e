import { useState } from 'react';

/**
 * A page number that starts again at 1 whenever `search` changes (a new search shows its first
 * page), derived while rendering rather than reset in an effect. A list with a filter too passes
 * both as one key (Referrals: a new filter or search starts at page 1, spec 001 §4).
 */
export function usePageForSearch(search: string): [number, (page: number) => void] {
  const [state, setState] = useState({ search, page: 1 });
  const page = state.search === search ? state.page : 1;
  return [page, (next) => setState({ search, page: next })];
}
