import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type DbOrTx } from '../client.ts';
import { admins } from '../schema/admins.ts';
import { casks, caskValuations } from '../schema/casks.ts';
import { customers } from '../schema/customers.ts';
import { files } from '../schema/files.ts';
import { notificationReads, notifications } from '../schema/notifications.ts';
import { offerImages, offers } from '../schema/offers.ts';
import { pointTransactions } from '../schema/point-transactions.ts';
import { orderNotes, orders } from '../schema/orders.ts';
import { referrals } from '../schema/referrals.ts';
import { terms } from '../schema/terms.ts';
import { warehouses } from '../schema/warehouses.ts';
import type { DemoData } from './demo-data.ts';

/** Every table the seeders fill, children after parents (the order inserts need). */
export const SEEDED_TABLES = [
  'customers',
  'warehouses',
  'casks',
  'cask_valuations',
  'cask_appreciation',
  'cask_regauges',
  'cask_transfers',
  'offers',
  'offer_images',
  'orders',
  'order_notes',
  'referrals',
  'point_transactions',
  'notifications',
  'notification_reads',
  'terms',
] as const;
export type SeededTable = (typeof SEEDED_TABLES)[number];

/**
 * What --force empties: the policy text is the club's own writing, not demo data, so it stays.
 * The saved reconciliations go with the casks their findings name (issue 44).
 */
const REPLACED_TABLES = [
  ...SEEDED_TABLES.filter((table) => table !== 'terms'),
  'warehouse_statement_findings',
  'warehouse_statements',
  'warehouse_statement_mappings',
];

/** `a, b, c`: names from our fixed lists, each quoted (docs/decisions/345). */
const tableNames = (tables: readonly string[]) =>
  sql.join(
    tables.map((table) => sql.identifier(table)),
    sql`, `,
  );

/** True when there is not a single customer, hidden ones included. */
export async function hasNoCustomers(db: DbOrTx): Promise<boolean> {
  const result = await db.execute(sql`select not exists (select 1 from customers) as empty`);
  return rowsOf<{ empty: boolean }>(result)[0]?.empty === true;
}

/** "Empty" for SEED_DEMO: no customers and no offers (admins and settings may exist). */
export async function hasNoBusinessData(db: DbOrTx): Promise<boolean> {
  const result = await db.execute(
    sql`select not exists (select 1 from customers) and not exists (select 1 from offers) as empty`,
  );
  return rowsOf<{ empty: boolean }>(result)[0]?.empty === true;
}

export async function listAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: admins.id }).from(admins).orderBy(admins.createdAt, admins.id);
  return rows.map((row) => row.id);
}

/**
 * Empties every seeded table in one statement (the counter and balance triggers of migration
 * 0004 reset themselves on TRUNCATE), and the images only seeded rows pointed at. Admins, their
 * avatars, sessions, the privacy policy and the audit log are kept: --force replaces business data, not accounts.
 */
