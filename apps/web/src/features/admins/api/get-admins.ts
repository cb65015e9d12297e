import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminListResponse, type AdminListResponse } from '@cask/contracts/admins';
import { api } from '@/lib/api-client.ts';

export const ADMINS_PAGE_SIZE = 10;
export const adminsKey = ['admins'] as const;

/** `GET /admins` (issue 28): the admins and the outstanding invites, newest first. */
export async function getAdmins(page: number): Promise<AdminListResponse['data']> {
  const envelope = await api.get<unknown>('/admins', {
    params: { page, limit: ADMINS_PAGE_SIZE },
  });
  return adminListResponse.parse(envelope).data;
}

export const adminsQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminsKey, 'list', { page, limit: ADMINS_PAGE_SIZE }],
    queryFn: () => getAdmins(page),
    placeholderData: keepPreviousData,
  });

export function useAdmins(page: number) {
  return useQuery(adminsQuery(page));
}
