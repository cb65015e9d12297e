import {
  SENT_FOR_APPROVAL,
  sentForApprovalResponse,
  type Approval,
} from '@cask/contracts/approvals';

/**
 * Issue 45 (docs/screens/approvals.md#asking): what an action that may need approval did. Its
 * route answers 200 (or 201) with its own answer when it ran, or 202 `{ message: 'Sent for
 * approval', data: { approval } }` when the Owner's policy sent it for approval; the API client
 * resolves both with the envelope, so the envelope tells them apart.
 */
export type ApprovalOutcome<Done> = { sent: Approval } | { done: Done };

/** The envelope as a request sent for approval, or the action's own answer (`parse`). */
export function approvalOutcome<Done>(
  envelope: unknown,
  parse: (envelope: unknown) => Done,
): ApprovalOutcome<Done> {
  const sent = sentForApprovalResponse.safeParse(envelope);
  if (sent.success && sent.data.message === SENT_FOR_APPROVAL) {
    return { sent: sent.data.data.approval };
  }
  return { done: parse(envelope) };
}
