import type { ExportSources } from './db/csv-export.ts';
import { auditExport } from './modules/audit/audit-export.repository.ts';
import { casksExport } from './modules/casks/casks-export.repository.ts';
import { notificationsExport } from './modules/notifications/notifications-export.repository.ts';
import { offersExport } from './modules/offers/offers-export.repository.ts';
import { ordersExport } from './modules/orders/orders-export.repository.ts';
import { referralsExport } from './modules/referrals/referrals-export.repository.ts';
import { rewardsExport } from './modules/referrals/rewards-export.repository.ts';
import { usersExport } from './modules/users/users-export.repository.ts';

/**
 * Every list's CSV export (issue 29), each declared in its own module; app.ts hands them to the
 * exports module, which never reaches into another module itself.
 */
export const EXPORT_SOURCES: ExportSources = {
  users: usersExport,
  rewards: rewardsExport,
  casks: casksExport,
  offers: offersExport,
  orders: ordersExport,
  referrals: referralsExport,
  notifications: notificationsExport,
  audit: auditExport,
};
