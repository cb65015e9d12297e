// `npm run db:backup -- FILE` and `npm run db:restore -- FILE` (README "Backups"): the database
// the server uses (as the tables' owner: MIGRATION_DATABASE_URL, else DATABASE_URL; or embedded
// PGlite in DATA_DIR), uploaded files included: a restore's tables are the owner's
// (docs/decisions/417).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, migrationConnection } from '../config.ts';
import { BackupError, backupDatabase, restoreDatabase } from '../db/backup.ts';

/** Same rule as admin-create: .env, FILE and a relative DATA_DIR are read from where npm was typed. */
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

const USAGE = `Usage:
  npm run db:backup -- [FILE]   write a backup (default: cask-backup-<time>.dump)
  npm run db:restore -- FILE    restore FILE into an empty database

With DATABASE_URL: pg_dump / pg_restore as MIGRATION_DATABASE_URL's user when set (PostgreSQL's
client must be installed).
Without it: the embedded PGlite database in DATA_DIR; stop the server first.`;

async function main(argv: string[]): Promise<number> {
  const [command, given] = argv;
  if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !given)) {
    console.error(USAGE);
    return 2;
  }
  const envFile = path.join(invokedFrom, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile); // never overrides variables already set
  const config = loadConfig();
  const target = {
    url: migrationConnection(config).url,
    dataDir: path.resolve(invokedFrom, config.DATA_DIR),
  };
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(invokedFrom, given ?? `cask-backup-${stamp}.dump`);
  try {
    if (command === 'backup') {
      const kind = await backupDatabase(target, file);
      console.info(
        `Backed up the ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} database to ${file}`,
      );
    } else {
      const kind = await restoreDatabase(target, file);
      console.info(
        `Restored ${file} into the ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} database`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
