import type { ReferralStatus } from '@cask/contracts/referrals';
import { StatusBadge } from '@/components/ui/status-badge.tsx';

/** docs/screens/referrals.md: the status select offers Completed and Pending. */
export const STATUS_LABELS: Record<ReferralStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
};

/** A referral's status as the Referrals screen shows it (green when completed, yellow otherwise). */
export function ReferralStatusBadge({ status }: { status: string }) {
  return (
    <StatusBadge tone={status === 'completed' ? 'green' : 'yellow'}>
      {STATUS_LABELS[status as ReferralStatus] ?? status}
    </StatusBadge>
  );
}
