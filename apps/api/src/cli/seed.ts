// `npm run seed -- --demo [--seed 42] [--force]`: realistic demo data for an empty database.
// `npm run seed -- --customers 1000000 [--seed 42] [--force]`: bulk data at scale, in SQL.
// Writes to the database the server uses, as the tables' owner: MIGRATION_DATABASE_URL, else
// DATABASE_URL, or embedded PGlite in DATA_DIR (docs/decisions/417: --force empties by TRUNCATE).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, migrationConnection } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { MAX_BULK_CUSTOMERS, seedBulk } from '../db/seed/bulk-seed.service.ts';
import { DEFAULT_SEED, seedDemo } from '../db/seed/demo-seed.service.ts';
import { DatabaseNotEmptyError } from '../db/seed/seed-errors.ts';

/** Same rule as admin-create: .env and a relative DATA_DIR are read from where npm was typed. */
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

const USAGE = [
  'Usage:',
  '  npm run seed -- --demo [--seed 42] [--force]',
  '  npm run seed -- --customers 1000000 [--seed 42] [--force]',
  '',
  '  --demo           a few hundred realistic customers with casks, offers, orders, referrals,',
  '                   points and notifications',
  `  --customers N    N customers (1 to ${MAX_BULK_CUSTOMERS.toLocaleString('en-US')}) and proportionate other rows, in bulk SQL`,
  `  --seed S         the pseudo-random seed (default ${DEFAULT_SEED}): the same seed gives the same data`,
  '  --force          replace the customers and everything about them that is already there',
].join('\n');

class UsageError extends Error {}

function wholeNumber(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const cleaned = raw.replaceAll('_', '').replaceAll(',', '');
  if (!/^\d+$/.test(cleaned)) throw new UsageError(`${name} must be a whole number, got "${raw}"`);
  return Number(cleaned);
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        demo: { type: 'boolean', default: false },
        customers: { type: 'string' },
        seed: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.info(USAGE);
    return 0;
  }
  let customers: number | undefined;
  let seed: number;
  try {
    customers = wholeNumber('--customers', args.customers);
    seed = wholeNumber('--seed', args.seed) ?? DEFAULT_SEED;
    if (args.demo === (customers !== undefined)) {
      throw new UsageError('Give either --demo or --customers N.');
    }
    if (customers !== undefined && (customers < 1 || customers > MAX_BULK_CUSTOMERS)) {
      throw new UsageError(`--customers must be from 1 to ${MAX_BULK_CUSTOMERS}`);
    }
    if (seed > 2_147_483_647) throw new UsageError('--seed must be at most 2147483647');
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }

  const envFile = path.join(invokedFrom, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile); // never overrides variables already set
  const config = loadConfig();
  const owner = migrationConnection(config);
  const database = await openDatabase({
    url: owner.url,
    dataDir: config.DATA_DIR.startsWith('memory://')
      ? config.DATA_DIR
      : path.resolve(invokedFrom, config.DATA_DIR),
  });
  try {
    await migrate(database, undefined, { appRole: owner.appRole });
    if (customers === undefined) {
      console.info(`Seeding demo data (seed ${seed}) into ${database.describe}...`);
      const counts = await seedDemo(database, { seed, force: args.force });
      console.info(
        Object.entries(counts)
          .map(([table, count]) => `  ${table}: ${count}`)
          .join('\n'),
      );
    } else {
      console.info(
        `Seeding ${customers.toLocaleString('en-US')} customers (seed ${seed}) into ${database.describe}...`,
      );
      const result = await seedBulk(database, {
        customers,
        seed,
        replace: args.force,
        log: (line) => console.info(line),
      });
      console.info(
        `Seeded ${result.customers} customers, ${result.casks} casks, ${result.offers} offers, ` +
          `${result.orders} orders, ${result.referrals} referrals, ` +
          `${result.pointTransactions} point transactions and ${result.notifications} notifications ` +
          `in ${result.seconds.toFixed(0)} s.`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof DatabaseNotEmptyError) {
      console.error(error.message);
      return 1;
    }
    throw error;
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
