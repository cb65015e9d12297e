import { text } from './common.ts';

/**
 * Issue 45, docs/screens/approvals.md#asking: what a dialog whose action may need approval
 * shares, apart from the approvals screens' contract (approvals.ts), so a screen that only asks
 * carries none of the screens' schemas (decision 425).
 */

/** The message of the API's 202 answer for an action sent for approval, in ./plain.ts. */
export { SENT_FOR_APPROVAL } from './plain.ts';
/** What the dialog says when its action was sent for approval. */
export const SENT_FOR_APPROVAL_DIALOG = 'Sent for approval. Another admin must approve it.';
export const APPROVAL_REASON_REQUIRED = 'Reason is required';
export const APPROVAL_REASON_MAX = 500;

/**
 * The 'Reason' field of a dialog whose action may need approval: required (400) when the policy
 * sends the action for approval, ignored otherwise.
 */
export const approvalReason = text()
  .trim()
  .max(APPROVAL_REASON_MAX, `Reason must be at most ${APPROVAL_REASON_MAX} characters`)
  .optional();
