import { AUDIT_ACTION_LABELS, AUDIT_RECORD_TYPE_LABELS } from '@cask/contracts/audit';
import type { ExportFilters } from '@cask/contracts/exports';
import type { LegacyExportSource as ExportSource } from '../../db/legacy-list.ts';
import { isoTimeSql } from '../../db/legacy-list.ts';
import {
  auditWhereSql,
  RECORD_NAME_SQL,
  RECORD_TYPE_OF,
  AUDIT_LIST_SORTS,
} from './audit.repository.ts';

const iso = isoTimeSql;

/** One of our own constants as an SQL string literal (never a user's input). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `column`'s value as the Audit Log writes it (issue 41): its label, else the value itself. */
function labelSql(column: string, labels: Record<string, string>): string {
  const cases = Object.entries(labels).map(
    ([key, label]) => `when ${literal(key)} then ${literal(label)}`,
  );
  return `case ${column} ${cases.join(' ')} else ${column} end`;
}

/**
 * The Audit Log's CSV (issue 29): every entry the filters keep, before and after as JSON; actions
 * and record types by the screen's labels, the action's code beside it for filtering.
 */
export const auditExport: ExportSource<ExportFilters<'audit'>> = {
  file: 'audit-log',
  sorts: AUDIT_LIST_SORTS,
  table: 'audit_log',
  where: (filters, values) => auditWhereSql(filters, values),
  joins: 'join audit_log r on r.id = w.id left join admins ad on ad.id = r.admin_id',
  columns: [
    ['ID', 'r.id::text'],
    ['Time', iso('r.created_at')],
    ['Admin', 'ad.full_name'],
    ['Admin ID', 'r.admin_id::text'],
    ['Action', labelSql('r.action', AUDIT_ACTION_LABELS)],
    ['Action Code', 'r.action'],
    ['Record Type', labelSql(`(${RECORD_TYPE_OF})`, AUDIT_RECORD_TYPE_LABELS)],
    ['Record ID', 'r.entity_id'],
    ['Record', RECORD_NAME_SQL],
    ['Address', 'r.ip'],
    ['Browser', 'r.user_agent'],
    ['Before', 'r.before::text'],
    ['After', 'r.after::text'],
  ],
};
