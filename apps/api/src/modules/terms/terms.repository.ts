import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { terms, type TermsType } from '../../db/schema/terms.ts';

/**
 * One save of a type at a time, to the end of the transaction: two saves that start from the same
 * version cannot both see it as current (docs/decisions/180).
 */
export async function lockTermsType(tx: DbOrTx, type: TermsType): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'terms:' + type}, 0))`);
}

/** The current text of a type: its newest version. */
export async function findCurrentTerms(db: DbOrTx, type: TermsType) {
  const [row] = await db
    .select({ id: terms.id, type: terms.type, content: terms.content, updatedAt: terms.updatedAt })
    .from(terms)
    .where(eq(terms.type, type))
    .orderBy(desc(terms.createdAt))
    .limit(1);
  return row;
}

export async function insertTermsVersion(
  tx: DbOrTx,
  values: { type: TermsType; content: string; updatedBy: string },
) {
  // clock_timestamp(), not now(): two saves in quick succession must still order by time.
  const [row] = await tx
    .insert(terms)
    .values({ ...values, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .returning({
      id: terms.id,
      type: terms.type,
      content: terms.content,
      updatedAt: terms.updatedAt,
    });
  if (!row) throw new Error('terms insert returned nothing');
  return row;
}
