import { INVITE_VALID_HOURS, ROLE_LABELS, type AdminRole } from '@cask/contracts/admins';
import type { Mail } from '../../lib/mailer.ts';

export const INVITE_MAIL_SUBJECT = 'You are invited to Cask Admin';

/** The invite (issue 28): who invited whom, as what, and the single-use link valid 72 hours. */
export function inviteMail(input: {
  to: string;
  fullName: string;
  role: AdminRole;
  invitedBy: string;
  link: string;
  from: string;
}): Mail {
  const text = [
    `Hello ${input.fullName},`,
    '',
    `${input.invitedBy} invited you to Cask Admin as ${ROLE_LABELS[input.role]}.`,
    '',
    'Open this link to set your password and sign in:',
    input.link,
    '',
    `The link works once and for ${INVITE_VALID_HOURS} hours. If you did not expect this invite, ignore this e-mail.`,
    '',
    `Cask Admin (${input.from})`,
  ].join('\n');
  return { to: input.to, subject: INVITE_MAIL_SUBJECT, text };
}
