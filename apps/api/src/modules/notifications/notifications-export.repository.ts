import { sql } from 'drizzle-orm';
import type { ExportFilters } from '@cask/contracts/exports';
import type { ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql } from '../../db/sql-fragments.ts';
import { NOTIFICATION_LIST_SORTS } from './notifications.repository.ts';

/** The Notifications' CSV (issue 29): every notification, newest first, with its recipient. */
export const notificationsExport: ExportSource<ExportFilters<'notifications'>> = {
  file: 'notifications',
  sorts: NOTIFICATION_LIST_SORTS,
  table: 'notifications',
  where: () => sql`true`,
  joins: sql`join notifications t on t.id = w.id left join customers c on c.id = t.recipient_id`,
  columns: [
    ['ID', sql`t.id::text`],
    ['Title', sql`t.title`],
    ['Message', sql`t.message`],
    ['Type', sql`t.type`],
    ['Priority', sql`t.priority`],
    ['Category', sql`t.category`],
    ['Global', sql`case when t.is_global then 'Yes' else 'No' end`],
    ['Recipient', sql`c.full_name`],
    ['Recipient Email', sql`c.email`],
    ['Time', isoTimeSql(sql`t.created_at`)],
  ],
};
