import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { files } from '../../src/db/schema/files.ts';
import { seedDemo } from '../../src/db/seed/demo-seed.service.ts';
import { sha256 } from './hashing.ts';

/** A table's state in `tableSnapshot`. */
export interface TableState {
  rows: number;
  /** md5 of every row's text, in order: equal only when every row is. */
  checksum: string;
  /** The first rows as JSON (bytea as hex). */
  sample: string[];
}

/**
 * Every table of the database (public and drizzle's own), with its count, checksum and sample:
 * equal for two databases only when they hold the same rows (a backup and its restore).
 */
export async function tableSnapshot(database: Database): Promise<Record<string, TableState>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
            from information_schema.tables
           where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
           order by 1`,
    ),
  );
  const state: Record<string, TableState> = {};
  for (const { name } of tables) {
    const table = sql.raw(name);
    const [summary] = rowsOf<{ rows: string; checksum: string }>(
      await database.db.execute(
        sql`select count(*) as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as checksum from ${table} t`,
      ),
    );
    const sample = rowsOf<{ row: string }>(
      await database.db.execute(
        sql`select row_to_json(t)::text as row from ${table} t order by t::text limit 3`,
      ),
    );
    state[name] = {
      rows: Number(summary?.rows),
      checksum: String(summary?.checksum),
      sample: sample.map((each) => each.row),
    };
  }
  return state;
}

/** The SHA-256 (hex) of every uploaded file's bytes the database stores, sorted. */
export async function storedFileDigests(database: Database): Promise<string[]> {
  const rows = await database.db.select({ bytes: files.bytes }).from(files);
  return rows.map((row) => sha256(row.bytes)).sort();
}

/**
 * What a club's database holds: `database` migrated, the demo data (seed 7) and two uploaded
 * images, answered as their bytes.
 */
export async function fillLikeAClub(database: Database): Promise<Buffer[]> {
  await migrate(database);
  await seedDemo(database, { seed: 7 });
  const images = [randomBytes(40_000), randomBytes(1_000)];
  for (const bytes of images) {
    await database.db.insert(files).values({
      bytes,
      contentType: 'image/png',
      size: bytes.length,
      sha256: sha256(bytes),
    });
  }
  return images;
}
