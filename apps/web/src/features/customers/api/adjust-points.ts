import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  manualPointsResponse,
  rewardListDefinition,
  type ManualPoints,
} from '@cask/contracts/rewards';
import { api } from '@/lib/api-client.ts';
import { approvalOutcome } from '@/lib/approval-outcome.ts';
import { invalidateApprovals } from '@/lib/approval-queries.ts';
import { invalidateCustomerData } from '@/lib/customer-queries.ts';
import { listKey, type ListPage } from '@/lib/list-query.ts';

type RewardPage = ListPage<typeof rewardListDefinition.response>;

/** Every page of the Reward List (a point adjustment patches its rows). */
const rewardsListKey = [...listKey(rewardListDefinition), 'list'] as const;

/**
 * `POST /referrals/admin/manual-points` (docs/screens/rewards.md#api-calls): userId, points (a
 * number), type 'manual_adjustment', description, adminNotes, and `reason`. Answers the
 * customer's new balance, or the request when the Approvals policy sent it for approval (issue 45).
 */
export async function adjustPoints(body: ManualPoints) {
  const envelope = await api.post<unknown>('/referrals/admin/manual-points', body);
  return approvalOutcome(envelope, (answer) => manualPointsResponse.parse(answer).data);
}

export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustPoints,
    onSuccess: async (outcome, body) => {
      // Sent for approval: nothing changed yet, the badge and the Approvals list may have.
      if ('sent' in outcome) {
        await invalidateApprovals(queryClient);
        return;
      }
      const result = outcome.done;
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
