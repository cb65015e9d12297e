import { z } from 'zod';
import { auditFilters } from './audit.ts';
import { caskListQuery } from './casks.ts';
import { okEnvelope, text } from './common.ts';
import { notificationListQuery } from './notifications.ts';
import { offerListQuery } from './offers.ts';
import { orderListQuery } from './orders.ts';
import { referralListQuery } from './referrals.ts';
import { rewardListQuery } from './rewards.ts';
import { userListQuery } from './users.ts';

/**
 * Issue 29: every list can be exported whole as CSV, with its current search and filters. An
 * export is asked for with the admin's token (`POST /exports/<list>` with the list's filters in
 * the query string, as the list takes them), which answers a link the browser downloads itself,
 * valid once and for a minute (decision 211).
 */
const paging = { page: true, limit: true } as const;

export const EXPORT_FILTERS = {
  users: userListQuery.omit(paging),
  rewards: rewardListQuery.omit(paging),
  casks: caskListQuery.omit(paging),
  offers: offerListQuery.omit(paging),
  orders: orderListQuery.omit(paging),
  referrals: referralListQuery.omit(paging),
  notifications: notificationListQuery.omit(paging),
  audit: auditFilters,
} as const;
export type ExportList = keyof typeof EXPORT_FILTERS;
export const EXPORT_LISTS = Object.keys(EXPORT_FILTERS) as ExportList[];
export type ExportFilters<L extends ExportList> = z.output<(typeof EXPORT_FILTERS)[L]>;

/** The button's texts (issue 29). */
export const EXPORT_CSV = 'Export CSV';
export const EXPORTING = 'Exporting...';
export const EXPORT_FAILED = 'The export failed. Please try again.';
export const EXPORT_LINK_INVALID = 'This download link is invalid, used or expired';

export const exportStarted = z.object({
  id: z.uuid(),
  /** Where the browser downloads the file, under the API's base: `/exports/download?token=...`. */
  url: z.string(),
  expiresAt: z.string(),
});
export const createExportResponse = okEnvelope(z.object({ export: exportStarted }));
export type CreateExportResponse = z.infer<typeof createExportResponse>;

export const EXPORT_STATES = ['waiting', 'running', 'done', 'failed', 'expired'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
export const exportStatusResponse = okEnvelope(
  z.object({ state: z.enum(EXPORT_STATES), rows: z.number().int().nullable() }),
);
export type ExportStatusResponse = z.infer<typeof exportStatusResponse>;

export const downloadQuery = z.object({ token: text().min(1).max(200) });