export async function clearBusinessData(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    create temporary table seeded_files on commit drop as
      select image_file_id as id from offers where image_file_id is not null
      union select file_id from offer_images
      union select image_file_id from casks where image_file_id is not null`);
  await db.execute(sql`truncate table ${tableNames(REPLACED_TABLES)}`);
  await db.execute(sql`delete from files where id in (select id from seeded_files)`);
  await db.execute(sql`drop table seeded_files`);
}

/**
 * One multi-row INSERT per chunk: far fewer round trips than a row each, and well under the
 * 65,535 bind parameters PostgreSQL allows in one statement.
 */
async function insertInChunks<T extends Record<string, unknown>>(
  db: DbOrTx,
  table: PgTable,
  rows: readonly T[],
  chunkSize = 500,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) {
    // drizzle's insert typing cannot follow a table passed as a value; the rows come typed from
    // demo-data.ts against the same schema.
    await db.insert(table).values(rows.slice(start, start + chunkSize) as never);
  }
}

/** Every row of the demo data set, parents before children, in the caller's transaction. */
export async function insertDemoData(
  tx: DbOrTx,
  data: DemoData,
  images: readonly (typeof files.$inferInsert)[],
): Promise<void> {
  await insertInChunks(tx, customers, data.customers);
  await insertInChunks(tx, files, images, 20);
  await insertInChunks(tx, warehouses, data.warehouses);
  await insertInChunks(tx, casks, data.casks);
  // The valuations; the trigger of src/db/sql/050 writes each month's point of the value history
  // from them (decision 396).
  await insertInChunks(tx, caskValuations, data.caskValuations);
  await insertInChunks(tx, offers, data.offers);
  await insertInChunks(tx, offerImages, data.offerImages);
  // In time order: each order's reference (ORD-00123) is numbered as it is inserted (issue 41).
  const byTime = (order: (typeof data.orders)[number]) => order.createdAt?.getTime() ?? 0;
  await insertInChunks(
    tx,
    orders,
    [...data.orders].sort((a, b) => byTime(a) - byTime(b)),
  );
  await insertInChunks(tx, orderNotes, data.orderNotes);
  await insertInChunks(tx, referrals, data.referrals);
  // In time order, so the balance (kept by the ledger trigger) is never below zero on the way.
  await insertInChunks(tx, pointTransactions, data.pointTransactions);
  await insertInChunks(tx, notifications, data.notifications);
  await insertInChunks(tx, notificationReads, data.notificationReads);
  await insertGaugeHistory(tx, data.today);
}

/** VACUUM cannot run in a transaction: after a bulk seed, for index-only scans and the planner. */
export async function vacuumAnalyzeSeededTables(db: DbOrTx): Promise<void> {
  await db.execute(sql`vacuum analyze ${tableNames([...SEEDED_TABLES, 'counters'])}`);
}

/** Serialises seeders across processes (two API instances starting with SEED_DEMO=true). */
export async function lockSeeding(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('cask-admin:seed'))`);
}

export async function countRows(db: DbOrTx, table: SeededTable): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from ${sql.identifier(table)}`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

export type SeedCounts = Record<SeededTable, number>;

export async function countSeededRows(db: DbOrTx): Promise<SeedCounts> {
  const counts = {} as SeedCounts;
  for (const table of SEEDED_TABLES) counts[table] = await countRows(db, table);
  return counts;
}

export interface DroppedIndex {
  name: string;
  definition: string;
}

/**
 * The secondary indexes of the given tables (not the primary keys or other constraint indexes):
 * a bulk load drops them, loads, and builds each once, far faster than growing a trigram GIN
 * index a row at a time. Definitions come from the catalogue, so they follow the migrations.
 */
export async function dropSecondaryIndexes(
  db: DbOrTx,
  tables: readonly string[],
): Promise<DroppedIndex[]> {
  const result = await db.execute(sql`
    select ci.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class ci on ci.oid = i.indexrelid
    join pg_class ct on ct.oid = i.indrelid
    where ct.relnamespace = 'public'::regnamespace
      and ct.relname in (${sql.join(
        tables.map((table) => sql`${table}`),
        sql`, `,
      )})
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by ci.relname`);
  const indexes = rowsOf<DroppedIndex>(result);
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  return indexes;
}

/** Builds an index dropped by dropSecondaryIndexes again, from the catalogue's own definition. */
export async function createIndex(db: DbOrTx, index: DroppedIndex): Promise<void> {
  // The text PostgreSQL wrote (pg_get_indexdef), run as it is (docs/decisions/345).
  // eslint-disable-next-line no-restricted-syntax -- the catalogue's own definition
  await db.execute(sql.raw(index.definition));
}

export async function executeStatement(db: DbOrTx, statement: SQL): Promise<void> {
  await db.execute(statement);
}

/** SET LOCAL maintenance_work_mem: how much an index build may sort in memory, until commit. */
export async function setMaintenanceWorkMem(db: DbOrTx, size: string): Promise<void> {
  await db.execute(sql`select set_config('maintenance_work_mem', ${size}, true)`);
}

/** Turns a trigger of ours off for a bulk load, or on again after it. */
export async function setTriggerEnabled(
  db: DbOrTx,
  table: string,
  trigger: string,
  enabled: boolean,
): Promise<void> {
  const state = enabled ? sql`enable` : sql`disable`;
  await db.execute(
    sql`alter table ${sql.identifier(table)} ${state} trigger ${sql.identifier(trigger)}`,
  );
}

/** Customers whose stored balance differs from the sum of their ledger: must be none. */
export async function countBalanceMismatches(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as count
    from customers c
    left join (select customer_id, sum(points) as total from point_transactions group by customer_id) l
      on l.customer_id = c.id
    where c.points_balance <> coalesce(l.total, 0)`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

