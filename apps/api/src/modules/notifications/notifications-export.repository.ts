import type { ExportFilters } from '@cask/contracts/exports';
import type { LegacyExportSource as ExportSource } from '../../db/legacy-list.ts';
import { isoTimeSql } from '../../db/legacy-list.ts';
import { NOTIFICATION_LIST_SORTS } from './notifications.repository.ts';

const iso = isoTimeSql;

/** The Notifications' CSV (issue 29): every notification, newest first, with its recipient. */
export const notificationsExport: ExportSource<ExportFilters<'notifications'>> = {
  file: 'notifications',
  sorts: NOTIFICATION_LIST_SORTS,
  table: 'notifications',
  where: () => 'true',
  joins: 'join notifications t on t.id = w.id left join customers c on c.id = t.recipient_id',
  columns: [
    ['ID', 't.id::text'],
    ['Title', 't.title'],
    ['Message', 't.message'],
    ['Type', 't.type'],
    ['Priority', 't.priority'],
    ['Category', 't.category'],
    ['Global', "case when t.is_global then 'Yes' else 'No' end"],
    ['Recipient', 'c.full_name'],
    ['Recipient Email', 'c.email'],
    ['Time', iso('t.created_at')],
  ],
};
