import { useState } from 'react';

/**
 * A page number that starts again at 1 whenever `search` changes (a new search shows its first
 * page), derived while rendering rather than reset in an effect.
 */
export function usePageForSearch(search: string): [number, (page: number) => void] {
  const [state, setState] = useState({ search, page: 1 });
  const page = state.search === search ? state.page : 1;
  return [page, (next) => setState({ search, page: next })];
}
