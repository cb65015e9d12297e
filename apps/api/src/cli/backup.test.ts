import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { backupDatabase, restoreDatabase } from '../db/backup.ts';
import { openDatabase, rowsOf, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { files } from '../db/schema/files.ts';
import { seedDemo } from '../db/seed/demo-seed.service.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cask-backup-'));
  scratch.push(dir);
  return dir;
}

/** Demo data and two uploaded images: what a club's database holds. */
async function fill(database: Database): Promise<Buffer[]> {
  await migrate(database);
  await seedDemo(database, { seed: 7 });
  const images = [randomBytes(40_000), randomBytes(1_000)];
  for (const bytes of images) {
    await database.db.insert(files).values({
      bytes,
      contentType: 'image/png',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  return images;
}

interface TableState {
  rows: number;
  /** md5 of every row's text, in order: equal only when every row is. */
  checksum: string;
  /** The first rows as JSON (bytea as hex). */
  sample: string[];
}

/** Every table of the app (public and drizzle's own), with its count, checksum and sample. */
async function snapshot(database: Database): Promise<Record<string, TableState>> {
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

async function storedImages(database: Database): Promise<string[]> {
  const rows = await database.db.select({ bytes: files.bytes }).from(files);
  return rows.map((row) => createHash('sha256').update(row.bytes).digest('hex')).sort();
}

const digest = (images: Buffer[]) =>
  images.map((bytes) => createHash('sha256').update(bytes).digest('hex')).sort();

/** The real `npm run db:backup|db:restore` from the repository root. */
function npmRun(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _unset, ...inherited } = process.env;
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...inherited, INIT_CWD: root, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test('PGlite: npm run db:backup and db:restore round-trip every table, uploaded files included', async () => {
  const source = tempDir();
  const database = await openDatabase({ dataDir: source });
  const images = await fill(database);
  const before = await snapshot(database);
  await database.close();
  expect(before['public.customers']?.rows).toBeGreaterThan(0);
  expect(before['public.files']?.rows).toBeGreaterThan(2);

  const file = path.join(tempDir(), 'club.dump');
  const backup = await npmRun('db:backup', [file], { DATA_DIR: source });
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toContain(`Backed up the PGlite database to ${file}`);

  const target = tempDir();
  const restore = await npmRun('db:restore', [file], { DATA_DIR: target });
  expect(restore.code, restore.output).toBe(0);

  const restored = await openDatabase({ dataDir: target });
  try {
    expect(await snapshot(restored)).toEqual(before);
    expect(await storedImages(restored)).toEqual(expect.arrayContaining(digest(images)));
  } finally {
    await restored.close();
  }

  // Never over a database: the restored one is not empty any more.
  const again = await npmRun('db:restore', [file], { DATA_DIR: target });
  expect(again.code).toBe(1);
  expect(again.output).toContain('already holds a database: restore into an empty DATA_DIR');
}, 180_000);

test('a file that is not a backup is refused, and a PGlite backup is not restored into PostgreSQL', async () => {
  const junk = path.join(tempDir(), 'junk.dump');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(junk, 'hello');
  await expect(restoreDatabase({ dataDir: tempDir() }, junk)).rejects.toThrow(
    'is not a backup made by npm run db:backup',
  );
  const source = tempDir();
  const database = await openDatabase({ dataDir: source });
  await migrate(database);
  await database.close();
  const file = path.join(tempDir(), 'pglite.dump');
  await backupDatabase({ dataDir: source }, file);
  await expect(
    restoreDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', dataDir: 'unused' }, file),
  ).rejects.toThrow('is a backup of embedded PGlite: restore it with DATABASE_URL unset');
}, 120_000);

const serverUrl = process.env.TEST_DATABASE_URL;

test.runIf(serverUrl)(
  'PostgreSQL: pg_dump custom format round-trips into a scratch database, and a full one is refused',
  async () => {
    const names = [1, 2].map(() => `cask_backup_${randomBytes(5).toString('hex')}`);
    const urlOf = (name: string) => {
      const url = new URL(String(serverUrl));
      url.pathname = `/${name}`;
      return url.toString();
    };
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const name of names) await admin.query(`create database ${name}`);
      const [sourceUrl, targetUrl] = names.map(urlOf) as [string, string];
      const database = await openDatabase({ url: sourceUrl, dataDir: 'unused' });
      const images = await fill(database);
      const before = await snapshot(database);
      await database.close();

      const file = path.join(tempDir(), 'club.dump');
      expect(await backupDatabase({ url: sourceUrl, dataDir: 'unused' }, file)).toBe('postgres');
      await restoreDatabase({ url: targetUrl, dataDir: 'unused' }, file);
      const restored = await openDatabase({ url: targetUrl, dataDir: 'unused' });
      try {
        expect(await snapshot(restored)).toEqual(before);
        expect(await storedImages(restored)).toEqual(expect.arrayContaining(digest(images)));
      } finally {
        await restored.close();
      }
      await expect(restoreDatabase({ url: targetUrl, dataDir: 'unused' }, file)).rejects.toThrow(
        'The database is not empty',
      );
    } finally {
      for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  },
  180_000,
);
