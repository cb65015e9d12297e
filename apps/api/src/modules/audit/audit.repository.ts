import {
  AUDIT_ENTITY_RECORD_TYPES,
  type AuditAdmin,
  type AuditEntry,
  type AuditFilters,
  type AuditRecordType,
} from '@cask/contracts/audit';
import type { Database } from '../../db/client.ts';
import {
  containsPattern,
  createList,
  isoTimeSql,
  windowSql,
  type ListRequest,
  type StatementValues,
} from '../../db/legacy-list.ts';

export const AUDIT_TOTAL_COUNTER = 'audit_log.total';

const ENTITY_TYPES = Object.entries(AUDIT_ENTITY_RECORD_TYPES);

/**
 * What a record type of the filter is among the entries: its entities (contracts/audit.ts);
 * points are the `points.*` actions, whatever their entity.
 */
function recordTypeSql(type: AuditRecordType): string {
  if (type === 'points') return "action like 'points.%'";
  const entities = ENTITY_TYPES.filter(([, shown]) => shown === type).map(([entity]) => entity);
  return `entity in (${entities.map((entity) => `'${entity}'`).join(', ')})`;
}

/** An entry's record type, the inverse of recordTypeSql, over the row `r` (also its export). */
export const RECORD_TYPE_OF = `case when r.action like 'points.%' then 'points'
  ${ENTITY_TYPES.map(([entity, type]) => `when r.entity = '${entity}' then '${type}'`).join(' ')}
  else r.entity end`;

const UUID = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;

/**
 * Each record's current name by its entity, for the rows read (a primary-key probe each); CASE
 * runs only the branch it takes, so an id that is no uuid is never cast.
 */
export const RECORD_NAME_SQL = `case when r.entity_id !~ ${UUID} then null
  when r.entity = 'customer' then (select x.full_name from customers x where x.id = r.entity_id::uuid)
  when r.entity = 'cask' then (select x.name from casks x where x.id = r.entity_id::uuid)
  when r.entity = 'offer' then (select x.title from offers x where x.id = r.entity_id::uuid)
  when r.entity = 'purchase' then (select x.title from purchases x where x.id = r.entity_id::uuid)
  when r.entity = 'referral' then (select x.referral_code from referrals x where x.id = r.entity_id::uuid)
  when r.entity = 'notification' then (select x.title from notifications x where x.id = r.entity_id::uuid)
  when r.entity = 'admin' then (select x.full_name from admins x where x.id = r.entity_id::uuid)
  end`;

/** The records whose name matches `pattern` (a placeholder of containsPattern's result). */
function recordNameMatchesSql(pattern: string): string {
  const named = (entity: string, table: string, where: string) =>
    `(entity = '${entity}' and entity_id in (select id::text from ${table} where ${where}))`;
  return [
    named('customer', 'customers', `search_text like lower(${pattern})`),
    named('cask', 'casks', `search_text like lower(${pattern})`),
    named('offer', 'offers', `title ilike ${pattern}`),
    named('purchase', 'purchases', `search_text like lower(${pattern})`),
    named('referral', 'referrals', `search_text like lower(${pattern})`),
    named('notification', 'notifications', `title ilike ${pattern}`),
    named('admin', 'admins', `full_name ilike ${pattern} or email ilike ${pattern}`),
  ].join(' or ');
}

/**
 * The entries the Audit Log's filters keep, as SQL over `audit_log` (its list, its export and a
 * record's History share it). Every value is a placeholder.
 */
export function auditWhereSql(filters: AuditFilters, values: StatementValues): string {
  const parts = ['true'];
  if (filters.admin !== undefined) parts.push(`admin_id = ${values.add(filters.admin)}::uuid`);
  if (filters.action !== undefined) parts.push(`action = ${values.add(filters.action)}`);
  if (filters.recordType !== undefined) parts.push(recordTypeSql(filters.recordType));
  if (filters.recordId !== undefined) parts.push(`entity_id = ${values.add(filters.recordId)}`);
  if (filters.from !== undefined)
    parts.push(`created_at >= ${values.add(filters.from)}::timestamptz`);
  if (filters.to !== undefined) parts.push(`created_at < ${values.add(filters.to)}::timestamptz`);
  if (filters.search !== undefined) {
    const term = values.add(filters.search);
    const pattern = values.add(containsPattern(filters.search));
    parts.push(`(entity_id = ${term} or ${recordNameMatchesSql(pattern)})`);
  }
  return parts.join(' and ');
}

