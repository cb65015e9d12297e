import { sql, type SQL } from 'drizzle-orm';
import { AUDIT_ACTION_LABELS, AUDIT_RECORD_TYPE_LABELS } from '@cask/contracts/audit';
import type { ExportFilters } from '@cask/contracts/exports';
import type { ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql, literal } from '../../db/sql-fragments.ts';
import {
  auditWhereSql,
  RECORD_NAME_SQL,
  RECORD_TYPE_OF,
  AUDIT_LIST_SORTS,
} from './audit.repository.ts';

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
export const auditExport: ExportSource<ExportFilters<'audit'>> = {
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
