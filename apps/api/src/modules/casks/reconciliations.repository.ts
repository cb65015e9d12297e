import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  ANGELS_SHARE_PER_YEAR,
  FINDING_KINDS,
  FINDINGS_SHOWN_MAX,
  RLA_TOLERANCE_LITRES,
  type Finding,
  type FindingCounts,
  type FindingKind,
  type FindingResolution,
  type OurSide,
  type ReconciliationWarehouse,
  type StatementColumns,
  type StatementDateOrder,
  type StatementSide,
  type StatementSummary,
} from '@cask/contracts/reconciliations';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client.ts';
import { casks } from '../../db/schema/casks.ts';
import {
  warehouseStatementFindings as findings,
  warehouseStatementMappings as mappings,
  warehouseStatements as statements,
} from '../../db/schema/warehouse-statements.ts';
import { warehouses } from '../../db/schema/warehouses.ts';
import { isoTimeSql as iso, jsonObject } from '../../db/sql-fragments.ts';
import { nextUpdatedAt } from '../../db/versions.ts';

/** A statement's row as the comparison takes it: dates ISO, numbers as decimal text. */
export interface StatementRow {
  line: number;
  number: string;
  distillery: string;
  fillDate: string;
  location: string | null;
  bulkLitres: string | null;
  abv: string | null;
  gaugedOn: string | null;
}

const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;
/** A place compared regardless of case and of runs of spaces: 'Rack 3 Bay 2' = 'rack 3  bay 2'. */
const place = (column: SQL) => sql`lower(regexp_replace(trim(${column}), '\s+', ' ', 'g'))`;

/** The statement's side of a finding, from the row `s` of the `s` CTE (null when none). */
const statementJson = jsonObject<StatementSide>({
  line: sql`s.line`,
  number: sql`s.number`,
  distillery: sql`s.distillery`,
  fillDate: day(sql`s.fill_date`),
  location: sql`s.location`,
  bulkLitres: sql`s.bulk_litres::text`,
  abv: sql`s.abv::text`,
  gaugedOn: day(sql`s.gauged_on`),
  rla: sql`s.rla::text`,
});

/** Our side of a finding, from the row `o` of the `ours` CTE. */
const oursJson = jsonObject<OurSide>({
  caskId: sql`o.id`,
  name: sql`o.name`,
  number: sql`o.cask_number`,
  distillery: sql`o.distillery`,
  fillDate: day(sql`o.fill_date`),
  warehouse: sql`o.warehouse`,
  location: sql`o.location`,
  bulkLitres: sql`o.bulk_litres::text`,
  abv: sql`o.abv::text`,
  gaugedOn: day(sql`o.last_gauged_on`),
  rla: sql`o.rla::text`,
});

/**
 * A finding's two sides as json, for the rows of `f` joined to `s` by line and to `ours` by cask:
 * built only for the findings that are shown or saved, never carried through the comparison.
 */
const SIDES_JOIN = sql`left join s on s.line = f.line left join ours o on o.id = f.cask_id`;
const sidesOf = {
  statement: sql`case when s.line is null then null else ${statementJson} end`,
  ours: sql`case when o.id is null then null else ${oursJson} end`,
};

/** Rows of the statement sent to the database at a time (one jsonb parameter each). */
export const STATEMENT_ROWS_PER_INSERT = 1000;

/**
 * The transaction's table of the statement's rows (`statement_rows`, temporary: dropped at the
 * transaction's end), which the comparison reads: the rows go in a batch at a time as the file
 * is read (decision 429), never all at once.
 */
export async function createStatementRows(tx: Tx): Promise<void> {
  await tx.execute(sql`
    create temporary table statement_rows (line int not null, number text not null,
      distillery text not null, fill_date date not null, location text, bulk_litres numeric,
      abv numeric, gauged_on date) on commit drop`);
}

