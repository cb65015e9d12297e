import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CASKS_PAGE_SIZE,
  caskListResponse,
  type CASK_SORTS,
  type CaskList,
} from '@cask/contracts/casks';
import type { SortValue } from '@cask/contracts/common';
import type { CaskAlert } from '@cask/contracts/cask-records';
import { api } from '@/lib/api-client.ts';

export const casksKey = ['casks'] as const;

export interface CaskListRequest {
  page: number;
  /** Already trimmed; '' is no search. */
  search: string;
  /** The list's order (issue 31); undefined is newest first. */
  sort?: SortValue<(typeof CASK_SORTS)[number]> | undefined;
  /** Only the casks with this gauge alert (issue 30); '' is every cask. */
  alert?: CaskAlert | '';
}

/**
 * `GET /casks` (docs/screens/casks.md#api-calls): page, limit 10 and search over name and
 * distillery.
 */
export async function getCasks({ page, search, sort, alert }: CaskListRequest): Promise<CaskList> {
  const envelope = await api.get<unknown>('/casks', {
    params: {
      page,
      limit: CASKS_PAGE_SIZE,
      search: search || undefined,
      sort,
      alert: alert || undefined,
    },
  });
  return caskListResponse.parse(envelope).data;
}

/** The rows of the last answer stay on screen while the next page or search loads. */
export const casksQuery = (request: CaskListRequest) =>
  queryOptions({
    queryKey: [
      ...casksKey,
      'list',
      {
        page: request.page,
        search: request.search,
        sort: request.sort,
        alert: request.alert ?? '',
      },
    ],
    queryFn: () => getCasks(request),
    placeholderData: keepPreviousData,
  });

export function useCasks(request: CaskListRequest) {
  return useQuery(casksQuery(request));
}
