import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateReferralStatusResponse,
  type UpdateReferralStatusBody,
} from '@cask/contracts/referrals';
import { api } from '@/lib/api-client.ts';
import { rewardsKey } from '@/lib/customer-queries.ts';
import { referralsKey } from './get-referrals.ts';

/** `PUT /referrals/{id}/status` (spec 001 §7): {status}. */
export async function updateReferralStatus(input: { id: string; body: UpdateReferralStatusBody }) {
  const envelope = await api.put<unknown>(
    `/referrals/${encodeURIComponent(input.id)}/status`,
    input.body,
  );
  return updateReferralStatusResponse.parse(envelope).data;
}

/**
 * Spec 001 §4: after a change the list is reloaded (its cards too). Completing or reopening a
 * referral moves the referrer's points, so the Reward List (User Management) is refetched as well.
 */
export function useUpdateReferralStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReferralStatus,
    onSuccess: () =>
      Promise.all(
        [referralsKey, rewardsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
