import { text } from './common.ts';
import { APPROVAL_REASON_MAX } from './approvals-plain.ts';

/**
 * Issue 45, docs/screens/approvals.md#asking: what a dialog whose action may need approval
 * shares, apart from the approvals screens' contract (approvals.ts), so a screen that only asks
 * carries none of the screens' schemas (decision 425).
 */

/** The message of the API's 202 answer for an action sent for approval, in ./plain.ts. */
export { SENT_FOR_APPROVAL } from './plain.ts';
/** The dialog's words and the reason's length, without zod in ./approvals-plain.ts (decision 450). */
export { APPROVAL_REASON_MAX, SENT_FOR_APPROVAL_DIALOG } from './approvals-plain.ts';
export const APPROVAL_REASON_REQUIRED = 'Reason is required';

/**
 * The 'Reason' field of a dialog whose action may need approval: required (400) when the policy
 * sends the action for approval, ignored otherwise.
 */
export const approvalReason = text()
  .trim()
  .max(APPROVAL_REASON_MAX, `Reason must be at most ${APPROVAL_REASON_MAX} characters`)
  .optional();
