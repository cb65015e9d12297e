import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './client.ts';
import {
  applyDatabaseFunctions,
  databaseFunctionFiles,
  findDatabaseFunctionsDir,
} from './sql-functions.ts';

/**
 * The committed migrations live in apps/api/drizzle. This file runs from src/db (tsx, tests)
 * or from the bundle in dist/, so look upwards for the folder instead of hard-coding a depth.
 */
function findMigrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the migrations folder (apps/api/drizzle)');
}

/** The advisory lock the migrations run under (any constant; "cask" in ASCII). */
const MIGRATIONS_LOCK = 0x6361736b;

/**
 * Where drizzle's migrator records the migrations it applied: its documented defaults, named
 * here because the start stamp is kept as that table's comment (docs/decisions/388).
 */
const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';

/**
 * Bumped when what a start applies changes other than through the files hashed below (this
 * file's or sql-functions.ts's way of applying them), so that every database is applied again.
 */
const STAMP_FORMAT = 'cask start stamp 1';

/**
 * The start stamp (docs/decisions/388): a SHA-256 of the migrations' journal and of every file of
 * src/db/sql, name and text. The journal lists every migration the migrator would apply (it
 * applies by the journal's order and times, never by a file's text), so a new migration changes
 * it; any edit of a function's or trigger's file changes its text.
 */
export async function startStamp(
  migrationsFolder = findMigrationsDir(),
  functionsDir = findDatabaseFunctionsDir(),
  /** The app's role granted to (MigrateOptions.appRole): another role applies them again. */
  appRole?: string,
): Promise<string> {
  const [journal, files] = await Promise.all([
    readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    databaseFunctionFiles(functionsDir),
  ]);
  const hash = createHash('sha256').update(`${STAMP_FORMAT}\n${journal}`);
  if (appRole !== undefined) hash.update(`\n--> app role ${appRole}`);
  for (const file of files) hash.update(`\n--> ${file.name}\n${file.text}`);
  return hash.digest('hex');
}

/** The stamp the last complete apply left in the database; null when none (or no migrations). */
export async function storedStartStamp(database: Database): Promise<string | null> {
  const table = `${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`;
  const [row] = rowsOf<{ stamp: string | null }>(
    await database.db.execute(
      sql`select obj_description(to_regclass(${table}), 'pg_class') as stamp`,
    ),
  );
  return row?.stamp ?? null;
}

export interface MigrateOptions {
  /**
   * false leaves out the files of src/db/sql: they are written for the newest tables, which a
   * database migrated only up to an older migration does not have yet. No stamp is then written.
   */
  functions?: boolean;
  /** The folder of the function files (default src/db/sql; a test applies a changed copy). */
  functionsDir?: string;
  /**
   * PostgreSQL, when the app connects as a role other than the one migrating (issue 45): that
   * role, granted what the app needs by src/db/sql/130_grant_app_role.sql after the files, in
   * their transaction (docs/decisions/417). Part of the stamp, so a new role is granted at once.
   */
  appRole?: string | undefined;
}

/**
 * Brings the database up to the committed migrations and function files, or those of another
 * folder of drizzle-kit's layout (a test applies the migrations before one, then that one on its
 * data). Answers what it did: `unchanged` when the database's start stamp equals the files' (one
 * query, nothing applied: docs/decisions/388), else `applied` (the migrator, then every file of
 * src/db/sql, then the app role's privileges when one is given, then the new stamp).
 */
export async function migrate(
  database: Database,
  migrationsFolder = findMigrationsDir(),
  options: MigrateOptions = {},
): Promise<'unchanged' | 'applied'> {
  const functions = options.functions ?? true;
  const functionsDir = options.functionsDir ?? findDatabaseFunctionsDir();
  const appRole = options.appRole;
  const stamp = functions ? await startStamp(migrationsFolder, functionsDir, appRole) : null;
  // Read without a lock: a stamp is written last, in the transaction of the files, so one that
  // equals ours means that everything it stands for is applied and committed.
  if (stamp !== null && (await storedStartStamp(database)) === stamp) return 'unchanged';
  const config = {
    migrationsFolder,
    migrationsSchema: MIGRATIONS_SCHEMA,
    migrationsTable: MIGRATIONS_TABLE,
  };
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    // Drizzle's migrator takes no lock: two instances starting together on an empty database
    // would both create the tables. Under this lock the second waits, then finds nothing to do.
    await database.exclusive(MIGRATIONS_LOCK, () =>
      // @ts-expect-error the migrator wants the driver-specific type; Db is its base class
      run(database.db, config),
    );
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    // @ts-expect-error the migrator wants the driver-specific type; Db is its base class
    await run(database.db, config);
  }
  if (stamp === null) return 'applied';
  // Then every function and trigger from its file in src/db/sql (decision 206), and in the same
  // transaction, under the same lock, the stamp: written only when all of it committed.
  const table = sql`${sql.identifier(MIGRATIONS_SCHEMA)}.${sql.identifier(MIGRATIONS_TABLE)}`;
  await applyDatabaseFunctions(database.db, functionsDir, async (tx) => {
    if (appRole !== undefined) {
      await tx.execute(sql`select grant_app_role(${appRole})`).catch((error: unknown) => {
        // Drizzle's error names the query; PostgreSQL's reason (a refused role) is its cause.
        const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        throw new Error(`Granting the app's role: ${(reason as Error).message}`, { cause: error });
      });
    }
    // COMMENT takes a literal, not a parameter: the stamp (hex) is written in as a quoted literal.
    await tx.execute(sql`comment on table ${table} is ${stamp}`.inlineParams());
  });
  return 'applied';
}
