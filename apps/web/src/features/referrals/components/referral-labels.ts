import { STATUS_LABELS } from '@/components/referrals/referral-status-badge.tsx';

export { STATUS_LABELS };

export const STATUS_OPTIONS = [
  { value: 'completed', label: STATUS_LABELS.completed },
  { value: 'pending', label: STATUS_LABELS.pending },
] as const;

/** docs/screens/referrals.md: a missing name or e-mail displays 'N/A'. */
export const orNotAvailable = (text: string | null | undefined) => (text ? text : 'N/A');

/** A referral by its two parties, in its checkbox's name and a refusal: 'referral of Ben by Ann'. */
export const referralName = (referral: {
  referee: { fullName: string };
  referrer: { fullName: string };
}) =>
  `referral of ${orNotAvailable(referral.referee.fullName)} by ${orNotAvailable(referral.referrer.fullName)}`;
