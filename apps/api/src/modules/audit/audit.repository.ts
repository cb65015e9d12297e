import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_RECORD_TYPES,
  AUDIT_RECORD_TYPE_LABELS,
  type auditListDefinition,
  type AuditAdmin,
  type AuditEntry,
  type AuditFilters,
  type AuditRecordType,
} from '@cask/contracts/audit';
import { sql, type SQL } from 'drizzle-orm';
import type { ExportFilters } from '@cask/contracts/lists';
import type { Database } from '../../db/client.ts';
import { type ExportSource } from '../../db/csv-export.ts';
import { containsPattern, createList, windowSql, type ListRequest } from '../../db/list.ts';
import { isoTimeSql, jsonObject, literal } from '../../db/sql-fragments.ts';

export const AUDIT_TOTAL_COUNTER = 'audit_log.total';

const ENTITY_TYPES = Object.entries(AUDIT_ENTITY_RECORD_TYPES);

/**
 * What a record type of the filter is among the entries: its entities (contracts/audit.ts);
 * points are the `points.*` actions, whatever their entity. The entities are our own names,
 * written in as literals (list.ts `literal`): the statement's shape.
 */
function recordTypeSql(type: AuditRecordType): SQL {
  if (type === 'points') return sql`action like 'points.%'`;
  const entities = ENTITY_TYPES.filter(([, shown]) => shown === type).map(([entity]) => entity);
  return sql`entity in (${sql.join(entities.map(literal), sql`, `)})`;
}

/** An entry's record type, the inverse of recordTypeSql, over the row `r` (also its export). */
export const RECORD_TYPE_OF = sql`case when r.action like 'points.%' then 'points'
  ${sql.join(
    ENTITY_TYPES.map(
      ([entity, type]) => sql`when r.entity = ${literal(entity)} then ${literal(type)}`,
    ),
    sql` `,
  )}
  else r.entity end`;

