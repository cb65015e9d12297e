import type { Database } from '../client.ts';
import { writeAudit } from '../audit.ts';
import { PRIVACY_POLICY_HTML, SEARCH_TERMS } from './catalogue.ts';
import { createBulkSql } from './bulk-seed.sql.ts';
import { DatabaseNotEmptyError } from './seed-errors.ts';
import {
  clearBusinessData,
  countBalanceMismatches,
  createIndex,
  dropSecondaryIndexes,
  executeStatement,
  hasNoCustomers,
  insertPrivacyPolicyIfMissing,
  lockSeeding,
  setMaintenanceWorkMem,
  setTriggerEnabled,
  vacuumAnalyzeSeededTables,
  gaugeHistoryStatements,
} from './seed.repository.ts';

/** Bumped whenever the rows the bulk seeder writes change, so the benchmark re-seeds. */
export const BULK_SEEDER_VERSION = 5;

/** What the benchmark searches for: the first matches 2% of customers, the second five. */
export const BULK_SEARCH_TERMS = {
  common: SEARCH_TERMS.common.toLowerCase(),
  rare: SEARCH_TERMS.rare.toLowerCase(),
} as const;

export const MAX_BULK_CUSTOMERS = 20_000_000;

export interface BulkSeedOptions {
  customers: number;
  seed: number;
  /** Replace the business data that is there instead of refusing a database with customers. */
  replace?: boolean;
  /** Dates are laid out backwards from this day (UTC midnight); today by default. */
  today?: Date;
  log?: (line: string) => void;
}

const BATCH = 100_000;
const INDEXED_TABLES = [
  'customers',
  'casks',
  'cask_valuations',
  'cask_appreciation',
  'cask_regauges',
  'orders',
  'order_notes',
  'referrals',
  'point_transactions',
  'notifications',
];

function startOfTodayUtc(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function batches(total: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let from = 0; from < total; from += BATCH) {
    ranges.push([from, Math.min(total, from + BATCH) - 1]);
  }
  return ranges;
}

/**
 * `npm run seed -- --customers N`: N customers and proportionate casks, offers, orders,
 * referrals, ledger entries and notifications, computed in bulk SQL on the database server
 * (decision 060). One transaction: a failed run leaves the database as it was.
 */
export async function seedBulk(database: Database, options: BulkSeedOptions) {
  const { customers, seed } = options;
  if (!Number.isInteger(customers) || customers < 1 || customers > MAX_BULK_CUSTOMERS) {
    throw new RangeError(`customers must be a whole number from 1 to ${MAX_BULK_CUSTOMERS}`);
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 2_147_483_647) {
    throw new RangeError('seed must be a whole number from 0 to 2147483647');
  }
  const log = options.log ?? (() => {});
  if (!options.replace && !(await hasNoCustomers(database.db))) throw new DatabaseNotEmptyError();

  const statements = createBulkSql({
    customers,
    seed,
    anchor: options.today ?? startOfTodayUtc(),
  });
  const counts = statements.counts;
  const started = Date.now();
  const step = async (label: string, work: () => Promise<void>) => {
    const at = Date.now();
    await work();
    log(`  ${label} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
  };

  await database.db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (options.replace) await clearBusinessData(tx);
    else if (!(await hasNoCustomers(tx))) throw new DatabaseNotEmptyError();
    // Index builds sort in memory up to this much; PGlite's WebAssembly heap is smaller.
    await setMaintenanceWorkMem(tx, database.kind === 'pglite' ? '64MB' : '512MB');
    const dropped = await dropSecondaryIndexes(tx, INDEXED_TABLES);
    // The ledger trigger would update a customer row per entry; the balances are written with
    // the customers instead (the same expressions) and checked against the ledger below.
    await setTriggerEnabled(tx, 'point_transactions', 'point_transactions_apply', false);

    // The trigger that writes the value history from the valuations
    // (src/db/sql/050_cask_valuations_record_appreciation.sql) upserts through the unique index
    // dropped above; the value histories below write the points and their valuations together.
    await setTriggerEnabled(tx, 'cask_valuations', 'cask_valuations_appreciation', false);

    for (const [from, to] of batches(customers)) {
      await step(`customers ${from + 1}-${to + 1}`, () =>
        executeStatement(tx, statements.customers(from, to)),
      );
    }
    await step(`${counts.offers} offers`, () => executeStatement(tx, statements.offers));
    await executeStatement(tx, statements.warehouses);
    for (const [from, to] of batches(counts.casks)) {
      await step(`casks ${from + 1}-${to + 1}`, () =>
        executeStatement(tx, statements.casks(from, to)),
      );
    }
    await step('cask value histories', () => executeStatement(tx, statements.caskAppreciation));
    await step('cask valuations', () => executeStatement(tx, statements.caskValuations));
    await step(`${counts.orders} orders`, () => executeStatement(tx, statements.orders));
    await executeStatement(tx, statements.orderNumbers);
    await step('order notes', () => executeStatement(tx, statements.orderNotes));
    await step(`${counts.referrals} referrals`, () => executeStatement(tx, statements.referrals));
    for (const [from, to] of batches(customers)) {
      await step(`point transactions of customers ${from + 1}-${to + 1}`, () =>
        executeStatement(tx, statements.pointTransactions(from, to)),
      );
    }
    await step(`${counts.notifications} notifications`, () =>
      executeStatement(tx, statements.notifications),
    );
    await setTriggerEnabled(tx, 'point_transactions', 'point_transactions_apply', true);
    await setTriggerEnabled(tx, 'cask_valuations', 'cask_valuations_appreciation', true);
    for (const index of dropped) {
      await step(`index ${index.name}`, () => createIndex(tx, index));
    }
    // The gauge histories, transfers, alert days and portfolio months, once the indexes are back.
    for (const [index, statement] of gaugeHistoryStatements(statements.anchorDay).entries()) {
      await step(
        ['cask gauge histories', 'cask transfers', 'cask gauge alerts', 'portfolio value by month'][
          index
        ] ?? '',
        () => executeStatement(tx, statement),
      );
    }
    const mismatches = await countBalanceMismatches(tx);
    if (mismatches > 0) {
      throw new Error(`${mismatches} point balances differ from their ledger; nothing was saved`);
    }
    await insertPrivacyPolicyIfMissing(tx, PRIVACY_POLICY_HTML);
    await writeAudit(tx, {
      adminId: null,
      action: 'seed.bulk',
      entity: 'database',
      after: { seed, replace: options.replace === true, ...counts },
    });
  });

  // Outside the transaction (VACUUM cannot run in one): visibility map for index-only scans,
  // and statistics for the planner before the first request.
  await step('vacuum analyze', async () => {
    await vacuumAnalyzeSeededTables(database.db);
  });
  const seconds = (Date.now() - started) / 1000;
  log(`  done in ${seconds.toFixed(0)} s`);
  return { ...counts, seconds };
}
