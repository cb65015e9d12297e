import type { FastifyBaseLogger } from 'fastify';
import { Cron } from 'croner';
import { readChainHead, type ChainHead } from '../../db/audit-chain.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { activeOwnerEmails, claimTodaysCheckpoint } from './audit-chain.repository.ts';

/** The chain's head as the mail says it, a line each. */
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
