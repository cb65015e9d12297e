import type { ExportFilters } from '@cask/contracts/exports';
import { searchPattern, activeTextSql, type ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql } from '../../db/list.ts';
import { customerListWhereSql } from '../customers/customers.repository.ts';
import { USER_LIST_SORTS } from './users.repository.ts';

const iso = isoTimeSql;

/** User Management's CSV (issue 29): the screen's columns plus the customer's id, phone and times. */
export const usersExport: ExportSource<ExportFilters<'users'>> = {
  table: 'customers',
  where: (filters, values) => customerListWhereSql(searchPattern(values, filters.search)),
  joins: 'join customers t on t.id = w.id',
  file: 'users',
  sorts: USER_LIST_SORTS,
  columns: [
    ['ID', 't.id::text'],
    ['User Name', 't.full_name'],
    ['Email', 't.email'],
    ['Phone', 't.phone'],
    [
      'Casks',
      '(select count(*) from casks k where k.owner_id = t.id and k.deleted_at is null)::text',
    ],
    ['Status', activeTextSql('t.is_active')],
    ['Created At', iso('t.created_at')],
    ['Updated At', iso('t.updated_at')],
  ],
};
