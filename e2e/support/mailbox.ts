import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { StoredMail } from './mail-sink.ts';
import { oneTimeCodeFrom } from './mime.ts';
import { mailDirOf } from './paths.ts';

/** What this worker's server sent (each worker has a server and an SMTP sink of its own). */
function mailsTo(address: string, since: number): StoredMail[] {
  const mailDir = mailDirOf(test.info().parallelIndex);
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(mailDir, name), 'utf8')) as StoredMail)
    .filter((mail) => mail.receivedAt >= since && mail.to.includes(address.toLowerCase()));
}

/** Waits (web-first style, no sleeps) for the newest mail to `address` received since `since`. */
export async function waitForMail(address: string, since: number): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await test.step(`mail to ${address}`, () =>
    expect
      .poll(
        () => {
          found = mailsTo(address, since).at(-1);
          return found !== undefined;
        },
        { message: `a mail to ${address} reaches the SMTP sink`, timeout: 15_000 },
      )
      .toBe(true));
  if (!found) throw new Error(`no mail to ${address}`);
  return found;
}

/** The 4-digit recovery code of the newest mail to `address` since `since`. */
export async function waitForOneTimeCode(address: string, since: number): Promise<string> {
  const mail = await waitForMail(address, since);
  return oneTimeCodeFrom(mail.text);
}

/** The accept-invite link of the newest invite mail to `address` since `since` (issue 28). */
export async function waitForInviteLink(address: string, since: number): Promise<string> {
  const mail = await waitForMail(address, since);
  const link = /https?:\/\/\S+\/accept-invite\?token=[\w%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invite link in the mail to ${address}:\n${mail.text}`);
  return link;
}
