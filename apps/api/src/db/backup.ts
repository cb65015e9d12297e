import { spawn } from 'node:child_process';
import { open, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, rowsOf } from './client.ts';

/**
 * `npm run db:backup` and `npm run db:restore` (docs/architecture.md#operations,
 * docs/decisions/253). Everything the app keeps is in the database, uploaded files included (the
 * `files` table, docs/architecture.md#uploads), so one backup file holds it all:
 * - embedded PGlite: its documented `dumpDataDir('gzip')`, a tarball of the data directory;
 * - PostgreSQL: `pg_dump --format=custom`, one consistent snapshot; restored with `pg_restore`.
 * A restore goes into an empty database only and refuses anything else, saying why.
 */

export interface BackupTarget {
  /** DATABASE_URL; unset: PGlite in `dataDir`. */
  url?: string | undefined;
  /** DATA_DIR (PGlite lives in DATA_DIR/pglite). */
  dataDir: string;
}

/** A refusal the CLI prints as it is (exit 1), not a crash. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = [0x1f, 0x8b];

export type BackupKind = 'pglite' | 'postgres';

/** Which kind of backup a file holds, from its first bytes. */
export async function backupKindOf(file: string): Promise<BackupKind> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupError(`Cannot read the backup file ${file}.`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres';
    if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) return 'pglite';
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} is not a backup made by npm run db:backup.`);
}

function pgliteDir(dataDir: string): string {
  return path.resolve(dataDir, 'pglite');
}

/**
 * The connection string without its password, and the password apart: handed to pg_dump and
 * pg_restore in PGPASSWORD, never on their command line (visible to every user in `ps`).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} is not installed: install PostgreSQL's client (Debian: postgresql-client).`
            : `${command} failed to start: ${error.message}`,
        ),
      ),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}):\n${errors.trim()}`));
    });
  });
}

/** Writes a consistent backup of the database to `file`. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<BackupKind> {
  if (target.url) {
    const { dbname, env } = connection(target.url);
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--file', file, '--dbname', dbname],
      env,
    );
    return 'postgres';
  }
  const dir = pgliteDir(target.dataDir);
  const entries = await readdir(dir).catch(() => []);
  if (entries.length === 0) throw new BackupError(`There is no database in ${dir} to back up.`);
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // PGlite admits one process at a time: the server must be stopped (README "Backups").
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  return 'pglite';
}

/** The tables of a PostgreSQL database outside the system schemas (0: empty). */
async function userTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await drizzle(client).execute(
      sql`select count(*) as count from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S')
          and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
          and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`,
    );
    return Number(rowsOf<{ count: string }>(result)[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/** Restores `file` into an empty database; refuses a non-empty one and a backup of the other kind. */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<BackupKind> {
  const kind = await backupKindOf(file);
  if (target.url) {
    if (kind !== 'postgres') {
      throw new BackupError(
        `${file} is a backup of embedded PGlite: restore it with DATABASE_URL unset (into DATA_DIR).`,
      );
    }
    const tables = await userTables(target.url);
    if (tables > 0) {
      throw new BackupError(
        `The database is not empty (${tables} tables and sequences): restore into a new, empty database (createdb), never over one in use.`,
      );
    }
    const { dbname, env } = connection(target.url);
    await run(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', dbname, file],
      env,
    );
    return 'postgres';
  }
  if (kind !== 'pglite') {
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL naming an empty database.`,
    );
  }
  const dir = pgliteDir(target.dataDir);
  const entries = await readdir(dir).catch(() => []);
  if (entries.length > 0) {
    throw new BackupError(
      `${dir} already holds a database: restore into an empty DATA_DIR (move this one away first).`,
    );
  }
  const database = await openDatabase({
    dataDir: target.dataDir,
    initialData: new Blob([await readFile(file)]),
  });
  await database.close();
  return 'pglite';
}
