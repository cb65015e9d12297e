import type { Database } from '../client.ts';
import { writeAudit } from '../audit.ts';
import { PRIVACY_POLICY_HTML } from './catalogue.ts';
import { buildDemoData } from './demo-data.ts';
import { renderDemoImages } from './images.ts';
import { DatabaseNotEmptyError } from './seed-errors.ts';
import {
  clearBusinessData,
  countSeededRows,
  hasNoBusinessData,
  hasNoCustomers,
  insertDemoData,
  insertPrivacyPolicyIfMissing,
  listAdminIds,
  lockSeeding,
  type SeedCounts,
} from './seed.repository.ts';

export const DEFAULT_SEED = 42;

export interface DemoSeedOptions {
  seed?: number;
  /** Replace the business data that is there (customers, casks, offers...) instead of refusing. */
  force?: boolean;
  /** The day the data is laid out from; today (UTC) by default. */
  today?: Date;
  customers?: number;
}

function startOfTodayUtc(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * `npm run seed -- --demo`: realistic, deterministic data for a demonstration, in one
 * transaction (all or nothing). Refuses a database that has customers unless `force`.
 */
export async function seedDemo(
  database: Database,
  options: DemoSeedOptions = {},
): Promise<SeedCounts> {
  if (!options.force && !(await hasNoCustomers(database.db))) throw new DatabaseNotEmptyError();
  const adminIds = await listAdminIds(database.db);
  const data = buildDemoData({
    seed: options.seed ?? DEFAULT_SEED,
    today: options.today ?? startOfTodayUtc(),
    adminIds,
    ...(options.customers === undefined ? {} : { customers: options.customers }),
  });
  const images = await renderDemoImages(data.images);

  await database.db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (options.force) await clearBusinessData(tx);
    else if (!(await hasNoCustomers(tx))) throw new DatabaseNotEmptyError();
    await insertDemoData(tx, data, images);
    await insertPrivacyPolicyIfMissing(tx, PRIVACY_POLICY_HTML);
    await writeAudit(tx, {
      adminId: null,
      action: 'seed.demo',
      entity: 'database',
      after: {
        seed: options.seed ?? DEFAULT_SEED,
        force: options.force === true,
        customers: data.customers.length,
        casks: data.casks.length,
        offers: data.offers.length,
        orders: data.orders.length,
        referrals: data.referrals.length,
        pointTransactions: data.pointTransactions.length,
        notifications: data.notifications.length,
      },
    });
  });
  return countSeededRows(database.db);
}

export interface SeedLog {
  info(message: string): void;
}

/**
 * SEED_DEMO=true (docs/architecture.md#configuration): fill an EMPTY database at start. Anything
 * already there (a customer or an offer) means someone uses this database: it is left alone.
 */
export async function seedDemoIfEmpty(database: Database, log: SeedLog): Promise<void> {
  if (!(await hasNoBusinessData(database.db))) {
    log.info('SEED_DEMO: the database has data already; no demo data added');
    return;
  }
  try {
    const counts = await seedDemo(database);
    log.info(
      `SEED_DEMO: added demo data (${counts.customers} customers, ${counts.casks} casks, ${counts.offers} offers, ${counts.orders} orders)`,
    );
  } catch (error) {
    // Another instance started at the same moment and seeded first: nothing left to do.
    if (error instanceof DatabaseNotEmptyError) {
      log.info('SEED_DEMO: another process added the demo data');
      return;
    }
    throw error;
  }
}
