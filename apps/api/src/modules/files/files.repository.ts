import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';

export async function insertFile(
  db: DbOrTx,
  values: { bytes: Buffer; contentType: string; size: number; sha256: string },
): Promise<{ id: string }> {
  const [row] = await db.insert(files).values(values).returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row;
}

/** Everything but the bytes: enough to answer a conditional request with 304. */
export async function findFileMeta(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: files.id,
      contentType: files.contentType,
      size: files.size,
      sha256: files.sha256,
    })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return row;
}

export async function findFileBytes(db: DbOrTx, id: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: files.bytes })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return row?.bytes;
}

export async function deleteFile(db: DbOrTx, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}
