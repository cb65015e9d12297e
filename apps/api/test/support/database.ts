import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../../src/db/client.ts';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a brand-new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again at close). Either is a copy of
 * the migrated template of test/global-setup.ts (decision 282), or `empty` (the migrations' tests).
 */
export async function freshDatabase(from: 'template' | 'empty' = 'template'): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  const template = from === 'template' ? inject('databaseTemplate') : undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const initialData =
      template?.kind === 'pglite' ? new Blob([await readFile(template.file)]) : undefined;
    const database = await openDatabase({ dataDir: 'memory://', initialData });
    return { database, drop: async () => {} };
  }
  const name = `cask_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    template?.kind === 'postgres'
      ? `create database ${name} template ${template.name}`
      : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'unused' });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The rows a raw SQL statement answers, as `T`: for a test that checks the API against SQL. */
export async function queryRows<T>(ctx: { database: Database }, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await ctx.database.db.execute(statement));
}

/**
 * The counters as the triggers kept them, then as `refresh_counters()` recounts them from the
 * tables (it rewrites them): a slotted counter's rows (`<name>#<slot>`, decision 222) read as
 * their sum, the search caches' versions and counters at 0 (a recount leaves them out) are left
 * out. Values as numeric text (`'-8700.00'`).
 */
export async function countersKeptAndRecounted(ctx: {
  database: Database;
}): Promise<{ kept: Record<string, string>; recounted: Record<string, string> }> {
  const read = async () =>
    Object.fromEntries(
      (
        await queryRows<{ name: string; value: string }>(
          ctx,
          sql`select split_part(name, '#', 1) as name, sum(value)::text as value from counters group by 1 order by 1`,
        )
      )
        .filter((row) => !row.name.endsWith('.search_version') && Number(row.value) !== 0)
        .map((row) => [row.name, row.value]),
    );
  const kept = await read();
  await ctx.database.db.execute(sql`select refresh_counters()`);
  return { kept, recounted: await read() };
}
