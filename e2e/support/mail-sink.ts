import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { readMail } from './mime.ts';

/** One received mail as the sink stores it (e2e/.tmp/mail/*.json). */
export interface StoredMail {
  receivedAt: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface MailSink {
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port: the API sends through nodemailer exactly as in
 * production. It runs in Playwright's main process, so each mail is written as a JSON file that
 * test workers (other processes) can read; write-then-rename keeps half-written files invisible.
 */
export async function startMailSink(dir: string): Promise<MailSink> {
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: StoredMail = {
          receivedAt: Date.now(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          ...readMail(raw),
          raw,
        };
        const name = `${mail.receivedAt}-${String(++sequence).padStart(4, '0')}.json`;
        try {
          writeFileSync(path.join(dir, `.${name}.part`), JSON.stringify(mail, null, 2));
          renameSync(path.join(dir, `.${name}.part`), path.join(dir, name));
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('The SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
