import type { Logger } from 'pino';
import type { Transporter } from 'nodemailer';
import { EMAIL_PATTERN } from '@cask/contracts/auth';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export const MAIL_RECIPIENT_REFUSED = 'A mail goes to one plain e-mail address only';

/**
 * The second guard behind the contracts (docs/decisions/302): nodemailer reads `to` as an
 * address list (`a@x.test, b@y.test`, `"x" <b@y.test>`), so a mail whose `to` is not exactly one
 * plain address is refused before it is logged or sent.
 */
function assertOneRecipient(mail: Mail): void {
  if (!EMAIL_PATTERN.test(mail.to)) throw new Error(MAIL_RECIPIENT_REFUSED);
}

export interface Mailer {
  /** Where mail goes, for the start-up banner (no credentials). */
  describe: string;
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * docs/architecture.md#stack: nodemailer over SMTP when SMTP_URL is set; otherwise each mail is
 * written to the log so a developer can still read a recovery code. Swapped by configuration, never
 * by NODE_ENV.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  logger: Logger;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      describe: 'the log (SMTP_URL is not set)',
      async send(mail) {
        assertOneRecipient(mail);
        // Deliberately logged in full: without SMTP this is the only way the admin sees the code.
        options.logger.info(
          { mail: { from: options.from, to: mail.to, subject: mail.subject, text: mail.text } },
          'mail (not sent: SMTP_URL is not set)',
        );
      },
      close() {},
    };
  }
  const { smtpUrl } = options;
  const url = new URL(smtpUrl);
  // nodemailer is imported at the first mail rather than at start-up (docs/decisions/454); the
  // transport is made once, after the import, so two first mails share it.
  let transport: Transporter | undefined;
  return {
    describe: `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    async send(mail) {
      assertOneRecipient(mail);
      const { default: nodemailer } = await import('nodemailer');
      transport ??= nodemailer.createTransport(smtpUrl);
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport?.close();
    },
  };
}
