import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditChainProblem, AuditVerification } from '@cask/contracts/audit';
import { Cron } from 'croner';
import type { DbOrTx } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import {
  activeOwnerEmails,
  claimTodaysCheckpoint,
  GENESIS_HASH,
  readChainHead,
  readChainPage,
  type ChainEntry,
  type ChainHead,
} from './audit-chain.repository.ts';

/** Entries read at a time: a log of millions is walked without holding more than this. */
export const VERIFY_PAGE_SIZE = 1000;

const PROBLEMS: Record<AuditChainProblem, string> = {
  seq: 'its place in the chain is not the next one (an entry is missing or was put in)',
  prev_hash: 'it does not link to the entry before it',
  hash: 'its content does not match its hash',
};

/** An entry's hash as the trigger computes it (src/db/sql/082_audit_log_canonical.sql). */
export function entryHash(prevHash: string, canonical: string): string {
  return createHash('sha256')
    .update(prevHash + canonical, 'utf8')
    .digest('hex');
}

/** What is wrong with `entry` as the one after `previous` (null for the first), if anything. */
function problemOf(entry: ChainEntry, previous: ChainEntry | null): AuditChainProblem | null {
  if (entry.seq !== (previous?.seq ?? 0) + 1) return 'seq';
  if (entry.prevHash !== (previous?.hash ?? GENESIS_HASH)) return 'prev_hash';
  if (entry.hash !== entryHash(entry.prevHash, entry.canonical)) return 'hash';
  return null;
}

/** 'Audit log verified: N entries, last <time>', the line the CLI prints and the screen shows. */
export function verifiedLine(entries: number, lastAt: string | null): string {
  return `Audit log verified: ${entries} entries, last ${lastAt ?? 'never'}`;
}

/**
 * Walks the audit log's hash chain from its first entry, a page at a time in the order of seq,
 * recomputing each entry's hash from its canonical content (docs/architecture.md#audit,
 * decision 413). Answers at the first entry that does not match, naming it and what did not.
 * Entries written while it walks are checked too, as the chain only grows at its end.
 */
export async function verifyAuditChain(
  db: DbOrTx,
  pageSize = VERIFY_PAGE_SIZE,
): Promise<AuditVerification> {
  let previous: ChainEntry | null = null;
  for (;;) {
    const page = await readChainPage(db, previous?.seq ?? Number.MIN_SAFE_INTEGER, pageSize);
    for (const entry of page) {
      const problem = problemOf(entry, previous);
      if (problem) {
        return {
          verified: false,
          entries: previous?.seq ?? 0,
          lastAt: previous?.time ?? null,
          mismatch: { seq: entry.seq, id: entry.id, time: entry.time, problem },
          line: `Audit log entry ${entry.seq} (id ${entry.id}, ${entry.time}) does not match: ${PROBLEMS[problem]}`,
        };
      }
      previous = entry;
    }
    if (page.length < pageSize) break;
  }
  const entries = previous?.seq ?? 0;
  const lastAt = previous?.time ?? null;
  return { verified: true, entries, lastAt, mismatch: null, line: verifiedLine(entries, lastAt) };
}

/** The chain's head as one line for the log and the mail. */
function checkpointText(head: ChainHead): string {
  return [
    `Entries: ${head.entries}`,
    `Last entry written: ${head.lastAt ?? 'never'}`,
    `Last hash: ${head.lastHash}`,
  ].join('\n');
}

/** At start: the chain's head in the server's log (decision 414). */
export async function logAuditCheckpoint(db: DbOrTx, log: FastifyBaseLogger): Promise<void> {
  log.info({ auditCheckpoint: await readChainHead(db) }, 'audit log checkpoint');
}

/**
 * Today's checkpoint to every active Owner, unless today's was mailed already (decision 414):
 * the day is claimed in the database first, so a restart or a second instance does not mail it
 * again. Answers whether it mailed.
 */
export async function mailAuditCheckpoint(deps: {
  db: DbOrTx;
  mailer: Mailer;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  const checkpoint = await claimTodaysCheckpoint(deps.db);
  if (!checkpoint) return false;
  const text = [
    `The audit log's checkpoint of ${checkpoint.day} (UTC):`,
    '',
    checkpointText(checkpoint),
    '',
    'Keep this mail. Each entry carries the hash of the one before it, so the last hash stands',
    'for every entry up to it: if `npm run audit:verify` or the Audit Log screen later shows a',
    'different hash for this entry, the log was changed.',
  ].join('\n');
  for (const to of await activeOwnerEmails(deps.db)) {
    await deps.mailer.send({ to, subject: `Audit log checkpoint ${checkpoint.day}`, text });
  }
  deps.log.info({ auditCheckpoint: checkpoint }, 'audit log checkpoint mailed to the Owners');
  return true;
}

/**
 * Every hour, today's checkpoint unless it was mailed (croner, decision 414): the first run of a
 * day mails it, and a server that was down at midnight still mails that day's. Stop it before
 * the mailer and the database close.
 */
export function scheduleAuditCheckpoints(deps: {
  db: DbOrTx;
  mailer: Mailer;
  log: FastifyBaseLogger;
}): Cron {
  return new Cron('0 * * * *', { name: 'audit checkpoint', timezone: 'UTC', protect: true }, () =>
    mailAuditCheckpoint(deps).then(
      () => undefined,
      (error: unknown) => deps.log.error({ err: error }, 'the audit checkpoint mail failed'),
    ),
  );
}
