import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  auditVerificationLine,
  type AuditChainProblem,
  type AuditVerification,
} from '@cask/contracts/audit';
import { rowsOf, type DbOrTx } from './client.ts';
import { isoTimeSql } from './sql-fragments.ts';

/*
 * The audit log's hash chain (docs/architecture.md#audit, decision 413): reading it and verifying
 * it, for the Audit Log's 'Verify now' (modules/audit), `npm run audit:verify` (cli/) and the
 * daily checkpoint. The chain itself is written by src/db/sql/084_audit_log_chain.sql.
 */

/** The hash the first entry links to (src/db/sql/084_audit_log_chain.sql). */
export const GENESIS_HASH = '0'.repeat(64);

/** One entry of the hash chain as the verifier reads it (decision 413). */
export interface ChainEntry {
  seq: number;
  id: string;
  /** ISO 8601, UTC. */
  time: string;
  prevHash: string;
  hash: string;
  /** Its canonical content (src/db/sql/082_audit_log_canonical.sql), recomputed from the row. */
  canonical: string;
}

/**
 * The entries after place `afterSeq` in the chain's order, at most `limit`: the verifier pages
 * through the log with these (the index on seq), never holding more than one page.
 */
export async function readChainPage(
  db: DbOrTx,
  /** Number.MIN_SAFE_INTEGER for the first page: an entry put in with a place of 0 or less is read too. */
  afterSeq: number,
  limit: number,
): Promise<ChainEntry[]> {
  const rows = rowsOf<ChainEntry & { seq: string | number }>(
    await db.execute(sql`
      select a.seq, a.id, ${isoTimeSql(sql`a.created_at`)} as time, a.prev_hash as "prevHash",
        a.hash, audit_log_canonical(a) as canonical
      from audit_log a where a.seq > ${afterSeq} order by a.seq limit ${limit}`),
  );
  // bigint comes back as text from node-postgres.
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** The chain's head: how many entries, the last one's hash and time (null for an empty log). */
export interface ChainHead {
  entries: number;
  /** The last entry's hash; GENESIS_HASH for an empty log. */
  lastHash: string;
  lastAt: string | null;
}

export async function readChainHead(db: DbOrTx): Promise<ChainHead> {
  const [row] = rowsOf<{ seq: string | number; hash: string; time: string }>(
    await db.execute(sql`
      select seq, hash, ${isoTimeSql(sql`created_at`)} as time
      from audit_log order by seq desc limit 1`),
  );
  if (!row) return { entries: 0, lastHash: GENESIS_HASH, lastAt: null };
  return { entries: Number(row.seq), lastHash: row.hash, lastAt: row.time };
}

/** Entries read at a time: a log of millions is walked without holding more than this. */
export const VERIFY_PAGE_SIZE = 1000;

/** An entry's hash as the trigger computes it (src/db/sql/083_audit_log_hash.sql). */
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
  return auditVerificationLine({ verified: true, entries, lastAt, mismatch: null });
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
        const found = {
          verified: false,
          entries: previous?.seq ?? 0,
          lastAt: previous?.time ?? null,
          mismatch: { seq: entry.seq, id: entry.id, time: entry.time, problem },
        };
        return { ...found, line: auditVerificationLine(found) };
      }
      previous = entry;
    }
    if (page.length < pageSize) break;
  }
  const entries = previous?.seq ?? 0;
  const lastAt = previous?.time ?? null;
  return { verified: true, entries, lastAt, mismatch: null, line: verifiedLine(entries, lastAt) };
}
