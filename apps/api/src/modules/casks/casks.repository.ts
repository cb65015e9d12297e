import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { abvNearUntil, todayIso, type CaskAlert } from '@cask/contracts/cask-records';
import {
  BULK_CASK_NOT_DELETED,
  BULK_CASK_NOT_FOUND,
  CASK_IDENTITY_TAKEN_SINCE,
  type Cask,
  type caskListDefinition,
  type CaskListParams,
  type CaskStats,
  type Warehouse,
} from '@cask/contracts/casks';
import { deletedColumn, type BulkAction } from '../../db/bulk.ts';
import type { Actor } from '../../db/audit.ts';
import { runLockedEdit } from '../../db/locked-edit.ts';
import type { ExpectedRecordVersions } from '../../lib/preconditions.ts';
import type { ExportFilters } from '@cask/contracts/lists';
import { isUniqueViolation, type Database, type DbOrTx } from '../../db/client.ts';
import { searchPattern, type ExportSource } from '../../db/csv-export.ts';
import {
  containsPattern,
  createList,
  searchTextSql,
  windowSql,
  type ListWindow,
} from '../../db/list.ts';
import { frozenSql, isoTimeSql, jsonObject, uploadUrlSql } from '../../db/sql-fragments.ts';
import {
  caskAppreciation,
  casks,
  type CaskStatus,
  type NewCask,
  CASK_COUNTERS,
  CASKS_IDENTITY_UNIQUE,
} from '../../db/schema/casks.ts';
import { customers } from '../../db/schema/customers.ts';
import { warehouses } from '../../db/schema/warehouses.ts';
import { nextUpdatedAt, versionSql } from '../../db/versions.ts';

/** The counters the list reads with every page: the stats and the search version. */
const COUNTERS = {
  total: CASK_COUNTERS.total,
  ready: CASK_COUNTERS.status('Ready'),
  maturing: CASK_COUNTERS.status('Maturing'),
  currentValue: CASK_COUNTERS.currentValue,
  gain: CASK_COUNTERS.gain,
  searchVersion: CASK_COUNTERS.searchVersion,
  alertVersion: CASK_COUNTERS.alertSearchVersion,
} as const;

/**
 * The casks a list shows: not deleted (decision 273; every casks index holds only those), with
 * the name, distillery, cask number or location containing the pattern: casks.search_text
 * (decisions 176 and 400), and in the warehouse asked for (casks_warehouse_listing_idx).
 */
function matchingSql(
  pattern: string | undefined,
  alert?: CaskAlertFilter,
  warehouse?: string,
): SQL {
  let where =
    pattern === undefined
      ? sql`deleted_at is null`
      : sql`deleted_at is null and ${searchTextSql(pattern)}`;
  if (warehouse !== undefined) where = sql`${where} and warehouse_id = ${warehouse}::uuid`;
  if (alert === undefined) return where;
  const column = alert.alert === 'regauge-due' ? sql`regauge_due_on` : sql`abv_forty_on`;
  return sql`${where} and ${column} <= ${alert.until}::date`;
}

/** A gauge alert filter (decision 230): the alert's day column on or before `until` (YYYY-MM-DD). */
export interface CaskAlertFilter {
  alert: CaskAlert;
  until: string;
}

/** The last day an alert's column may hold for the cask to show that alert today. */
export function alertUntil(alert: CaskAlert, today = todayIso()): string {
  return alert === 'regauge-due' ? today : abvNearUntil(today);
}

/**
 * The ids of one page of casks, newest first, as SQL for db/list.ts (see
 * lib/page-plan.ts). Only id and created_at: the walk over casks_listing_idx, which carries
 * search_text (migration 0018), stays index-only however many rows a middle page skips or a
 * search passes over, and the page's ten rows are fetched by id afterwards.
 */
export function caskWindowSql(
  window: ListWindow,
  pattern: string | undefined,
  alert?: CaskAlertFilter,
  warehouse?: string,
): SQL {
  return windowSql(
    {
      table: 'casks',
      columns: ['id', 'created_at'],
      where: matchingSql(pattern, alert, warehouse),
    },
    window,
  );
}

export function countCaskMatchesSql(
  pattern: string | undefined,
  alert?: CaskAlertFilter,
  warehouse?: string,
): SQL {
  return sql`select count(*)::int from casks where ${matchingSql(pattern, alert, warehouse)}`;
}

