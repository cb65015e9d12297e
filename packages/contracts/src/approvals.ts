import { z } from 'zod';
import { okEnvelope, pageQuery, pagination, text } from './common.ts';
import { defineList } from './lists.ts';
import { approvalReason } from './approval-request.ts';
import type { AdminRole } from './admins.ts';
import {
  APPROVAL_ACTIONS,
  APPROVAL_LIST,
  APPROVAL_POLICY_LABELS,
  APPROVAL_STATUSES,
  type ApprovalAction,
} from './approvals-plain.ts';

/**
 * Issue 45: Approvals (maker-checker), docs/screens/approvals.md. An action the Owner's policy
 * names is not done when asked: it becomes a request that another admin approves (it is then run
 * exactly as asked) or rejects (decision 421).
 */

// The actions, the statuses and their labels, without zod (decision 450): the Approvals screen
// draws with them from ./approvals-plain.ts; the API imports them from here.
export {
  APPROVAL_ACTION_LABELS,
  APPROVAL_ACTIONS,
  APPROVAL_LIST,
  APPROVAL_POLICY_LABELS,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  type ApprovalAction,
  type ApprovalStatus,
} from './approvals-plain.ts';

/**
 * Who may decide each kind of request (never its asker): an Owner or an Admin, but an Owner alone
 * for what only an Owner may do (the policy, Owners, the two-factor rule). The web app shows
 * 'Approve' and 'Reject' by it; the API enforces it.
 */
export const APPROVAL_DECIDERS: Record<ApprovalAction, readonly AdminRole[]> = {
  manualPoints: ['owner', 'admin'],
  transferOwnership: ['owner', 'admin'],
  orderDelivered: ['owner', 'admin'],
  valuationChange: ['owner', 'admin'],
  valuationImport: ['owner', 'admin'],
  ownerInvite: ['owner'],
  ownerPromotion: ['owner'],
  twoFactorOff: ['owner'],
  policyChange: ['owner'],
};

/** A request not decided within this many days expires (issue 45). */
export const APPROVAL_EXPIRES_DAYS = 7;

export const APPROVAL_NOTE_REQUIRED = 'A note is required to reject';
export const APPROVAL_NOTE_MAX = 500;
export const APPROVAL_NOT_FOUND = 'Approval request not found';
export const APPROVAL_OWN_REQUEST = 'You cannot approve your own request';
export const APPROVAL_NOT_YOURS = 'Only the admin who asked can withdraw a request';
export const APPROVAL_ROLE_REFUSED = 'Only an Owner can decide this request';
export const APPROVAL_NOT_PENDING = 'This request is no longer pending: another admin decided it';
export const APPROVAL_OUTDATED =
  'The record changed since this request was made, so it was not run and is now Outdated';
export const APPROVED = 'Approved';
export const REJECTED = 'Rejected';
export const WITHDRAWN = 'Withdrawn';
export const APPROVAL_POLICY_SAVED = 'Approvals policy saved';

/** Why a policy cannot turn an action on (409): nobody but the asker could approve it. */
export const approvalNeedsSecondApprover = (action: PolicyAction) =>
  `${APPROVAL_POLICY_LABELS[action]} cannot need approval: only one active admin can approve it, and nobody approves their own request`;

const switched = z.boolean({ error: 'Each action is on or off' });

/** Settings -> 'Approvals': which actions need a second admin, with their thresholds. */
export const approvalPolicy = z.object({
  /** 'Manual points above': an adjustment of more than `above` points, either sign. */
  manualPoints: z.object({
    on: switched,
    above: z.number().int().min(0).max(1_000_000),
  }),
  transferOwnership: z.object({ on: switched }),
  /** 'Order status to Delivered above': an order whose investment is more than `above` dollars. */
  orderDelivered: z.object({
    on: switched,
    above: z.number().min(0).max(1_000_000_000),
  }),
  /** 'Valuation change above': more than `abovePercent` either way, and every applied import. */
  valuationChange: z.object({
    on: switched,
    abovePercent: z.number().min(0).max(10_000),
  }),
  ownerInvite: z.object({ on: switched }),
  twoFactorOff: z.object({ on: switched }),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicy>;
export type PolicyAction = keyof ApprovalPolicy;

/** A fresh install's policy: every action off, at the default thresholds (decision 421). */
export const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = {
  manualPoints: { on: false, above: 1000 },
  transferOwnership: { on: false },
  orderDelivered: { on: false, above: 50_000 },
  valuationChange: { on: false, abovePercent: 25 },
  ownerInvite: { on: false },
  twoFactorOff: { on: false },
};

/** PUT /settings/approvals: the whole policy, and the reason when the change needs approval. */
export const approvalPolicyBody = approvalPolicy.extend({ reason: approvalReason });
export type ApprovalPolicyBody = z.input<typeof approvalPolicyBody>;
export const approvalPolicyResponse = okEnvelope(z.object({ policy: approvalPolicy }));
export type ApprovalPolicyResponse = z.infer<typeof approvalPolicyResponse>;

const adminRef = z.object({ id: z.uuid(), fullName: z.string() });

/** One request, as the list and its detail show it. */
export const approval = z.object({
  id: z.uuid(),
  action: z.enum(APPROVAL_ACTIONS),
  status: z.enum(APPROVAL_STATUSES),
  /** The record the action changes (a customer, a cask...; null for the policy). */
  recordId: z.uuid().nullable(),
  /** The record as the Record column names it, when the request was made. */
  record: z.string(),
  summary: z.string(),
  /** The change as before/after, field by field (what the record showed when asked). */
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  reason: z.string(),
  requestedBy: adminRef.nullable(),
  requestedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  decidedBy: adminRef.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  note: z.string().nullable(),
});
export type Approval = z.infer<typeof approval>;

/** The 202 of an action sent for approval: `{ success, message: 'Sent for approval', data }`. */
export const sentForApprovalResponse = okEnvelope(z.object({ approval }));
export type SentForApprovalResponse = z.infer<typeof sentForApprovalResponse>;
export const approvalResponse = okEnvelope(z.object({ approval }));
export type ApprovalResponse = z.infer<typeof approvalResponse>;

export const approvalListQuery = pageQuery.extend({
  status: z.enum(APPROVAL_STATUSES, { error: 'Status must be one of the listed ones' }).optional(),
  action: z.enum(APPROVAL_ACTIONS, { error: 'Action must be one of the listed ones' }).optional(),
});
export type ApprovalListParams = z.output<typeof approvalListQuery>;
export const approvalListResponse = okEnvelope(
  z.object({ approvals: z.array(approval), pagination }),
);
export type ApprovalListResponse = z.infer<typeof approvalListResponse>;

/** The `/approvals` screen: newest first, filtered by Status and Action (lists.ts). */
export const approvalListDefinition = defineList({
  ...APPROVAL_LIST,
  query: approvalListQuery,
  response: approvalListResponse,
});

export const rejectApprovalBody = z.object({
  note: text({ error: APPROVAL_NOTE_REQUIRED })
    .trim()
    .min(1, APPROVAL_NOTE_REQUIRED)
    .max(APPROVAL_NOTE_MAX, `Note must be at most ${APPROVAL_NOTE_MAX} characters`),
});
export type RejectApprovalBody = z.input<typeof rejectApprovalBody>;

/** The sidebar badge: the pending requests the asking admin could decide (not their own). */
export const pendingApprovalsResponse = okEnvelope(z.object({ pending: z.number().int() }));
export type PendingApprovalsResponse = z.infer<typeof pendingApprovalsResponse>;
