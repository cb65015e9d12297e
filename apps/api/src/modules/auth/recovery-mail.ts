import type { Mail } from '../../lib/mailer.ts';

export const RECOVERY_MAIL_SUBJECT = 'Your Cask Admin password reset code';

/**
 * The one-time code mail (docs/screens/password-recovery.md#verify-email-otp). The From header is
 * MAIL_FROM (set by the mailer); the body names the sender again because some clients hide the
 * header.
 */
export function recoveryMail(input: {
  to: string;
  fullName: string;
  code: string;
  validMinutes: number;
  from: string;
}): Mail {
  const text = [
    `Hello ${input.fullName},`,
    '',
    'Someone asked to reset the password of your Cask Admin account.',
    '',
    `Your password reset code is: ${input.code}`,
    '',
    `It is valid for ${input.validMinutes} minutes and works once. Enter it on the Verify Email screen.`,
    'If you did not ask for it, ignore this e-mail: your password stays unchanged.',
    '',
    `Cask Admin (${input.from})`,
  ].join('\n');
  return { to: input.to, subject: RECOVERY_MAIL_SUBJECT, text };
}
