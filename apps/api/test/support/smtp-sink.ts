import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the next mail to `to` (already received ones count). */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback: mail in tests crosses a real socket (no fake transport). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (mail.to.includes(waiter.to.toLowerCase())) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    waitForMail(to, timeoutMs = 5000) {
      const existing = messages.find((m) => m.to.includes(to.toLowerCase()));
      if (existing) {
        messages.splice(messages.indexOf(existing), 1);
        return Promise.resolve(existing);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            messages.splice(messages.indexOf(mail), 1);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail's text as its reader sees it: quoted-printable soft breaks and escapes undone. */
export function decodedMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The next invitation mailed to `to`, as its reader sees it (quoted-printable soft breaks and
 * escapes undone), and the token of its /accept-invite link.
 */
export async function inviteLinkIn(
  ctx: { smtp: SmtpSink },
  to: string,
): Promise<{ token: string; text: string }> {
  const mail = await ctx.smtp.waitForMail(to);
  const text = decodedMail(mail.raw);
  const match = /\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invite link in the mail:\n${text}`);
  return { token: match[1], text };
}

/** The code of the next password-reset mail to `to`, and the mail as sent. */
export async function resetCodeIn(
  ctx: { smtp: SmtpSink },
  to: string,
): Promise<{ code: string; raw: string }> {
  const mail = await ctx.smtp.waitForMail(to);
  const match = /reset code is: (\d{4})/.exec(mail.raw);
  if (!match?.[1]) throw new Error(`no code in the mail:\n${mail.raw}`);
  return { code: match[1], raw: mail.raw };
}
