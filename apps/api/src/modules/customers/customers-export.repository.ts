import { sql } from 'drizzle-orm';
import type { ExportFilters } from '@cask/contracts/exports';
import { searchPattern, activeTextSql, type ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql } from '../../db/sql-fragments.ts';
import { customerListWhereSql } from './customers.repository.ts';
import { USER_LIST_SORTS } from './customers.repository.ts';

const iso = isoTimeSql;

/** User Management's CSV (issue 29): the screen's columns plus the customer's id, phone and times. */
export const usersExport: ExportSource<ExportFilters<'users'>> = {
  table: 'customers',
  where: (filters) => customerListWhereSql(searchPattern(filters.search)),
  // The cask counts as one grouped join, not a count per row: PostgreSQL's COPY computes it in
  // its parallel workers, where a correlated count is left to the leader, row after row (the
  // export of 1M customers took half the time, decision 279).
  joins: sql`join customers t on t.id = w.id
    left join (select owner_id, count(*) as n from casks where deleted_at is null group by owner_id) kc on kc.owner_id = t.id`,
  file: 'users',
  sorts: USER_LIST_SORTS,
  columns: [
    ['ID', sql`t.id::text`],
    ['User Name', sql`t.full_name`],
    ['Email', sql`t.email`],
    ['Phone', sql`t.phone`],
    ['Casks', sql`coalesce(kc.n, 0)::text`],
    ['Status', activeTextSql(sql`t.is_active`)],
    ['Created At', iso(sql`t.created_at`)],
    ['Updated At', iso(sql`t.updated_at`)],
  ],
};
