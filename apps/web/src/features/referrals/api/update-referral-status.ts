import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ifMatchHeaders } from '@cask/contracts/plain';
import type { UpdateReferralStatusBody } from '@cask/contracts/referrals';
import { REFERRAL_LIST } from '@cask/contracts/lists-plain';
import { api, parsed } from '@/lib/api-client.ts';
import { rewardsKey } from '@/lib/customer-queries.ts';
import { listKey } from '@/lib/list-query.ts';

/** Every referrals query starts with this key, so a status change reaches them all. */
export const referralsKey = listKey(REFERRAL_LIST);

/**
 * `PUT /referrals/{id}/status` (docs/screens/referrals.md#api-calls): {status}, naming the version
 * the dialog started from: a referral changed meanwhile answers 412 instead (docs/decisions/208).
 */
export async function updateReferralStatus(input: {
  id: string;
  body: UpdateReferralStatusBody;
  version: string;
}) {
  // The answer's contract loads beside the request: the list draws without zod (decision 450).
  const answer = api.put<unknown>(`/referrals/${encodeURIComponent(input.id)}/status`, input.body, {
    headers: ifMatchHeaders(input.version),
  });
  return (
    await parsed(
      answer,
      async () => (await import('@cask/contracts/referrals')).updateReferralStatusResponse,
    )
  ).data;
}

/** `GET /referrals/{id}`: the referral as it is now, for a dialog that reloads it. */
export async function fetchReferral(id: string) {
  const answer = api.get<unknown>(`/referrals/${encodeURIComponent(id)}`);
  return (
    await parsed(answer, async () => (await import('@cask/contracts/referrals')).referralResponse)
  ).data.referral;
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
