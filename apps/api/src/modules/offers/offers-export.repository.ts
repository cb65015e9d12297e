import { sql } from 'drizzle-orm';
import type { ExportFilters } from '@cask/contracts/exports';
import { searchPattern, activeTextSql, type ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql } from '../../db/sql-fragments.ts';
import { offerListWhereSql, OFFER_LIST_SORTS } from './offers.repository.ts';

const iso = isoTimeSql;

/** The Offers list's CSV (issue 29): its columns plus the offer's id, category, location and times. */
export const offersExport: ExportSource<ExportFilters<'offers'>> = {
  file: 'offers',
  sorts: OFFER_LIST_SORTS,
  table: 'offers',
  where: (filters) => offerListWhereSql(filters.type, searchPattern(filters.search)),
  joins: sql`join offers t on t.id = w.id`,
  columns: [
    ['ID', sql`t.id::text`],
    ['Offers', sql`t.title`],
    ['Type', sql`t.type`],
    ['Price', sql`t.price_numeric::text`],
    ['Status', activeTextSql(sql`t.is_active`)],
    ['Deadline', sql`t.expiry_date::text`],
    ['Category', sql`t.category`],
    ['Location', sql`t.location`],
    ['Created At', iso(sql`t.created_at`)],
    ['Updated At', iso(sql`t.updated_at`)],
  ],
};
