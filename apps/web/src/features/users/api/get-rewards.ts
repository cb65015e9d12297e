import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SortValue } from '@cask/contracts/common';
import {
  rewardListResponse,
  type REWARD_SORTS,
  type RewardListResponse,
} from '@cask/contracts/rewards';
import { USERS_PAGE_SIZE } from '@cask/contracts/users';
import { api } from '@/lib/api-client.ts';
import { rewardsKey } from '@/lib/customer-queries.ts';

export type RewardPage = RewardListResponse['data'];

/**
 * docs/screens/rewards.md#limits: the lists of the management screen show six a page, rewards
 * included.
 */
export const REWARDS_PAGE_SIZE = USERS_PAGE_SIZE;

export interface RewardListRequest {
  page: number;
  /** Already trimmed; '' is no search. */
  search: string;
  /** The list's order (issue 31); undefined is newest first. */
  sort?: SortValue<(typeof REWARD_SORTS)[number]> | undefined;
}

/**
 * `GET /referrals/admin/rewards` (docs/architecture.md#envelope): page, limit and search, like the
 * user list.
 */
export async function getRewards({ page, search, sort }: RewardListRequest): Promise<RewardPage> {
  const envelope = await api.get<unknown>('/referrals/admin/rewards', {
    params: { page, limit: REWARDS_PAGE_SIZE, search: search || undefined, sort },
  });
  return rewardListResponse.parse(envelope).data;
}

export const rewardsListKey = [...rewardsKey, 'list'] as const;

export const rewardsQuery = (request: RewardListRequest) =>
  queryOptions({
    queryKey: [
      ...rewardsListKey,
      { page: request.page, limit: REWARDS_PAGE_SIZE, search: request.search, sort: request.sort },
    ],
    queryFn: () => getRewards(request),
    placeholderData: keepPreviousData,
  });

export function useRewards(request: RewardListRequest) {
  return useQuery(rewardsQuery(request));
}
