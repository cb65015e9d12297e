import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The cheapest round trip: throws when the database cannot be reached. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