/**
 * The page's casks `w` with their owner, the gain computed from the exact numbers, and the last
 * 24 monthly points of the history, oldest first, for the page's rows only; created_at and id
 * keep their names for the list's order.
 */
const APPRECIATION_POINT = jsonObject<Cask['appreciationData'][number]>({
  month: sql`to_char(h.month, 'YYYY-MM')`,
  value: sql`h.value`,
});
const CASK_ROW_SQL = frozenSql(sql`c.id, c.name, c.distillery, c.year,
  coalesce(c.gauged_volume, c.volume) as volume, coalesce(c.gauged_abv, c.abv) as abv,
  c.volume as filled_volume, c.abv as filled_abv,
  to_char(c.last_gauged_on, 'YYYY-MM-DD') as gauged_on, c.cask_number,
  to_char(c.fill_date, 'YYYY-MM-DD') as fill_date, c.warehouse_id, wh.name as warehouse_name,
  c.location, c.estimated_value,
  c.current_value, c.purchase_price, c.status, c.type, c.notes, c.purchase_date,
  c.image_file_id, o.id as owner_id, o.full_name as owner_name, o.email as owner_email,
  c.current_value - c.purchase_price as gain,
  round((c.current_value - c.purchase_price) * 100 / nullif(c.purchase_price, 0), 2)
    as gain_percentage,
  coalesce((select json_agg(${APPRECIATION_POINT} order by h.month)
    from (select ap.month, ap.value from cask_appreciation ap
      where ap.cask_id = c.id order by ap.month desc limit 24) h), '[]'::json) as appreciation,
  to_char(c.regauge_due_on, 'YYYY-MM-DD') as regauge_due_on,
  to_char(c.abv_forty_on, 'YYYY-MM-DD') as abv_forty_on, c.created_at, c.updated_at`);

/** One page row (CASK_ROW_SQL's columns) as the contract's Cask; money as its exact decimal. */
const CASK_JSON = jsonObject<Cask>({
  id: sql`p.id`,
  name: sql`p.name`,
  distillery: sql`p.distillery`,
  year: sql`p.year`,
  volume: sql`p.volume`,
  abv: sql`p.abv`,
  gaugedOn: sql`p.gauged_on`,
  filledVolume: sql`p.filled_volume`,
  filledAbv: sql`p.filled_abv`,
  caskNumber: sql`p.cask_number`,
  fillDate: sql`p.fill_date`,
  warehouse: sql`case when p.warehouse_id is not null then ${jsonObject<
    NonNullable<Cask['warehouse']>
  >({ id: sql`p.warehouse_id`, name: sql`p.warehouse_name` })} end`,
  location: sql`p.location`,
  estimatedValue: sql`p.estimated_value`,
  currentValue: sql`p.current_value`,
  purchasePrice: sql`p.purchase_price`,
  status: sql`p.status`,
  owner: jsonObject<Cask['owner']>({
    id: sql`p.owner_id`,
    fullName: sql`p.owner_name`,
    email: sql`p.owner_email`,
  }),
  caskImages: uploadUrlSql(sql`p.image_file_id`),
  type: sql`p.type`,
  notes: sql`p.notes`,
  gain: sql`p.gain`,
  gainPercentage: sql`p.gain_percentage`,
  calculatedGain: sql`p.gain`,
  purchaseDate: isoTimeSql(sql`p.purchase_date`),
  appreciationData: sql`p.appreciation`,
  regaugeDueOn: sql`p.regauge_due_on`,
  abvFortyOn: sql`p.abv_forty_on`,
  createdAt: isoTimeSql(sql`p.created_at`),
  updatedAt: isoTimeSql(sql`p.updated_at`),
  version: versionSql(sql`p.updated_at`),
});

function toStats(counter: (name: string) => number): CaskStats {
  const totalCasks = counter(COUNTERS.total);
  const totalValue = counter(COUNTERS.currentValue);
  return {
    totalCasks,
    readyCasks: counter(COUNTERS.ready),
    maturingCasks: counter(COUNTERS.maturing),
    totalValue,
    // Cents, rounded half up from the exact sum (the counters hold it exactly).
    avgValue: totalCasks === 0 ? 0 : Math.round((totalValue / totalCasks) * 100) / 100,
    totalGain: counter(COUNTERS.gain),
  };
}

