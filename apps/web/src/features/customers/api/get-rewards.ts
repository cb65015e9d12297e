import { rewardListDefinition } from '@cask/contracts/rewards';
import { USERS_PAGE_SIZE } from '@cask/contracts/users';
import { listQuery, type ListPage } from '@/lib/list-query.ts';
import { rewardsKey } from '@/lib/customer-queries.ts';

export type RewardPage = ListPage<typeof rewardListDefinition.response>;

/** The Reward List shows as many customers a page as User Management. */
export const REWARDS_PAGE_SIZE = USERS_PAGE_SIZE;

/**
 * `GET /referrals/admin/rewards` (docs/screens/rewards.md): page, search and sort, all from the
 * list's definition in the contracts (lib/list-query.ts).
 */
export const rewardList = listQuery(rewardListDefinition, rewardsKey);

/** Every page of the Reward List (a point adjustment patches its rows). */
export const rewardsListKey = [...rewardsKey, 'list'] as const;