const UUID = sql`'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;

/**
 * Each record's current name by its entity, for the rows read (a primary-key probe each); CASE
 * runs only the branch it takes, so an id that is no uuid is never cast.
 */
export const RECORD_NAME_SQL = sql`case when r.entity_id !~ ${UUID} then null
  when r.entity = 'customer' then (select x.full_name from customers x where x.id = r.entity_id::uuid)
  when r.entity = 'cask' then (select x.name from casks x where x.id = r.entity_id::uuid)
  when r.entity = 'offer' then (select x.title from offers x where x.id = r.entity_id::uuid)
  when r.entity = 'purchase' then (select x.title from orders x where x.id = r.entity_id::uuid)
  when r.entity = 'referral' then (select x.referral_code from referrals x where x.id = r.entity_id::uuid)
  when r.entity = 'notification' then (select x.title from notifications x where x.id = r.entity_id::uuid)
  when r.entity = 'admin' then (select x.full_name from admins x where x.id = r.entity_id::uuid)
  end`;

/** The records whose name matches `pattern` (containsPattern's result, a value). */
function recordNameMatchesSql(pattern: string): SQL {
  const named = (entity: string, table: string, where: SQL) =>
    sql`(entity = ${literal(entity)} and entity_id in (select id::text from ${sql.identifier(table)} where ${where}))`;
  return sql.join(
    [
      named('customer', 'customers', sql`search_text like lower(${pattern})`),
      named('cask', 'casks', sql`search_text like lower(${pattern})`),
      named('offer', 'offers', sql`title ilike ${pattern}`),
      named('purchase', 'orders', sql`search_text like lower(${pattern})`),
      named('referral', 'referrals', sql`search_text like lower(${pattern})`),
      named('notification', 'notifications', sql`title ilike ${pattern}`),
      named('admin', 'admins', sql`full_name ilike ${pattern} or email ilike ${pattern}`),
    ],
    sql` or `,
  );
}

/**
 * The entries the Audit Log's filters keep, as SQL over `audit_log` (its list, its export and a
 * record's History share it). Every value is a parameter.
 */
export function auditWhereSql(filters: AuditFilters): SQL {
  const parts = [sql`true`];
  if (filters.admin !== undefined) parts.push(sql`admin_id = ${filters.admin}::uuid`);
  if (filters.action !== undefined) parts.push(sql`action = ${filters.action}`);
  if (filters.recordType !== undefined) parts.push(recordTypeSql(filters.recordType));
  if (filters.recordId !== undefined) parts.push(sql`entity_id = ${filters.recordId}`);
  if (filters.from !== undefined) parts.push(sql`created_at >= ${filters.from}::timestamptz`);
  if (filters.to !== undefined) parts.push(sql`created_at < ${filters.to}::timestamptz`);
  if (filters.search !== undefined) {
    const pattern = containsPattern(filters.search);
    parts.push(sql`(entity_id = ${filters.search} or ${recordNameMatchesSql(pattern)})`);
  }
  return sql.join(parts, sql` and `);
}

/** A jsonb column's fields, none when it holds no object. */
const fieldsOf = (column: SQL) =>
  sql`jsonb_each(case when jsonb_typeof(${column}) = 'object' then ${column} else '{}'::jsonb end)`;

/**
 * The records an entry's change names by id (`ownerId`, `customerId`, `createdBy`...: any field
 * holding a uuid), each with its kind and current name, read with the page (a primary-key probe
 * each): the change table shows names with links, not ids (docs/decisions/312). An id of nothing
 * we name (a session, a file) is left out.
 */
export const REFERENCES_SQL = sql`(select coalesce(json_object_agg(i.id, json_build_object('type', n.type, 'name', n.name)), '{}'::json)
  from (select distinct f.value #>> '{}' as id
    from (select value from ${fieldsOf(sql`r.before`)} union all select value from ${fieldsOf(sql`r.after`)}) f
    where jsonb_typeof(f.value) = 'string' and f.value #>> '{}' ~ ${UUID}) i
  cross join lateral (
    select 'customer' as type, x.full_name as name from customers x where x.id = i.id::uuid
    union all select 'cask', x.name from casks x where x.id = i.id::uuid
    union all select 'offer', x.title from offers x where x.id = i.id::uuid
    union all select 'order', x.title from orders x where x.id = i.id::uuid
    union all select 'admin', x.full_name from admins x where x.id = i.id::uuid
    limit 1) n)`;

/** The page's rows with what each entry shows besides its own columns. */
export function auditRowsSql(source: SQL): SQL {
  return sql`select r.id, r.created_at, r.admin_id, r.action, r.entity, r.entity_id, r.ip,
    r.user_agent, r.before, r.after, r.bulk_id, ad.full_name as admin_name, ad.email as admin_email,
    ${RECORD_TYPE_OF} as record_type, ${RECORD_NAME_SQL} as record_name,
    ${REFERENCES_SQL} as refs,
    case when r.bulk_id is null then null else
      (select count(distinct b.entity_id)::int from audit_log b where b.bulk_id = r.bulk_id) end
      as bulk_size
    from (${source}) r left join admins ad on ad.id = r.admin_id`;
}

const AUDIT_ITEM = jsonObject<AuditEntry>({
  id: sql`p.id`,
  time: isoTimeSql(sql`p.created_at`),
  adminId: sql`p.admin_id`,
  admin: sql`case when p.admin_name is null then null else
    ${jsonObject<AuditAdmin>({ id: sql`p.admin_id`, fullName: sql`p.admin_name`, email: sql`p.admin_email` })} end`,
  action: sql`p.action`,
  entity: sql`p.entity`,
  recordType: sql`p.record_type`,
  recordId: sql`p.entity_id`,
  recordName: sql`p.record_name`,
  ip: sql`p.ip`,
  userAgent: sql`p.user_agent`,
  before: sql`p.before`,
  after: sql`p.after`,
  references: sql`p.refs`,
  bulk: sql`case when p.bulk_id is null then null else
    ${jsonObject<NonNullable<AuditEntry['bulk']>>({ id: sql`p.bulk_id`, size: sql`p.bulk_size` })} end`,
});

function hasFilter(filters: AuditFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

/** The Audit Log's one order: newest first. */
export const AUDIT_LIST_SORTS = { createdAt: 'created_at' };

/**
 * The Audit Log (issue 29) through db/list.ts: newest first; the whole log's total is a counter
 * (081_audit_log_counters.sql), a filtered total is counted and kept while no entry is added (the
 * log is append-only, so the total is the version of every filter's count).
 */
export function createAuditList(database: Database) {
  const read = createList<AuditEntry>(database, {
    counters: [AUDIT_TOTAL_COUNTER],
    sorts: AUDIT_LIST_SORTS,
    item: AUDIT_ITEM,
  });
  return (query: { page: number; limit: number } & AuditFilters) => {
    const { page, limit, ...filters } = query;
    const filtered = hasFilter(filters);
    const request: ListRequest = {
      page,
      limit,
      key: `audit:${JSON.stringify(filters)}`,
      listTotal: (counter) => counter(AUDIT_TOTAL_COUNTER),
      ...(filtered
        ? {
            search: {
              countSql: () =>
                sql`select count(*)::int from audit_log where ${auditWhereSql(filters)}`,
              versionCounters: [AUDIT_TOTAL_COUNTER],
            },
          }
        : {}),
      pageSql: (window) =>
        auditRowsSql(
          windowSql({ table: 'audit_log', columns: '*', where: auditWhereSql(filters) }, window),
        ),
    };
    return read(request);
  };
}

/** The Admin filter's choices: admins whose name or e-mail contains the search, by name. */
export async function findAdmins(database: Database, search?: string): Promise<AuditAdmin[]> {
  const where =
    search === undefined
      ? sql`true`
      : sql`full_name ilike ${containsPattern(search)} or email ilike ${containsPattern(search)}`;
  const rows = await database.readRows(
    sql`select id::text, full_name, email from admins where ${where} order by full_name, id limit 20`,
    { prepared: false },
  );
  return rows.map(([id, fullName, email]) => ({
    id: String(id),
    fullName: String(fullName),
    email: String(email),
  }));
}

/** `column`'s value as the Audit Log writes it (issue 41): its label, else the value itself. */
function labelSql(column: SQL, labels: Record<string, string>): SQL {
  const cases = Object.entries(labels).map(
    ([key, label]) => sql`when ${literal(key)} then ${literal(label)}`,
  );
  return sql`case ${column} ${sql.join(cases, sql` `)} else ${column} end`;
}

/**
 * The Audit Log's CSV (issue 29): every entry the filters keep, before and after as JSON; actions
 * and record types by the screen's labels, the action's code beside it for filtering.
 */
export const auditExport: ExportSource<ExportFilters<typeof auditListDefinition>> = {
  file: 'audit-log',
  sorts: AUDIT_LIST_SORTS,
  table: 'audit_log',
  where: (filters) => auditWhereSql(filters),
  joins: sql`join audit_log r on r.id = w.id left join admins ad on ad.id = r.admin_id`,
  columns: [
    ['ID', sql`r.id::text`],
    ['Time', isoTimeSql(sql`r.created_at`)],
    ['Admin', sql`ad.full_name`],
    ['Admin ID', sql`r.admin_id::text`],
    ['Action', labelSql(sql`r.action`, AUDIT_ACTION_LABELS)],
    ['Action Code', sql`r.action`],
    ['Record Type', labelSql(sql`(${RECORD_TYPE_OF})`, AUDIT_RECORD_TYPE_LABELS)],
    ['Record ID', sql`r.entity_id`],
    ['Record', RECORD_NAME_SQL],
    ['Address', sql`r.ip`],
    ['Browser', sql`r.user_agent`],
    ['Before', sql`r.before::text`],
    ['After', sql`r.after::text`],
  ],
};
