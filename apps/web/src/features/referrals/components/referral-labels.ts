import type { ReferralStatus } from '@cask/contracts/referrals';
import type { StatusTone } from '@/components/ui/status-badge.tsx';

/** Spec 001 §2: the status select offers Completed and Pending. */
export const STATUS_LABELS: Record<ReferralStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
};

export const STATUS_OPTIONS = [
  { value: 'completed', label: STATUS_LABELS.completed },
  { value: 'pending', label: STATUS_LABELS.pending },
] as const;

/** Spec 001 §2: green when completed, yellow otherwise. */
export const statusTone = (status: ReferralStatus): StatusTone =>
  status === 'completed' ? 'green' : 'yellow';

/** Spec 001 §3: a missing name or e-mail displays 'N/A'. */
export const orNotAvailable = (text: string | null | undefined) => (text ? text : 'N/A');

/** A referral by its two parties, in its checkbox's name and a refusal: 'referral of Ben by Ann'. */
export const referralName = (referral: {
  referee: { fullName: string };
  referrer: { fullName: string };
}) =>
  `referral of ${orNotAvailable(referral.referee.fullName)} by ${orNotAvailable(referral.referrer.fullName)}`;
