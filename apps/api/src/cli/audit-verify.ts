// `npm run audit:verify`: walks the audit log's hash chain in the database the server uses
// (DATABASE_URL, else the PGlite of DATA_DIR: stop `npm start` first, one process per data
// folder) and prints the first entry that does not match, exiting 1, or
// 'Audit log verified: N entries, last <time>' (docs/architecture.md#audit, decision 413).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { verifyAuditChain } from '../db/audit-chain.ts';

/** Where `npm run` was typed: .env and a relative DATA_DIR are read from there, as the server does. */
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

async function main(): Promise<number> {
  const envFile = path.join(invokedFrom, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile); // never overrides variables already set
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR.startsWith('memory://')
      ? config.DATA_DIR
      : path.resolve(invokedFrom, config.DATA_DIR),
  });
  try {
    const result = await verifyAuditChain(database.db);
    if (result.verified) console.info(result.line);
    else console.error(result.line);
    return result.verified ? 0 : 1;
  } finally {
    await database.close(); // PGlite loses its writes when not closed
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
