import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SortValue } from '@cask/contracts/common';
import {
  USERS_PAGE_SIZE,
  userListResponse,
  type USER_SORTS,
  type UserListResponse,
} from '@cask/contracts/users';
import { api } from '@/lib/api-client.ts';
import { usersKey } from '@/lib/customer-queries.ts';

export type UserPage = UserListResponse['data'];

export interface UserListRequest {
  page: number;
  /** Already trimmed; '' is no search. */
  search: string;
  /** The list's order (issue 31); undefined is newest first. */
  sort?: SortValue<(typeof USER_SORTS)[number]> | undefined;
}

/**
 * `GET /users` (docs/screens/users.md#api-calls): page, limit and search over the name and the
 * e-mail.
 */
export async function getUsers({ page, search, sort }: UserListRequest): Promise<UserPage> {
  const envelope = await api.get<unknown>('/users', {
    params: { page, limit: USERS_PAGE_SIZE, search: search || undefined, sort },
  });
  return userListResponse.parse(envelope).data;
}

/**
 * docs/screens/users.md#limits: six users a page. The rows of the last answer stay on screen while
 * the next page or search loads (keepPreviousData), so the table never flashes 'Loading users...'.
 */
export const usersQuery = (request: UserListRequest) =>
  queryOptions({
    queryKey: [
      ...usersKey,
      'list',
      { page: request.page, limit: USERS_PAGE_SIZE, search: request.search, sort: request.sort },
    ],
    queryFn: () => getUsers(request),
    placeholderData: keepPreviousData,
  });

export function useUsers(request: UserListRequest) {
  return useQuery(usersQuery(request));
}