/** The Cask List's orders (issue 31): the contract's sort names to the casks' columns. */
export const CASK_LIST_SORTS = {
  createdAt: 'created_at',
  name: 'name',
  distillery: 'distillery',
  currentValue: 'current_value',
  status: 'status',
};

/**
 * The cask list (docs/screens/casks.md#api-calls GET /casks) through db/list.ts: the stats from the
 * maintained counters, the exact total (the counter, or a search's count kept while
 * casks.search_version stays), and the page, in one statement.
 */
export function createCaskList(database: Database) {
  const read = createList<Cask>(database, {
    counters: Object.values(COUNTERS),
    sorts: CASK_LIST_SORTS,
    item: CASK_JSON,
  });
  return async (query: CaskListParams) => {
    const { page, limit, search, alert, warehouse } = query;
    const pattern = search === undefined ? undefined : containsPattern(search);
    const until = alert === undefined ? undefined : alertUntil(alert);
    const filter: CaskAlertFilter | undefined =
      alert === undefined || until === undefined ? undefined : { alert, until };
    // An alert or warehouse filter is counted as a search is (db/list.ts): its count is made
    // again when the casks' alert days, search text or warehouses have moved (the search version
    // moves with warehouse_id, decision 400), or the day has (the key holds it).
    const answer = await read({
      page,
      limit,
      sort: query.sort,
      key: `casks:${pattern ?? ''}:${alert ?? ''}:${until ?? ''}:${warehouse ?? ''}`,
      listTotal: (counter) => counter(COUNTERS.total),
      ...(pattern === undefined && alert === undefined && warehouse === undefined
        ? {}
        : {
            search: {
              countSql: () => countCaskMatchesSql(pattern, filter, warehouse),
              versionCounters: [COUNTERS.searchVersion, COUNTERS.alertVersion],
            },
          }),
      pageSql: (window) =>
        sql`select ${CASK_ROW_SQL} from (${caskWindowSql(window, pattern, filter, warehouse)}) w
          join casks c on c.id = w.id join customers o on o.id = c.owner_id
          left join warehouses wh on wh.id = c.warehouse_id`,
    });
    return { ...answer, stats: toStats(answer.counter) };
  };
}

/**
 * What one cask read by id shows (after an add or a change), as the list's CASK_ROW_SQL does:
 * money as exact decimal strings, the gain computed in SQL from the exact numbers, the history the
 * last 24 monthly points, oldest first.
 */
const caskFields = {
  id: casks.id,
  name: casks.name,
  distillery: casks.distillery,
  year: casks.year,
  // The latest gauge, or the cask as filled without one (docs/decisions/305).
  volume: sql<string | null>`coalesce(${casks.gaugedVolume}, ${casks.volume})::text`,
  abv: sql<string | null>`coalesce(${casks.gaugedAbv}, ${casks.abv})::text`,
  gaugedOn: sql<string | null>`to_char(${casks.lastGaugedOn}, 'YYYY-MM-DD')`,
  filledVolume: casks.volume,
  filledAbv: casks.abv,
  caskNumber: casks.caskNumber,
  fillDate: sql<string | null>`to_char(${casks.fillDate}, 'YYYY-MM-DD')`,
  warehouseId: casks.warehouseId,
  warehouseName: warehouses.name,
  location: casks.location,
  estimatedValue: casks.estimatedValue,
  currentValue: casks.currentValue,
  purchasePrice: casks.purchasePrice,
  status: casks.status,
  type: casks.type,
  notes: casks.notes,
  purchaseDate: casks.purchaseDate,
  imageFileId: casks.imageFileId,
  createdAt: casks.createdAt,
  updatedAt: casks.updatedAt,
  regaugeDueOn: sql<string | null>`to_char(${casks.regaugeDueOn}, 'YYYY-MM-DD')`,
  abvFortyOn: sql<string | null>`to_char(${casks.abvFortyOn}, 'YYYY-MM-DD')`,
  ownerId: customers.id,
  ownerName: customers.fullName,
  ownerEmail: customers.email,
  gain: sql<string | null>`(${casks.currentValue} - ${casks.purchasePrice})::text`,
  gainPercentage: sql<string | null>`round((${casks.currentValue} - ${casks.purchasePrice})
    * 100 / nullif(${casks.purchasePrice}, 0), 2)::text`,
  appreciation: sql<{ month: string; value: number }[]>`coalesce((
    select json_agg(json_build_object('month', to_char(p.month, 'YYYY-MM'), 'value', p.value)
                    order by p.month)
    from (select ${caskAppreciation.month} as month, ${caskAppreciation.value} as value
          from ${caskAppreciation} where ${caskAppreciation.caskId} = ${casks.id}
          order by ${caskAppreciation.month} desc limit 24) p), '[]'::json)`,
};

