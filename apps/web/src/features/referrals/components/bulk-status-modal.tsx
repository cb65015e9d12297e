import type { Referral } from '@cask/contracts/referrals';
import { BulkStatusModal } from '@/components/ui/bulk-status-modal.tsx';
import { UNDO_FAILURE } from '@/lib/undo-toast.tsx';
import { rewardsKey } from '@/lib/customer-queries.ts';
import { BULK_STATUS_FAILURE, setReferralStatuses } from '../api/bulk-status.ts';
import { referralsKey } from '../api/update-referral-status.ts';
import { referralName, STATUS_OPTIONS } from './referral-labels.ts';

const counted = (count: number) => `${count} ${count === 1 ? 'referral' : 'referrals'}`;
// The list and its cards follow, and the Reward List's points, which the change moves.
const refetch = [referralsKey, rewardsKey];

/** The Referrals List's bulk 'Set status' (issue 31), the shared dialog with its two statuses. */
export function ReferralBulkStatusModal({
  referrals,
  open,
  onClose,
  onDone,
}: {
  /** The chosen referrals. */
  referrals: readonly Referral[];
  open: boolean;
  onClose: () => void;
  /** The change was made: the selection is cleared. */
  onDone: () => void;
}) {
  return (
    <BulkStatusModal
      rows={referrals}
      open={open}
      onClose={onClose}
      onDone={onDone}
      statuses={STATUS_OPTIONS}
      initialStatus="completed"
      counted={counted}
      rowId={(referral) => referral.id}
      rowName={referralName}
      send={setReferralStatuses}
      refetch={refetch}
      failure={BULK_STATUS_FAILURE}
      undoFailure={UNDO_FAILURE}
    />
  );
}