/** A jsonb column's fields, none when it holds no object. */
const fieldsOf = (column: string) =>
  `jsonb_each(case when jsonb_typeof(${column}) = 'object' then ${column} else '{}'::jsonb end)`;

/**
 * The records an entry's change names by id (`ownerId`, `customerId`, `createdBy`...: any field
 * holding a uuid), each with its kind and current name, read with the page (a primary-key probe
 * each): the change table shows names with links, not ids (docs/decisions/312). An id of nothing
 * we name (a session, a file) is left out.
 */
export const REFERENCES_SQL = `(select coalesce(json_object_agg(i.id, json_build_object('type', n.type, 'name', n.name)), '{}'::json)
  from (select distinct f.value #>> '{}' as id
    from (select value from ${fieldsOf('r.before')} union all select value from ${fieldsOf('r.after')}) f
    where jsonb_typeof(f.value) = 'string' and f.value #>> '{}' ~ ${UUID}) i
  cross join lateral (
    select 'customer' as type, x.full_name as name from customers x where x.id = i.id::uuid
    union all select 'cask', x.name from casks x where x.id = i.id::uuid
    union all select 'offer', x.title from offers x where x.id = i.id::uuid
    union all select 'order', x.title from purchases x where x.id = i.id::uuid
    union all select 'admin', x.full_name from admins x where x.id = i.id::uuid
    limit 1) n)`;

/** The page's rows with what each entry shows besides its own columns. */
export function auditRowsSql(source: string): string {
  return `select r.id, r.created_at, r.admin_id, r.action, r.entity, r.entity_id, r.ip,
    r.user_agent, r.before, r.after, r.bulk_id, ad.full_name as admin_name, ad.email as admin_email,
    ${RECORD_TYPE_OF} as record_type, ${RECORD_NAME_SQL} as record_name,
    ${REFERENCES_SQL} as refs,
    case when r.bulk_id is null then null else
      (select count(distinct b.entity_id)::int from audit_log b where b.bulk_id = r.bulk_id) end
      as bulk_size
    from (${source}) r left join admins ad on ad.id = r.admin_id`;
}

const AUDIT_JSON = `json_build_object('id', p.id, 'time', ${isoTimeSql('p.created_at')},
  'adminId', p.admin_id, 'admin', case when p.admin_name is null then null else
    json_build_object('id', p.admin_id, 'fullName', p.admin_name, 'email', p.admin_email) end,
  'action', p.action, 'entity', p.entity, 'recordType', p.record_type, 'recordId', p.entity_id,
  'recordName', p.record_name, 'ip', p.ip, 'userAgent', p.user_agent,
  'before', p.before, 'after', p.after, 'references', p.refs,
  'bulk', case when p.bulk_id is null then null else
    json_build_object('id', p.bulk_id, 'size', p.bulk_size) end)`;

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
    itemJson: AUDIT_JSON,
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
              countSql: (values) =>
                `select count(*)::int from audit_log where ${auditWhereSql(filters, values)}`,
              versionCounters: [AUDIT_TOTAL_COUNTER],
            },
          }
        : {}),
      pageSql: (window, values) =>
        auditRowsSql(
          windowSql(
            { table: 'audit_log', columns: '*', where: auditWhereSql(filters, values) },
            window,
            values,
          ),
        ),
    };
    return read(request);
  };
}

/** The Admin filter's choices: admins whose name or e-mail contains the search, by name. */
export async function findAdmins(database: Database, search?: string): Promise<AuditAdmin[]> {
  const values: unknown[] = [];
  let where = 'true';
  if (search !== undefined) {
    values.push(containsPattern(search));
    where = 'full_name ilike $1 or email ilike $1';
  }
  const rows = await database.readRows(
    `select id::text, full_name, email from admins where ${where} order by full_name, id limit 20`,
    values,
    { prepared: false },
  );
  return rows.map(([id, fullName, email]) => ({
    id: String(id),
    fullName: String(fullName),
    email: String(email),
  }));
}
