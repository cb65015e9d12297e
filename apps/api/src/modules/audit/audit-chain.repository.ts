import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { GENESIS_HASH, type ChainHead } from '../../db/audit-chain.ts';
import { admins } from '../../db/schema/admins.ts';
import { isoTimeSql } from '../../db/sql-fragments.ts';

/** The active Owners' e-mail addresses: who the daily checkpoint goes to. */
export async function activeOwnerEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: admins.email })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), eq(admins.isActive, true)))
    .orderBy(admins.email);
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
