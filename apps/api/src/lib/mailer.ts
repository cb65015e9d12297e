import type { Logger } from 'pino';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Where mail goes, for the start-up banner (no credentials). */
  describe: string;
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * DESIGN.md §2: nodemailer over SMTP when SMTP_URL is set; otherwise each mail is written to the
 * log so a developer can still read a recovery code. Swapped by configuration, never by NODE_ENV.
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
        // Deliberately logged in full: without SMTP this is the only way the admin sees the code.
        options.logger.info(
          { mail: { from: options.from, to: mail.to, subject: mail.subject, text: mail.text } },
          'mail (not sent: SMTP_URL is not set)',
        );
      },
      close() {},
    };
  }
  const url = new URL(options.smtpUrl);
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    describe: `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}
