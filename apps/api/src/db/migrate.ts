import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';
import { applyDatabaseFunctions } from './sql-functions.ts';

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

/**
 * Applies the committed SQL migrations (same files for both drivers), or those of another folder
 * of drizzle-kit's layout (a test applies the migrations before one, then that one on its data).
 * `functions: false` leaves out the files of src/db/sql: they are written for the newest tables,
 * which a database migrated only up to an older migration does not have yet.
 */
/** The advisory lock the migrations run under (any constant; "cask" in ASCII). */
const MIGRATIONS_LOCK = 0x6361736b;

export async function migrate(
  database: Database,
  migrationsFolder = findMigrationsDir(),
  options: { functions: boolean } = { functions: true },
): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    // Drizzle's migrator takes no lock: two instances starting together on an empty database
    // would both create the tables. Under this lock the second waits, then finds nothing to do.
    await database.exclusive(MIGRATIONS_LOCK, () =>
      // @ts-expect-error the migrator wants the driver-specific type; Db is its base class
      run(database.db, { migrationsFolder }),
    );
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    // @ts-expect-error the migrator wants the driver-specific type; Db is its base class
    await run(database.db, { migrationsFolder });
  }
  // Then every function and trigger from its file in src/db/sql, at every start (decision 206).
  if (options.functions) await applyDatabaseFunctions(database.db);
}