/** The cask as it is shown; none when it is deleted (decision 273) or was never there. */
export async function findCask(db: DbOrTx, id: string) {
  const [row] = await db
    .select(caskFields)
    .from(casks)
    .innerJoin(customers, eq(customers.id, casks.ownerId))
    .leftJoin(warehouses, eq(warehouses.id, casks.warehouseId))
    .where(and(eq(casks.id, id), isNull(casks.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Adds the cask; `identityTaken` when another cask not deleted has its number, distillery and
 * fill year (casks_identity_unique, decision 400). The index decides, so two adds at once cannot
 * both pass a check; the caller's transaction is then over.
 */
export async function insertCask(
  tx: DbOrTx,
  values: NewCask,
  errors: { identityTaken: () => Error },
): Promise<{ id: string }> {
  try {
    const [row] = await tx.insert(casks).values(values).returning({ id: casks.id });
    if (!row) throw new Error('cask insert returned nothing');
    return row;
  } catch (error) {
    if (isUniqueViolation(error, CASKS_IDENTITY_UNIQUE)) throw errors.identityTaken();
    throw error;
  }
}

/**
 * Whether the warehouse exists; its row is share-locked until the add commits, so it cannot go
 * meanwhile.
 */
export async function lockWarehouse(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.id, id))
    .for('key share');
  return rows.length > 0;
}

/** GET /warehouses (issue 44): every warehouse, by name. */
export async function listWarehouses(db: DbOrTx): Promise<Warehouse[]> {
  return db
    .select({ id: warehouses.id, name: warehouses.name, city: warehouses.city })
    .from(warehouses)
    .orderBy(sql`lower(${warehouses.name})`, warehouses.id);
}

/**
 * Locks the cask for a change or removal; what it was, for the audit entry. A deleted cask is
 * not found: nothing changes it until its delete is undone.
 */
export async function lockCask(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: casks.id,
      name: casks.name,
      distillery: casks.distillery,
      status: casks.status,
      notes: casks.notes,
      currentValue: casks.currentValue,
      purchasePrice: casks.purchasePrice,
      ownerId: casks.ownerId,
      imageFileId: casks.imageFileId,
      updatedAt: casks.updatedAt,
    })
    .from(casks)
    .where(and(eq(casks.id, id), isNull(casks.deletedAt)))
    .for('update');
  return row;
}

/**
 * `PUT /casks/{id}/appreciation`'s change (status and notes) as one statement (issue 46, decision
 * 389): the lock, the version, the rule that only an Experience cask stays Experience
 * (`notEditable`, a 400), the change and its audit row. The caller reads the answer.
 */
export async function saveCaskStatusAndNotes(
  db: DbOrTx,
  id: string,
  values: { status: CaskStatus; notes: string | null },
  actor: Actor,
  expected: ExpectedRecordVersions,
  errors: { notFound: () => Error; notEditable: () => Error },
): Promise<void> {
  const fields = { status: sql`${casks.status}`, notes: sql`${casks.notes}` };
  await runLockedEdit(db, {
    table: casks,
    id: casks.id,
    updatedAt: casks.updatedAt,
    where: sql`${casks.id} = ${id} and ${casks.deletedAt} is null`,
    refusals: {
      notEditable:
        values.status === 'Experience' ? sql`${casks.status} <> 'Experience'` : sql`false`,
    },
    set: sql`status = ${values.status}, notes = ${values.notes}`,
    audit: { action: 'cask.updated', entity: 'cask', actor, before: fields, after: fields },
    answer: sql`true`,
    expected,
    notFound: errors.notFound,
    refused: { notEditable: errors.notEditable },
  });
}

/**
 * Hides the cask (decision 273): `deleted_at` set, everything else kept as it was (its image, its
 * value history, its gauges and transfers), so the delete's undo brings it back exactly. The
 * counters and the portfolio's months leave it out through their triggers, in the same
 * transaction.
 */