/** A batch of the statement's rows into `statement_rows`, as one jsonb parameter. */
export async function insertStatementRows(tx: Tx, rows: readonly StatementRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into statement_rows
    -- The rows' keys are StatementRow's (camelCase), quoted as such.
    select x.line, x.number, x.distillery, x."fillDate", nullif(x.location, ''), x."bulkLitres",
      x.abv, x."gaugedOn"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(line int, number text,
      distillery text, "fillDate" date, location text, "bulkLitres" numeric, abv numeric,
      "gaugedOn" date)`);
}

/** The planner's statistics of `statement_rows`, once it is filled (a temporary table has none). */
export async function analyzeStatementRows(tx: Tx): Promise<void> {
  await tx.execute(sql`analyze statement_rows`);
}

/**
 * The findings of a statement of warehouse `warehouseId` (decision 408), in one statement over all
 * its rows, read from the transaction's `statement_rows` (no query per row): the CTEs `s` (the
 * rows), `ours` (our casks), `m` (each row's match) and `f` (the findings: kind, cask_id, line,
 * sort_key): each row is matched to our cask by
 * its identity (number, distillery regardless of case, fill year; decision 400), among all our
 * casks not deleted, whatever warehouse we hold them in. Its columns are those of
 * `warehouse_statement_findings` (kind, cask_id, line, statement, ours, sort_key):
 *
 * - `missing`: a cask we hold in this warehouse that no row names;
 * - `unknown`: a row that names no cask of ours;
 * - `location`: a row whose cask we hold in another warehouse, or in another place in this one
 *   (when the statement gives one);
 * - `gauge`: a row whose litres of pure alcohol differ from our latest gauge's (or filling's)
 *   beyond what the angel's share explains between the two days: the later of the two must hold
 *   no more alcohol than the earlier (plus rounding), and no less than the earlier less 2% a year
 *   (docs/domain.md#angels-share);
 * - `matched`: a row whose cask is ours, in this warehouse and place, with a gauge that agrees.
 *
 * A cask can be both a location and a gauge finding.
 */
export function findingsSql(warehouseId: string): SQL {
  const keep = 1 - ANGELS_SHARE_PER_YEAR;
  return sql`
    s as (
      select line, number, distillery, fill_date, location, bulk_litres, abv, gauged_on,
        round(bulk_litres * abv / 100, 3) as rla
      from statement_rows
    ),
    ours as materialized (
      select c.id, c.name, c.cask_number, c.distillery, c.fill_date, c.year, c.warehouse_id,
        w.name as warehouse, c.location,
        coalesce(c.gauged_volume, c.volume) as bulk_litres, coalesce(c.gauged_abv, c.abv) as abv,
        c.last_gauged_on,
        -- The day our figures are of: the latest gauge's, else the filling's.
        coalesce(c.last_gauged_on, c.fill_date, make_date(c.year, 1, 1)) as figures_on,
        round(coalesce(c.gauged_volume, c.volume) * coalesce(c.gauged_abv, c.abv) / 100, 3) as rla
      from casks c left join warehouses w on w.id = c.warehouse_id
      where c.deleted_at is null
    ),
    m as materialized (
      select s.line, o.id as cask_id,
        o.id is not null and (o.warehouse_id is distinct from ${warehouseId}::uuid
          or (s.location is not null and ${place(sql`s.location`)}
            is distinct from ${place(sql`o.location`)})) as location_differs,
        o.id is not null and s.rla is not null and o.rla is not null and (
          case when s.gauged_on is null or s.gauged_on >= o.figures_on
            then s.rla > o.rla + ${RLA_TOLERANCE_LITRES}
              or s.rla < o.rla * power(${keep}::numeric,
                (coalesce(s.gauged_on, o.figures_on) - o.figures_on) / 365.25) - ${RLA_TOLERANCE_LITRES}
            else o.rla > s.rla + ${RLA_TOLERANCE_LITRES}
              or o.rla < s.rla * power(${keep}::numeric,
                (o.figures_on - s.gauged_on) / 365.25) - ${RLA_TOLERANCE_LITRES}
          end) as gauge_differs
      from s left join ours o
        on o.cask_number = s.number and lower(o.distillery) = lower(s.distillery)
        and o.year = extract(year from s.fill_date)::int
    ),
    f as materialized (
      select 'unknown' as kind, null::uuid as cask_id, line, lpad(line::text, 10, '0') as sort_key
      from m where cask_id is null
      union all
      select 'location', cask_id, line, lpad(line::text, 10, '0') from m where location_differs
      union all
      select 'gauge', cask_id, line, lpad(line::text, 10, '0') from m where gauge_differs
      union all
      select 'matched', cask_id, line, lpad(line::text, 10, '0')
      from m where cask_id is not null and not location_differs and not gauge_differs
      union all
      select 'missing', o.id, null, coalesce(o.cask_number, '') || ' ' || o.id
      from ours o
      where o.warehouse_id = ${warehouseId}::uuid
        and not exists (select 1 from m where m.cask_id = o.id)
    )`;
}

const KINDS = sql`(values ${sql.join(
  FINDING_KINDS.map((kind, index) => sql`(${kind}, ${index})`),
  sql`, `,
)}) as k(kind, position)`;

/**
 * A preview (nothing saved): the counts of each kind and at most FINDINGS_SHOWN_MAX findings of
 * each, in one statement.
 */
export async function previewFindings(
  tx: Tx,
  warehouseId: string,
): Promise<{ counts: FindingCounts; findings: Finding[] }> {
  const item = jsonObject<Finding>({
    id: sql`null::uuid`,
    kind: sql`f.kind`,
    statement: sidesOf.statement,
    ours: sidesOf.ours,
    resolved: sql`null::json`,
  });
  const result = await tx.execute(sql`
    with ${findingsSql(warehouseId)},
    counted as (select kind, count(*)::int as n from f group by kind),
    shown as (
      select * from (
        select f.*, row_number() over (partition by f.kind order by f.sort_key) as n from f
      ) ranked where n <= ${FINDINGS_SHOWN_MAX}
    )
    select
      (select json_object_agg(k.kind, json_build_object(
          'total', coalesce(c.n, 0), 'open', case when k.kind = 'matched' then 0 else coalesce(c.n, 0) end))
        from ${KINDS} left join counted c on c.kind = k.kind) as counts,
      (select coalesce(json_agg(${item} order by k.position, f.sort_key), '[]'::json)
        from shown f join ${KINDS} on k.kind = f.kind ${SIDES_JOIN}) as findings`);
  const [row] = rowsOf<{ counts: FindingCounts; findings: Finding[] }>(result);
  if (!row) throw new Error('preview answered nothing');
  return row;
}

/**
 * Saves a statement and its findings (decision 408): the comparison and both inserts in one
 * statement, so the report is exactly what the comparison found at that moment. Answers the
 * statement's id.
 */
export async function saveStatement(
  tx: Tx,
  values: {
    warehouseId: string;
    fileName: string | null;
    fileHash: string;
    adminId: string;
    rows: number;
  },
): Promise<{ id: string; counts: Record<FindingKind, number> }> {
  const count = (kind: FindingKind) => sql`count(*) filter (where f.kind = ${kind})::int`;
  const result = await tx.execute(sql`
    with ${findingsSql(values.warehouseId)},
    st as (
      insert into warehouse_statements (warehouse_id, file_name, file_hash, row_count,
        missing_count, unknown_count, location_count, gauge_count, matched_count, admin_id)
      select ${values.warehouseId}::uuid, ${values.fileName}, ${values.fileHash},
        ${values.rows}, ${count('missing')}, ${count('unknown')}, ${count('location')},
        ${count('gauge')}, ${count('matched')}, ${values.adminId}::uuid
      from f
      returning id, missing_count, unknown_count, location_count, gauge_count, matched_count
    ),
    saved as (
      insert into warehouse_statement_findings (statement_id, kind, cask_id, line, statement,
        ours, sort_key)
      select st.id, f.kind, f.cask_id, f.line, (${sidesOf.statement})::jsonb,
        (${sidesOf.ours})::jsonb, f.sort_key
      from f cross join st ${SIDES_JOIN}
      returning 1
    )
    select st.id, json_build_object('missing', st.missing_count, 'unknown', st.unknown_count,
      'location', st.location_count, 'gauge', st.gauge_count, 'matched', st.matched_count) as counts,
      (select count(*) from saved)::int as saved
    from st`);
  const [row] = rowsOf<{ id: string; counts: Record<FindingKind, number> }>(result);
  if (!row) throw new Error('statement insert returned nothing');
  return { id: row.id, counts: row.counts };
}

/** Remembers the warehouse's columns and date order for its next statement (decision 409). */
export async function rememberColumns(
  tx: DbOrTx,
  values: {
    warehouseId: string;
    columns: StatementColumns;
    dateOrder: StatementDateOrder;
    adminId: string;
  },
): Promise<void> {
  await tx
    .insert(mappings)
    .values({ ...values, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: mappings.warehouseId,
      set: {
        columns: values.columns,
        dateOrder: values.dateOrder,
        adminId: values.adminId,
        updatedAt: sql`now()`,
      },
    });
}

export async function findWarehouse(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.id, id));
  return row ?? null;
}

export async function listWarehouses(db: DbOrTx): Promise<ReconciliationWarehouse[]> {
  const rows = await db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      city: warehouses.city,
      columns: mappings.columns,
      dateOrder: mappings.dateOrder,
    })
    .from(warehouses)
    .leftJoin(mappings, eq(mappings.warehouseId, warehouses.id))
    .orderBy(warehouses.name);
  return rows;
}

/** The counts of a saved statement's findings, each kind's total and those still open. */
const countsSql = (statementId: SQL) => sql`(select json_object_agg(k.kind, json_build_object(
    'total', coalesce(c.total, 0), 'open', coalesce(c.open, 0)))
  from ${KINDS} left join (
    select kind, count(*)::int as total, (count(*) filter (where resolution is null
      and kind <> 'matched'))::int as open
    from warehouse_statement_findings where statement_id = ${statementId} group by kind
  ) c on c.kind = k.kind)`;

const summaryItem = jsonObject<StatementSummary>({
  id: sql`st.id`,
  warehouse: sql`json_build_object('id', w.id, 'name', w.name)`,
  fileName: sql`st.file_name`,
  fileHash: sql`st.file_hash`,
  rows: sql`st.row_count`,
  admin: sql`a.full_name`,
  createdAt: iso(sql`st.created_at`),
  counts: countsSql(sql`st.id`),
});

/** The latest 20 saved statements, newest first. */
export async function listStatements(db: DbOrTx): Promise<StatementSummary[]> {
  const result = await db.execute(sql`
    select ${summaryItem} as item
    from (select * from warehouse_statements order by created_at desc, id desc limit 20) st
    join warehouses w on w.id = st.warehouse_id
    left join admins a on a.id = st.admin_id
    order by st.created_at desc, st.id desc`);
  return rowsOf<{ item: StatementSummary }>(result).map((row) => row.item);
}

/** A saved statement with its report: each kind's findings, open ones first, at most 500 each. */
export async function readStatement(
  db: DbOrTx,
  id: string,
): Promise<(StatementSummary & { findings: Finding[] }) | null> {
  const item = jsonObject<Finding>({
    id: sql`f.id`,
    kind: sql`f.kind`,
    statement: sql`f.statement`,
    ours: sql`f.ours`,
    resolved: sql`case when f.resolution is null then null else json_build_object(
      'resolution', f.resolution, 'note', f.resolution_note, 'admin', r.full_name,
      'resolvedAt', ${iso(sql`f.resolved_at`)}) end`,
  });
  const result = await db.execute(sql`
    select ${summaryItem} as summary,
      (select coalesce(json_agg(x.item order by x.position, x.resolved, x.sort_key), '[]'::json)
       from ${KINDS} cross join lateral (
         select ${item} as item, k.position, f.resolution is not null as resolved, f.sort_key
         from warehouse_statement_findings f left join admins r on r.id = f.resolved_by
         where f.statement_id = st.id and f.kind = k.kind
         order by f.resolution is not null, f.sort_key, f.id
         limit ${FINDINGS_SHOWN_MAX}) x) as findings
    from warehouse_statements st
    join warehouses w on w.id = st.warehouse_id
    left join admins a on a.id = st.admin_id
    where st.id = ${id}::uuid`);
  const [row] = rowsOf<{ summary: StatementSummary; findings: Finding[] }>(result);
  return row ? { ...row.summary, findings: row.findings } : null;
}

/** A finding, locked for its resolution, with its statement's warehouse. */
export async function lockFinding(tx: DbOrTx, statementId: string, findingId: string) {
  const [row] = await tx
    .select({
      id: findings.id,
      kind: findings.kind,
      caskId: findings.caskId,
      statement: findings.statement,
      resolution: findings.resolution,
      warehouseId: statements.warehouseId,
    })
    .from(findings)
    .innerJoin(statements, eq(statements.id, findings.statementId))
    .where(and(eq(findings.id, findingId), eq(findings.statementId, statementId)))
    .for('update', { of: findings });
  return row ?? null;
}

export async function markResolved(
  tx: DbOrTx,
  values: {
    findingId: string;
    resolution: FindingResolution;
    note: string | null;
    adminId: string;
  },
): Promise<void> {
  await tx
    .update(findings)
    .set({
      resolution: values.resolution,
      resolutionNote: values.note,
      resolvedBy: values.adminId,
      resolvedAt: sql`now()`,
    })
    .where(eq(findings.id, values.findingId));
}

/** The cask's warehouse and place, for the audit row of an accepted location. */
export async function caskPlace(tx: DbOrTx, caskId: string) {
  const [row] = await tx
    .select({ warehouseId: casks.warehouseId, location: casks.location })
    .from(casks)
    .where(eq(casks.id, caskId));
  return row ?? null;
}

/** Moves the cask to the warehouse and place the statement gives; its version moves. */
export async function moveCask(
  tx: DbOrTx,
  values: { caskId: string; warehouseId: string; location: string | null },
): Promise<void> {
  await tx
    .update(casks)
    .set({
      warehouseId: values.warehouseId,
      location: values.location,
      updatedAt: nextUpdatedAt(casks.updatedAt),
    })
    .where(eq(casks.id, values.caskId));
}

/** A cask as the demo statement writes it: our figures and the day they are of. */
export interface DemoStatementCask {
  number: string;
  distillery: string;
  fillDate: string;
  location: string | null;
  bulkLitres: string;
  abv: string;
  gaugedOn: string;
}

/**
 * The warehouse holding the most casks with a number (the demo's, docs/screens/reconciliations.md),
 * and those casks in number order, for the demo statement.
 */
export async function demoStatementCasks(
  db: DbOrTx,
): Promise<{ warehouse: { id: string; name: string }; casks: DemoStatementCask[] } | null> {
  const result = await db.execute(sql`
    with w as (
      select w.id, w.name from warehouses w
      join casks c on c.warehouse_id = w.id and c.deleted_at is null and c.cask_number is not null
      group by w.id, w.name order by count(*) desc, w.name limit 1
    )
    select json_build_object('id', w.id, 'name', w.name) as warehouse, coalesce(json_agg(${jsonObject<DemoStatementCask>(
      {
        number: sql`c.cask_number`,
        distillery: sql`c.distillery`,
        fillDate: day(sql`coalesce(c.fill_date, make_date(c.year, 1, 1))`),
        location: sql`c.location`,
        bulkLitres: sql`coalesce(c.gauged_volume, c.volume)::text`,
        abv: sql`coalesce(c.gauged_abv, c.abv)::text`,
        gaugedOn: day(sql`coalesce(c.last_gauged_on, c.fill_date, make_date(c.year, 1, 1))`),
      },
    )} order by c.cask_number, c.id), '[]'::json) as casks
    from w join casks c on c.warehouse_id = w.id
    where c.deleted_at is null and c.cask_number is not null and c.year is not null
      and c.distillery is not null and c.volume is not null and c.abv is not null
    group by w.id, w.name`);
  const [row] = rowsOf<{ warehouse: { id: string; name: string }; casks: DemoStatementCask[] }>(
    result,
  );
  return row ?? null;
}
