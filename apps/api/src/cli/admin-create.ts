// `npm run admin:create`: creates an admin in the database the server uses.
// On a terminal it asks for name, e-mail and password (not echoed); without one (scripts, CI)
// it takes ADMIN_NAME, ADMIN_EMAIL and ADMIN_PASSWORD from the environment. It migrates first, so
// it connects as the tables' owner: MIGRATION_DATABASE_URL, else DATABASE_URL (docs/decisions/417).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { createAdminInput, type CreateAdminInput } from '@cask/contracts/auth';
import { loadConfig, migrationConnection } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { BadRequestError } from '../lib/errors.ts';
import { createPasswordHasher } from '../lib/password.ts';
import { createAdminAccount } from '../modules/auth/admin-account.service.ts';

/**
 * npm runs workspace scripts inside apps/api, but `npm start` runs the server from the directory
 * the command was typed in (INIT_CWD): resolve .env and a relative DATA_DIR from there too, or
 * the admin would land in a different embedded database than the server's.
 */
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

async function askOnTerminal(): Promise<Record<string, string>> {
  let muted = false;
  // Echo goes through this stream; while muted, typed characters are swallowed.
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const terminal = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const fullName = await terminal.question('Name: ');
    const email = await terminal.question('E-mail: ');
    process.stdout.write('Password (8 to 128 characters, not shown): ');
    muted = true;
    const password = await terminal.question('');
    muted = false;
    process.stdout.write('\n');
    return { fullName, email, password };
  } finally {
    terminal.close();
  }
}

function fromEnvironment(): Record<string, string | undefined> {
  return {
    fullName: process.env.ADMIN_NAME ?? 'Administrator',
    email: process.env.ADMIN_EMAIL,
    password: process.env.ADMIN_PASSWORD,
  };
}

async function main(): Promise<number> {
  const envFile = path.join(invokedFrom, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile); // never overrides variables already set

  const config = loadConfig();
  const answers = process.stdin.isTTY ? await askOnTerminal() : fromEnvironment();
  const parsed = createAdminInput.safeParse(answers);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      console.error(`  ${issue.path.join('.') || 'input'}: ${issue.message}`);
    }
    if (!process.stdin.isTTY) console.error('Set ADMIN_NAME, ADMIN_EMAIL and ADMIN_PASSWORD.');
    return 1;
  }
  const input: CreateAdminInput = parsed.data;

  const owner = migrationConnection(config);
  const database = await openDatabase({
    url: owner.url,
    dataDir: config.DATA_DIR.startsWith('memory://')
      ? config.DATA_DIR
      : path.resolve(invokedFrom, config.DATA_DIR),
  });
  try {
    await migrate(database, undefined, { appRole: owner.appRole });
    const hasher = createPasswordHasher({ concurrency: 1 });
    const result = await createAdminAccount({ db: database.db, hasher }, input, 'cli').catch(
      (error: unknown) => {
        // A password on the common list (docs/decisions/320), said as the contract's refusals are.
        if (error instanceof BadRequestError) return { refused: error.message };
        throw error;
      },
    );
    if ('refused' in result) {
      console.error(`  password: ${result.refused}`);
      return 1;
    }
    if (!result.created) {
      console.error(`An admin with the e-mail ${input.email} exists already; nothing was changed.`);
      return 1;
    }
    console.info(
      `Created admin ${result.admin.fullName} <${result.admin.email}> (id ${result.admin.id}) in ${database.describe}.`,
    );
    return 0;
  } finally {
    await database.close(); // PGlite loses its writes when not closed
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