export async function softDeleteCask(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .update(casks)
    .set({ deletedAt: sql`now()`, updatedAt: nextUpdatedAt(casks.updatedAt) })
    .where(and(eq(casks.id, id), isNull(casks.deletedAt)))
    .returning({ id: casks.id });
  return rows.length > 0;
}

/**
 * `POST /casks/bulk/deleted` (issue 31, decision 273): hides casks as the single delete does
 * (`deleted: true`) or brings them back (`deleted: false`, the undo of a delete), all or none,
 * each audited. A deleted cask keeps its number (decision 400): its undo is refused when a cask
 * added since holds its identity, as a restored customer's e-mail is.
 */
export const caskDeletedBulk: BulkAction<{ deleted: boolean }> = {
  action: (value) => (value.deleted ? 'cask.deleted' : 'cask.restored'),
  entity: 'cask',
  missing: BULK_CASK_NOT_FOUND,
  table: casks,
  id: casks.id,
  ...deletedColumn(casks.deletedAt, casks.updatedAt, {
    notFound: BULK_CASK_NOT_FOUND,
    notDeleted: BULK_CASK_NOT_DELETED,
  }),
  // The identity index covers visible casks only: a newer cask may have taken it, or an earlier
  // row of this very body brings back a cask with the same identity.
  refuseWrite: {
    when: sql`not (change.value->>'deleted')::boolean and ${casks.caskNumber} is not null and (
      exists (select 1 from ${casks} o where o.deleted_at is null and o.id <> ${casks.id}
        and o.cask_number = ${casks.caskNumber} and lower(o.distillery) = lower(${casks.distillery})
        and o.year = ${casks.year})
      or exists (select 1 from change earlier join ${casks} o on o.id = earlier.id
        where earlier.ord < change.ord and not (earlier.value->>'deleted')::boolean
          and o.deleted_at is not null and o.cask_number = ${casks.caskNumber}
          and lower(o.distillery) = lower(${casks.distillery}) and o.year = ${casks.year}))`,
    message: CASK_IDENTITY_TAKEN_SINCE,
    index: CASKS_IDENTITY_UNIQUE,
  },
};

/** The Cask List's WHERE, for its CSV export (modules/exports). */
export const caskListWhereSql = matchingSql;

const iso = isoTimeSql;

/** The Cask List's CSV (issue 29): its columns plus the cask's id, owner, price and times. */
export const casksExport: ExportSource<ExportFilters<typeof caskListDefinition>> = {
  file: 'casks',
  sorts: CASK_LIST_SORTS,
  table: 'casks',
  // The search, the gauge alert filter (issue 30) and the warehouse, as the list reads them today.
  where: (filters) =>
    caskListWhereSql(
      searchPattern(filters.search),
      filters.alert === undefined
        ? undefined
        : { alert: filters.alert, until: alertUntil(filters.alert) },
      filters.warehouse,
    ),
  joins: sql`join casks t on t.id = w.id left join customers o on o.id = t.owner_id
    left join warehouses wh on wh.id = t.warehouse_id`,
  columns: [
    ['ID', sql`t.id::text`],
    ['Cask Name', sql`t.name`],
    ['Cask Number', sql`t.cask_number`],
    ['Distillery', sql`t.distillery`],
    ['Year', sql`t.year::text`],
    ['Fill Date', sql`to_char(t.fill_date, 'YYYY-MM-DD')`],
    // As the screens show them: the latest gauge (of 'Gauged On'), else as filled (decision 305).
    ['Volume (L)', sql`coalesce(t.gauged_volume, t.volume)::text`],
    ['ABV (%)', sql`coalesce(t.gauged_abv, t.abv)::text`],
    ['Gauged On', sql`to_char(t.last_gauged_on, 'YYYY-MM-DD')`],
    ['Filled Volume (L)', sql`t.volume::text`],
    ['Filled ABV (%)', sql`t.abv::text`],
    ['Current Value', sql`t.current_value::text`],
    ['Purchase Price', sql`t.purchase_price::text`],
    ['Status', sql`t.status`],
    ['Owner', sql`o.full_name`],
    ['Owner Email', sql`o.email`],
    ['Warehouse', sql`wh.name`],
    ['Location', sql`t.location`],
    ['Purchase Date', iso(sql`t.purchase_date`)],
    ['Created At', iso(sql`t.created_at`)],
    ['Updated At', iso(sql`t.updated_at`)],
  ],
};
