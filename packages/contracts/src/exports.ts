import { z } from 'zod';
import { auditFilters } from './audit.ts';
import { caskListQuery } from './casks.ts';
import { text } from './common.ts';
import { notificationListQuery } from './notifications.ts';
import { offerListQuery } from './offers.ts';
import { orderListQuery } from './orders.ts';
import { referralListQuery } from './referrals.ts';
import { rewardListQuery } from './rewards.ts';
import { userListQuery } from './users.ts';
import type { ExportList } from './export-answers.ts';

// The web app imports the answers and texts from export-answers.ts, without every list's filters.
export * from './export-answers.ts';

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
} as const satisfies Record<ExportList, z.ZodType>;
export const EXPORT_LISTS = Object.keys(EXPORT_FILTERS) as ExportList[];
export type ExportFilters<L extends ExportList> = z.output<(typeof EXPORT_FILTERS)[L]>;

export const downloadQuery = z.object({ token: text().min(1).max(200) });
