import { APPROVAL_ACTION_LABELS, type Approval } from '@cask/contracts/approvals';
import type { Mail } from '../../lib/mailer.ts';

export const APPROVAL_MAIL_SUBJECT = 'A change waits for your approval in Cask Admin';

/** To each admin who could approve a request (issue 45): what is asked, by whom, why, and where. */
export function approvalRequestMail(input: {
  to: string;
  approval: Approval;
  link: string;
  from: string;
}): Mail {
  const { approval } = input;
  const text = [
    'Hello,',
    '',
    `${approval.requestedBy?.fullName ?? 'An admin'} asks for a second admin's approval:`,
    `${APPROVAL_ACTION_LABELS[approval.action]}: ${approval.record}`,
    approval.summary,
    '',
    `Reason: ${approval.reason}`,
    '',
    'Approve or reject it here:',
    input.link,
    '',
    'Unless it is decided, the request expires in 7 days.',
    '',
    `Cask Admin (${input.from})`,
  ].join('\n');
  return { to: input.to, subject: APPROVAL_MAIL_SUBJECT, text };
}
