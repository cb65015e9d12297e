import type { ExportFilters } from '@cask/contracts/exports';
import { searchPattern, type LegacyExportSource as ExportSource } from '../../db/legacy-list.ts';
import { isoTimeSql } from '../../db/legacy-list.ts';
import { alertUntil, caskListWhereSql, CASK_LIST_SORTS } from './casks.repository.ts';

const iso = isoTimeSql;

/** The Cask List's CSV (issue 29): its columns plus the cask's id, owner, price and times. */
export const casksExport: ExportSource<ExportFilters<'casks'>> = {
  file: 'casks',
  sorts: CASK_LIST_SORTS,
  table: 'casks',
  // The search and the gauge alert filter (issue 30), as the list reads them today.
  where: (filters, values) =>
    caskListWhereSql(
      searchPattern(values, filters.search),
      filters.alert === undefined
        ? undefined
        : { alert: filters.alert, until: values.add(alertUntil(filters.alert)) },
    ),
  joins: 'join casks t on t.id = w.id left join customers o on o.id = t.owner_id',
  columns: [
    ['ID', 't.id::text'],
    ['Cask Name', 't.name'],
    ['Distillery', 't.distillery'],
    ['Year', 't.year::text'],
    // As the screens show them: the latest gauge (of 'Gauged On'), else as filled (decision 305).
    ['Volume (L)', 'coalesce(t.gauged_volume, t.volume)::text'],
    ['ABV (%)', 'coalesce(t.gauged_abv, t.abv)::text'],
    ['Gauged On', "to_char(t.last_gauged_on, 'YYYY-MM-DD')"],
    ['Filled Volume (L)', 't.volume::text'],
    ['Filled ABV (%)', 't.abv::text'],
    ['Current Value', 't.current_value::text'],
    ['Purchase Price', 't.purchase_price::text'],
    ['Status', 't.status'],
    ['Owner', 'o.full_name'],
    ['Owner Email', 'o.email'],
    ['Location', 't.location'],
    ['Purchase Date', iso('t.purchase_date')],
    ['Created At', iso('t.created_at')],
    ['Updated At', iso('t.updated_at')],
  ],
};
