import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { exportDownloads } from '../../db/schema/export-downloads.ts';

export async function insertExport(
  db: DbOrTx,
  row: {
    adminId: string;
    sessionId: string | null;
    tokenVersion: number;
    list: string;
    query: unknown;
    tokenHash: string;
    expiresAt: Date;
  },
) {
  // Spent and expired links are kept a day (the button asks after its export), then dropped.
  await db
    .delete(exportDownloads)
    .where(lt(exportDownloads.createdAt, sql`now() - interval '1 day'`));
  const [inserted] = await db.insert(exportDownloads).values(row).returning();
  if (!inserted) throw new Error('export insert returned nothing');
  return inserted;
}

/** Spends a link: the export it opens, once, before it expires; undefined otherwise. */
export async function spendExportToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(exportDownloads)
    .set({ startedAt: sql`now()` })
    .where(
      and(
        eq(exportDownloads.tokenHash, tokenHash),
        isNull(exportDownloads.startedAt),
        gt(exportDownloads.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** `rows` null: the file was not sent whole (the download was cancelled or failed). */
export async function finishExport(db: DbOrTx, id: string, rows: number | null) {
  await db
    .update(exportDownloads)
    .set({ finishedAt: sql`now()`, rows })
    .where(eq(exportDownloads.id, id));
}

export async function findExport(db: DbOrTx, id: string, adminId: string) {
  const [row] = await db
    .select()
    .from(exportDownloads)
    .where(and(eq(exportDownloads.id, id), eq(exportDownloads.adminId, adminId)));
  return row;
}

/** A link not yet spent nor expired: whose it is (nothing is changed). */
export async function findUnspentExport(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ id: exportDownloads.id, adminId: exportDownloads.adminId })
    .from(exportDownloads)
    .where(
      and(
        eq(exportDownloads.tokenHash, tokenHash),
        isNull(exportDownloads.startedAt),
        gt(exportDownloads.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** What a download checks of the admin and the session that asked for the link (decision 304). */
export interface LinkHolder {
  isActive: boolean;
  tokenVersion: number;
  /** The session exists and has not ended (false when none is named). */
  sessionLive: boolean;
  hasSecondFactor: boolean;
  twoFactorRequired: boolean;
}

/** The admin, their session and the two-factor policy, as the authentication plugin reads them. */
export async function findLinkHolder(
  db: DbOrTx,
  adminId: string,
  sessionId: string | null,
): Promise<LinkHolder | undefined> {
  const [row] = rowsOf<LinkHolder>(
    await db.execute(sql`
      select a.is_active as "isActive", a.token_version as "tokenVersion",
        coalesce(s.ended_at is null and s.id is not null, false) as "sessionLive",
        exists (select 1 from admin_totp t where t.admin_id = a.id and t.enabled_at is not null)
          as "hasSecondFactor",
        coalesce((select p.require_two_factor from security_settings p where p.id = 1), false)
          as "twoFactorRequired"
      from admins a
      left join admin_sessions s on s.id = ${sessionId}::uuid and s.admin_id = a.id
      where a.id = ${adminId}`),
  );
  return row;
}
