/**
 * The Approvals list's address, actions, statuses and their labels (issue 45), in a module without
 * zod (docs/decisions/450): the screen draws with them and loads `./approvals.ts`, which
 * re-exports them, beside its requests.
 */

import type { ListAddress } from './lists-plain.ts';
import type { PolicyAction } from './approvals.ts';

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

/** Settings -> 'Approvals': each action's line, as issue 45 words it (the policy's actions). */
export const APPROVAL_POLICY_LABELS: Record<PolicyAction, string> = {
  manualPoints: 'Manual points above',
  transferOwnership: 'Transfer Ownership',
  orderDelivered: 'Order status to Delivered above',
  valuationChange: 'Valuation change above',
  ownerInvite: 'Invite or promote an Owner',
  twoFactorOff: 'Turn off Require two-factor',
};

/**
 * docs/screens/approvals.md#asking: what a dialog whose action was sent for approval says, and the
 * longest 'Reason' (`./approval-request.ts`, where the schema checks it).
 */
export const SENT_FOR_APPROVAL_DIALOG = 'Sent for approval. Another admin must approve it.';
export const APPROVAL_REASON_MAX = 500;
