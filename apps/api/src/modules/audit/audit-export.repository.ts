import type { ExportFilters } from '@cask/contracts/exports';
import type { ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql } from '../../db/list.ts';
import {
  auditWhereSql,
  RECORD_NAME_SQL,
  RECORD_TYPE_OF,
  AUDIT_LIST_SORTS,
} from './audit.repository.ts';

const iso = isoTimeSql;

/** The Audit Log's CSV (issue 29): every entry the filters keep, before and after as JSON. */
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
    ['Action', 'r.action'],
    ['Record Type', RECORD_TYPE_OF],
    ['Record ID', 'r.entity_id'],
    ['Record', RECORD_NAME_SQL],
    ['Address', 'r.ip'],
    ['Browser', 'r.user_agent'],
    ['Before', 'r.before::text'],
    ['After', 'r.after::text'],
  ],
};
