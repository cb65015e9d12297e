import type { Mail } from '../../lib/mailer.ts';

export const SECOND_FACTOR_ALERT_SUBJECT = 'Wrong authentication codes at your Cask Admin sign-in';

/**
 * Told to the admin when their account passes the day's limit of wrong codes (docs/decisions/295):
 * whoever typed them got past the password, so the password is the thing to change.
 */
export function secondFactorAlertMail(input: {
  to: string;
  wrongCodes: number;
  from: string;
}): Mail {
  const text = [
    'Hello,',
    '',
    `Someone gave the right password of your Cask Admin account and then ${input.wrongCodes} wrong authentication codes in the last 24 hours.`,
    '',
    'If it was not you, your password is known to someone else: change it now (Settings -> Change Password), which also ends every session.',
    'Further wrong codes from the same places are now slowed down to one every 15 minutes.',
    '',
    `Cask Admin (${input.from})`,
  ].join('\n');
  return { to: input.to, subject: SECOND_FACTOR_ALERT_SUBJECT, text };
}
