import { sql } from 'drizzle-orm';
import type { ExportFilters } from '@cask/contracts/exports';
import { searchPattern, type ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql } from '../../db/sql-fragments.ts';
import { alertUntil, caskListWhereSql, CASK_LIST_SORTS } from './casks.repository.ts';

const iso = isoTimeSql;

/** The Cask List's CSV (issue 29): its columns plus the cask's id, owner, price and times. */
export const casksExport: ExportSource<ExportFilters<'casks'>> = {
  file: 'casks',
  sorts: CASK_LIST_SORTS,
  table: 'casks',
  // The search and the gauge alert filter (issue 30), as the list reads them today.
  where: (filters) =>
    caskListWhereSql(
      searchPattern(filters.search),
      filters.alert === undefined
        ? undefined
        : { alert: filters.alert, until: alertUntil(filters.alert) },
    ),
  joins: sql`join casks t on t.id = w.id left join customers o on o.id = t.owner_id`,
  columns: [
    ['ID', sql`t.id::text`],
    ['Cask Name', sql`t.name`],
    ['Distillery', sql`t.distillery`],
    ['Year', sql`t.year::text`],
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
    ['Location', sql`t.location`],
    ['Purchase Date', iso(sql`t.purchase_date`)],
    ['Created At', iso(sql`t.created_at`)],
    ['Updated At', iso(sql`t.updated_at`)],
  ],
};
