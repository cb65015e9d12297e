import { z } from 'zod';
import { okEnvelope } from './common.ts';

/**
 * GET /admin/dashboard: spec 000 §3 "Dashboard response". Every number is exact:
 * - totalUsers: customers not deleted;
 * - totalCasks: every cask on record;
 * - activeOffers: offers whose isActive is true;
 * - totalRevenue: dollars (two decimals at most), the sum of investmentAmount over orders whose
 *   manualPaymentStatus is 'paid' or 'completed' (docs/decisions/040-dashboard-totals.md).
 *   The screen shows it in thousands ('k').
 */
export const dashboard = z.object({
  users: z.object({ totalUsers: z.number().int() }),
  casks: z.object({ totalCasks: z.number().int() }),
  offers: z.object({ activeOffers: z.number().int() }),
  payments: z.object({ totalRevenue: z.number() }),
  /**
   * The casks with each gauge alert today (issue 30, decision 230): 'Regauge due' and 'ABV near
   * 40%'. Beyond the spec's response, so optional for a reader of it.
   */
  caskAlerts: z.object({ regaugeDue: z.number().int(), abvNearForty: z.number().int() }).optional(),
});
export type Dashboard = z.infer<typeof dashboard>;

export const dashboardResponse = okEnvelope(dashboard);
export type DashboardResponse = z.infer<typeof dashboardResponse>;
