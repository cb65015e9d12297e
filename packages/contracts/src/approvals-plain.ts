/**
 * The Approvals list's address, actions, statuses and their labels (issue 45), in a module without
 * zod (docs/decisions/450): the screen draws with them and loads `./approvals.ts`, which
 * re-exports them, beside its requests.
 */

import type { ListAddress } from './lists-plain.ts';

/** The Approvals list (`approvalListDefinition`): the address of its list. */
export const APPROVAL_LIST = { path: '/approvals' } as const satisfies ListAddress;

/** The actions a policy can send for approval; each is one key of the policy. */
export const APPROVAL_ACTIONS = [
  'manualPoints',
  'transferOwnership',
  'orderDelivered',
  'valuationChange',
  'valuationImport',
  'ownerInvite',
  'ownerPromotion',
  'twoFactorOff',
  'policyChange',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
  'outdated',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The Action column's and filter's labels. */
export const APPROVAL_ACTION_LABELS: Record<ApprovalAction, string> = {
  manualPoints: 'Manual points',
  transferOwnership: 'Transfer Ownership',
  orderDelivered: 'Order status to Delivered',
  valuationChange: 'Valuation change',
  valuationImport: 'Valuations import',
  ownerInvite: 'Invite an Owner',
  ownerPromotion: 'Promote to Owner',
  twoFactorOff: 'Turn off Require two-factor',
  policyChange: 'Approvals policy',
};

/** The Status column's and filter's labels. */
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  outdated: 'Outdated',
};
