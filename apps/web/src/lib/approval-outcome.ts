import { SENT_FOR_APPROVAL } from '@cask/contracts/plain';

/**
 * Issue 45 (docs/screens/approvals.md#asking): what an action that may need approval did. Its
 * route answers 200 (or 201) with its own answer when it ran, or 202 `{ message: 'Sent for
 * approval', data: { approval } }` when the Owner's policy sent it for approval; the API client
 * resolves both with the envelope, so the envelope tells them apart (decision 425). The request
 * itself is not parsed here: the dialogs only say it was sent, and the list reads it again.
 */
export type ApprovalOutcome<Done> = { sent: true } | { done: Done };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The envelope as a request sent for approval, or the action's own answer (`parse`). */
export function approvalOutcome<Done>(
  envelope: unknown,
  parse: (envelope: unknown) => Done,
): ApprovalOutcome<Done> {
  if (
    isRecord(envelope) &&
    envelope.message === SENT_FOR_APPROVAL &&
    isRecord(envelope.data) &&
    isRecord(envelope.data.approval)
  ) {
    return { sent: true };
  }
  return { done: parse(envelope) };
}
