import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { admins } from '../../db/schema/admins.ts';
import { exportDownloads } from '../../db/schema/export-downloads.ts';

export async function insertExport(
  db: DbOrTx,
  row: { adminId: string; list: string; query: unknown; tokenHash: string; expiresAt: Date },
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

/** Whether the admin who asked for an export may still have it (an inactive admin may not). */
export async function isAdminActive(db: DbOrTx, adminId: string): Promise<boolean> {
  const [row] = await db
    .select({ isActive: admins.isActive })
    .from(admins)
    .where(eq(admins.id, adminId));
  return row?.isActive === true;
}
