import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  REFERRALS_PAGE_SIZE,
  type REFERRAL_SORTS,
  referralListResponse,
  type ReferralListResponse,
  type ReferralStatus,
} from '@cask/contracts/referrals';
import type { SortValue } from '@cask/contracts/common';
import { api } from '@/lib/api-client.ts';

export type ReferralPage = ReferralListResponse['data'];

export interface ReferralListRequest {
  page: number;
  /** undefined is All. */
  status: ReferralStatus | undefined;
  /** Already trimmed; '' is no search. */
  search: string;
  /** The list's order (issue 31); undefined is newest first. */
  sort?: SortValue<(typeof REFERRAL_SORTS)[number]> | undefined;
}

/** `GET /referrals` (docs/screens/referrals.md#api-calls): page, limit, status and search. */
export async function getReferrals({
  page,
  status,
  search,
  sort,
}: ReferralListRequest): Promise<ReferralPage> {
  const envelope = await api.get<unknown>('/referrals', {
    params: { page, limit: REFERRALS_PAGE_SIZE, status, search: search || undefined, sort },
  });
  return referralListResponse.parse(envelope).data;
}

/** Every referral query starts with this key: a status change refetches them all. */
export const referralsKey = ['referrals'] as const;

export const referralsQuery = (request: ReferralListRequest) =>
  queryOptions({
    queryKey: [
      ...referralsKey,
      'list',
      {
        page: request.page,
        limit: REFERRALS_PAGE_SIZE,
        status: request.status ?? 'all',
        search: request.search,
        sort: request.sort,
      },
    ],
    queryFn: () => getReferrals(request),
    placeholderData: keepPreviousData,
  });

export function useReferrals(request: ReferralListRequest) {
  return useQuery(referralsQuery(request));
}
