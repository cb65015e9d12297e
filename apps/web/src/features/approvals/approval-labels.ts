import type { ApprovalStatus } from '@cask/contracts/approvals';
import type { StatusTone } from '@/components/ui/status-badge.tsx';

/** The Status column's and the dialog's badge colours (issue 45). */
export const statusTone: Record<ApprovalStatus, StatusTone> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'grey',
  expired: 'grey',
  outdated: 'blue',
};
