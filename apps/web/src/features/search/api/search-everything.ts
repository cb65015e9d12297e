import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchResponse, type SearchResults } from '@cask/contracts/search';
import { api } from '@/lib/api-client.ts';

/** The palette asks after the typing pauses this long (one request for 'whisky', not six). */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * `GET /search?q=` (issue 31): customers, casks, orders and offers matching the term. A newer
 * term cancels the request of the older one (TanStack Query aborts its signal when the key moves
 * on and nobody waits for the old answer).
 */
export async function searchEverything(term: string, signal?: AbortSignal): Promise<SearchResults> {
  const envelope = await api.get<unknown>('/search', { params: { q: term }, signal });
  return searchResponse.parse(envelope).data;
}

export const searchEverythingQuery = (term: string) =>
  queryOptions({
    queryKey: ['search-everything', term],
    queryFn: ({ signal }) => searchEverything(term, signal),
    staleTime: 30_000,
  });

/** The results for `term` ('' asks nothing); the last results stay shown while the next load. */
export function useSearchEverything(term: string) {
  return useQuery({
    ...searchEverythingQuery(term),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
}
