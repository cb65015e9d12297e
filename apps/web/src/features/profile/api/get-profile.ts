import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileResponse, type AdminProfile } from '@cask/contracts/auth';
import { api } from '@/lib/api-client.ts';

/** One key for the signed-in admin: the header reads it, the profile screen updates it. */
export const profileQueryKey = ['profile'] as const;

/** `GET /auth/profile` (DESIGN.md §4); spec 000 §3: the admin is in `data.user`. */
export async function getProfile(): Promise<AdminProfile> {
  const body = await api.get<unknown>('/auth/profile');
  return profileResponse.parse(body).data.user;
}

export const profileQuery = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 5 * 60_000 });

export function useProfile() {
  return useQuery(profileQuery());
}
