import { cp, mkdtemp, appendFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../../test/support/database.ts';
import { rowsOf, type Database } from './client.ts';
import { migrate, startStamp, storedStartStamp } from './migrate.ts';
import { findDatabaseFunctionsDir } from './sql-functions.ts';

// Decision 388: a start whose start stamp equals the database's applies nothing (one query); a
// changed or missing stamp applies the migrations and every file of src/db/sql, as before.
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

let database: Database;
let drop: () => Promise<void>;
/** A copy of src/db/sql that the tests change: the real files are never touched. */
let functionsDir: string;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  functionsDir = await mkdtemp(path.join(tmpdir(), 'cask-start-stamp-'));
  await cp(findDatabaseFunctionsDir(), functionsDir, { recursive: true });
});
afterAll(async () => {
  await database?.close();
  await drop?.();
  await rm(functionsDir, { recursive: true, force: true });
});

const start = () => migrate(database, MIGRATIONS, { functionsDir });

async function csvCellDefined(): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from pg_proc
          where proname = 'csv_cell' and pronamespace = 'public'::regnamespace`,
    ),
  );
  return row?.n === 1;
}

test('a start on a stamped database applies nothing; a changed file applies everything again', async () => {
  // The migrated template was stamped by its own migrate(): the same files give the same stamp.
  expect(await storedStartStamp(database)).toBe(await startStamp(MIGRATIONS, functionsDir));
  expect(await start()).toBe('unchanged');

  // Dropped behind the application's back: an unchanged stamp does not notice, and that is the
  // point (nothing is read but the stamp).
  await database.db.execute(sql`drop function csv_cell(text)`);
  expect(await start()).toBe('unchanged');
  expect(await csvCellDefined()).toBe(false);

  // Any change of a file's text (here a blank line) changes the stamp: everything is applied.
  await appendFile(path.join(functionsDir, '120_csv_cell.sql'), '\n');
  const changed = await startStamp(MIGRATIONS, functionsDir);
  expect(changed).not.toBe(await storedStartStamp(database));
  expect(await start()).toBe('applied');
  expect(await csvCellDefined()).toBe(true);
  expect(await storedStartStamp(database)).toBe(changed);
  expect(await start()).toBe('unchanged');
});

test('a missing stamp applies everything; a failed apply leaves the stamp as it was', async () => {
  await database.db.execute(sql`comment on table drizzle.__drizzle_migrations is null`);
  await database.db.execute(sql`drop function csv_cell(text)`);
  expect(await start()).toBe('applied');
  expect(await csvCellDefined()).toBe(true);
  const stamp = await storedStartStamp(database);
  expect(stamp).toBe(await startStamp(MIGRATIONS, functionsDir));

  // A file that fails: the start fails naming it, and the stamp still says what was applied.
  const broken = path.join(functionsDir, '999_broken.sql');
  await writeFile(broken, 'CREATE OR REPLACE FUNCTION broken() RETURNS int AS $$ nonsense $$;\n');
  try {
    await expect(start()).rejects.toThrow('999_broken.sql');
    expect(await storedStartStamp(database)).toBe(stamp);
  } finally {
    await rm(broken);
  }
  expect(await start()).toBe('unchanged');
});

test('a migration folder of another journal is another stamp', async () => {
  const other = await mkdtemp(path.join(tmpdir(), 'cask-start-stamp-journal-'));
  try {
    await cp(MIGRATIONS, other, { recursive: true });
    await appendFile(path.join(other, 'meta', '_journal.json'), '\n');
    expect(await startStamp(other, functionsDir)).not.toBe(
      await startStamp(MIGRATIONS, functionsDir),
    );
  } finally {
    await rm(other, { recursive: true, force: true });
  }
});