export async function insertPrivacyPolicyIfMissing(db: DbOrTx, content: string): Promise<void> {
  if ((await countRows(db, 'terms')) === 0) {
    await db.insert(terms).values({ type: 'privacy', content });
  }
}

/**
 * A plausible gauge history for every cask of the seeds (issue 30, decision 230), from the
 * figures it was added with: the fill gauge (its volume and ABV) early in its year, then one every
 * 3 years, losing about 2% of the liquid a year and 0.1 to 0.4 points of ABV (never below 30%).
 * Three casks in four were also gauged in the last 30 to 330 days; the others last more than 3
 * years ago, so 'Regauge due' has casks to show, and the slow-falling old casks of low strength
 * near 40%. Then one cask in 30 came from another customer (a transfer on its purchase day), and
 * the alert days are written for all. Pseudo-random from each cask's id: the same casks, the
 * same history. `today` is an SQL date expression.
 */
export function gaugeHistoryStatements(today: SQL): SQL[] {
  const hash = (salt: string) => sql`(hashtext(c.id::text || ${salt}) & 2147483647)`;
  return [
    sql`insert into cask_regauges (cask_id, gauged_on, bulk_litres, abv)
     select c.id, d.day,
            round(c.volume * power(0.98, (d.day - c.fill) / 365.25), 3),
            round(greatest(c.abv - c.rate * (d.day - c.fill) / 365.25, 30), 2)
     from (
       select c.id, c.volume, c.abv, make_date(c.year, 1, 1) + (${hash('fill')} % 90)::int as fill,
              0.1 + (${hash('rate')} % 31) / 100.0 as rate,
              ${hash('due')} % 100 >= 25 as recent,
              ${today} - case when ${hash('due')} % 100 >= 25 then 30 + ${hash('last')} % 300
                              else 1100 + ${hash('last')} % 400 end as cutoff
       from casks c
       where c.type = 'cask' and c.year is not null and c.volume is not null and c.abv is not null
     ) c
     cross join lateral (
       select (c.fill + make_interval(years => 3 * k))::date as day
       from generate_series(0, 80) as k
       where c.fill + make_interval(years => 3 * k) <= c.cutoff - case when c.recent then 180 else 0 end
       union
       select c.cutoff where c.recent
     ) d
     where c.cutoff >= c.fill`,
    sql`insert into cask_transfers (cask_id, from_customer_id, to_customer_id, transferred_on, price, note)
     select t.id, t.previous_owner, t.owner_id, t.purchase_date::date, t.purchase_price,
            'Delivery order endorsed by the new owner'
     from (
       select c.id, c.owner_id, c.purchase_date, c.purchase_price,
              lag(c.owner_id) over (order by c.id) as previous_owner
       from casks c where ${hash('transfer')} % 30 = 0
     ) t
     where t.previous_owner is not null and t.previous_owner <> t.owner_id`,
    sql`select cask_refresh_gauge_alerts(null)`,
    // The dashboard's 'Portfolio value' from the value histories just written (decision 233):
    // the trigger on casks dated every cask's whole value to this month.
    sql`select rebuild_portfolio_value()`,
  ];
}

/** The demo seed's gauge histories and transfers (gaugeHistoryStatements), as of `today`. */
export async function insertGaugeHistory(tx: DbOrTx, today: Date): Promise<void> {
  const day = sql`${today.toISOString().slice(0, 10)}::date`;
  for (const statement of gaugeHistoryStatements(day)) await tx.execute(statement);
}
