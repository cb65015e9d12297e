import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { isoTimeSql } from '../../db/sql-fragments.ts';

/** The hash the first entry links to (src/db/sql/083_audit_log_chain.sql). */
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

/** The active Owners' e-mail addresses: who the daily checkpoint goes to. */
export async function activeOwnerEmails(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ email: string }>(
    await db.execute(
      sql`select email from admins where role = 'owner' and is_active order by email`,
    ),
  );
  return rows.map((row) => row.email);
}

/**
 * Claims today's checkpoint (UTC) with the chain's head as it is now: answers it, or null when
 * the day was claimed already (by an earlier run, before a restart, or by another instance).
 */
export async function claimTodaysCheckpoint(
  db: DbOrTx,
): Promise<(ChainHead & { day: string }) | null> {
  const [row] = rowsOf<{
    day: string;
    entries: string | number;
    lastHash: string;
    lastAt: string | null;
  }>(
    await db.execute(sql`
      insert into audit_checkpoints (day, entries, last_hash, last_at)
      select (now() at time zone 'UTC')::date, coalesce(last.seq, 0),
        coalesce(last.hash, ${GENESIS_HASH}), last.created_at
      from (select) as one
      left join lateral (
        select seq, hash, created_at from audit_log order by seq desc limit 1
      ) as last on true
      on conflict (day) do nothing
      returning to_char(day, 'YYYY-MM-DD') as day, entries, last_hash as "lastHash",
        ${isoTimeSql(sql`last_at`)} as "lastAt"`),
  );
  if (!row) return null;
  return { day: row.day, entries: Number(row.entries), lastHash: row.lastHash, lastAt: row.lastAt };
}
