import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ifMatchHeaders } from '@cask/contracts/plain';
import {
  referralListDefinition,
  referralResponse,
  updateReferralStatusResponse,
  type UpdateReferralStatusBody,
} from '@cask/contracts/referrals';
import { api } from '@/lib/api-client.ts';
import { rewardsKey } from '@/lib/customer-queries.ts';
import { listKey } from '@/lib/list-query.ts';

/** Every referrals query starts with this key, so a status change reaches them all. */
export const referralsKey = listKey(referralListDefinition);

/**
 * `PUT /referrals/{id}/status` (docs/screens/referrals.md#api-calls): {status}, naming the version
 * the dialog started from: a referral changed meanwhile answers 412 instead (docs/decisions/208).
 */
export async function updateReferralStatus(input: {
  id: string;
  body: UpdateReferralStatusBody;
  version: string;
}) {
  const envelope = await api.put<unknown>(
    `/referrals/${encodeURIComponent(input.id)}/status`,
    input.body,
    { headers: ifMatchHeaders(input.version) },
  );
  return updateReferralStatusResponse.parse(envelope).data;
}

/** `GET /referrals/{id}`: the referral as it is now, for a dialog that reloads it. */
export async function fetchReferral(id: string) {
  const envelope = await api.get<unknown>(`/referrals/${encodeURIComponent(id)}`);
  return referralResponse.parse(envelope).data.referral;
}

/**
 * docs/screens/referrals.md#edit-referral: after a change the list is reloaded (its cards too).
 * Completing or reopening a referral moves the referrer's points, so the Reward List (User
 * Management) is refetched as well.
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
