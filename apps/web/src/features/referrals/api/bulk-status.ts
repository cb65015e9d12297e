import {
  referralStatusChangesResponse,
  type ReferralStatusChanges,
  type ReferralStatusChangesResponse,
} from '@cask/contracts/referrals';
import { postBulk } from '@/lib/post-bulk.ts';

export const BULK_STATUS_FAILURE = 'Failed to set the status of the referrals.';

/**
 * `POST /referrals/bulk/status` (issue 31): each chosen referral with its new status, all or none,
 * the referrers' points moving as a single change moves them (decision 155). The answer's `before`
 * values carry the completion date, so sending them back puts back the very date (decision 242).
 */
export async function setReferralStatuses(
  body: ReferralStatusChanges,
): Promise<ReferralStatusChangesResponse['data']> {
  return postBulk('/referrals/bulk/status', referralStatusChangesResponse, body);
}
