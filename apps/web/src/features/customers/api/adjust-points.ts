import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  manualPointsResponse,
  rewardListDefinition,
  type ManualPoints,
} from '@cask/contracts/rewards';
import { api } from '@/lib/api-client.ts';
import { invalidateCustomerData } from '@/lib/customer-queries.ts';
import { listKey, type ListPage } from '@/lib/list-query.ts';

type RewardPage = ListPage<typeof rewardListDefinition.response>;

/** Every page of the Reward List (a point adjustment patches its rows). */
const rewardsListKey = [...listKey(rewardListDefinition), 'list'] as const;

/**
 * `POST /referrals/admin/manual-points` (docs/screens/rewards.md#api-calls): userId, points (a
 * number), type 'manual_adjustment', description, adminNotes. Answers the customer's new balance.
 */
export async function adjustPoints(body: ManualPoints) {
  const envelope = await api.post<unknown>('/referrals/admin/manual-points', body);
  return manualPointsResponse.parse(envelope).data;
}

export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustPoints,
    onSuccess: async (result, body) => {
      // The Point column shows the server's new balance at once, then every list is refetched.
      queryClient.setQueriesData<RewardPage>({ queryKey: rewardsListKey }, (page) =>
        page
          ? {
              ...page,
              rewards: page.rewards.map((row) =>
                row.id === body.userId ? { ...row, referralPoints: result.referralPoints } : row,
              ),
            }
          : page,
      );
      await invalidateCustomerData(queryClient);
    },
  });
}
