import type { ExportFilters } from '@cask/contracts/exports';
import {
  searchPattern,
  activeTextSql,
  type LegacyExportSource as ExportSource,
} from '../../db/legacy-list.ts';
import { isoTimeSql } from '../../db/legacy-list.ts';
import { offerListWhereSql, OFFER_LIST_SORTS } from './offers.repository.ts';

const iso = isoTimeSql;

/** The Offers list's CSV (issue 29): its columns plus the offer's id, category, location and times. */
export const offersExport: ExportSource<ExportFilters<'offers'>> = {
  file: 'offers',
  sorts: OFFER_LIST_SORTS,
  table: 'offers',
  where: (filters, values) =>
    offerListWhereSql(
      filters.type === undefined ? undefined : values.add(filters.type),
      searchPattern(values, filters.search),
    ),
  joins: 'join offers t on t.id = w.id',
  columns: [
    ['ID', 't.id::text'],
    ['Offers', 't.title'],
    ['Type', 't.type'],
    ['Price', 't.price_numeric::text'],
    ['Status', activeTextSql('t.is_active')],
    ['Deadline', 't.expiry_date::text'],
    ['Category', 't.category'],
    ['Location', 't.location'],
    ['Created At', iso('t.created_at')],
    ['Updated At', iso('t.updated_at')],
  ],
};
