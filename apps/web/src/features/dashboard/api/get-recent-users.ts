import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_USERS_LIMIT } from '@cask/contracts/plain';
import type { UserListResponse } from '@cask/contracts/users';
import { api, parsed } from '@/lib/api-client.ts';
import { usersKey } from '@/lib/customer-queries.ts';

export type UserPage = UserListResponse['data'];

/** `GET /users` (docs/screens/dashboard.md#api-calls): one page of customers, newest first. */
export async function getRecentUsers(page: number): Promise<UserPage> {
  const answer = await parsed(
    api.get<unknown>('/users', { params: { page, limit: DASHBOARD_USERS_LIMIT } }),
    async () => (await import('@cask/contracts/users')).userListResponse,
  );
  return answer.data;
}

/**
 * docs/screens/dashboard.md#limits: the dashboard's table starts on page 1 with 10 users a page.
 */
export const recentUsersQuery = (page: number) =>
  queryOptions({
    queryKey: [...usersKey, 'list', { page, limit: DASHBOARD_USERS_LIMIT }],
    queryFn: () => getRecentUsers(page),
    // The rows of the last page stay on screen while the next one loads (decision 031).
    placeholderData: keepPreviousData,
  });

export function useRecentUsers(page: number) {
  return useQuery(recentUsersQuery(page));
}
