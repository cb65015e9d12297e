import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerOption } from '@cask/contracts/users';
import { api, parsed } from './api-client.ts';
import { usersKey } from './customer-queries.ts';

/** How many customers a customer picker offers at once; typing narrows them down. */
export const CUSTOMER_OPTIONS_LIMIT = 10;

/**
 * docs/screens/common.md#limits: the dropdown search waits 250 ms (the recipient and the cask owner
 * pickers).
 */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 250;

/** Only what a picker shows is read (`customerSearchResponse`), so the list can grow fields. */
export type { CustomerOption };

/**
 * `GET /users?search=` (docs/screens/users.md#api-calls): customers by name or e-mail, deleted ones
 * never.
 */
export async function searchCustomers(search: string): Promise<CustomerOption[]> {
  const answer = api.get<unknown>('/users', {
    params: { page: 1, limit: CUSTOMER_OPTIONS_LIMIT, search: search.trim() || undefined },
  });
  // The answer's contract loads beside the request: a screen with a picker draws without zod.
  return (
    await parsed(answer, async () => (await import('@cask/contracts/users')).customerSearchResponse)
  ).data.users;
}

/** Under `usersKey`, so a change to a customer refreshes the pickers too. */
export const customerSearchQuery = (search: string) =>
  queryOptions({
    queryKey: [...usersKey, 'customer-search', search.trim()],
    queryFn: () => searchCustomers(search),
    staleTime: 30_000,
  });

export function useCustomerSearch(search: string, enabled: boolean) {
  return useQuery({ ...customerSearchQuery(search), enabled, placeholderData: keepPreviousData });
}
