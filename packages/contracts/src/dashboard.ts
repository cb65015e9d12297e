import { z } from 'zod';
import { CASK_STATUSES } from './casks.ts';
import { okEnvelope } from './common.ts';

/**
 * GET /admin/dashboard: docs/screens/dashboard.md#api-calls. Every number is exact:
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
  /**
   * Issue 44 (decision 408): the casks missing at their warehouse in its latest reconciliation,
   * summed over the warehouses. Optional, as caskAlerts.
   */
  reconciliation: z.object({ missingAtWarehouses: z.number().int() }).optional(),
});
export type Dashboard = z.infer<typeof dashboard>;

export const dashboardResponse = okEnvelope(dashboard);
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/** How many months the dashboard's trends cover, this month included. */
export const TREND_MONTHS = 12;

/** A month as 'YYYY-MM' (UTC). */
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/**
 * GET /admin/dashboard/trends (issue 30, decision 233): the charts below the cards, read from
 * aggregates the database keeps (no scan of the orders or casks per request). Months oldest first,
 * the last `TREND_MONTHS` months up to this one, each present (0 when nothing happened):
 * - revenueByMonth: dollars, the Total Value's rule (orders paid or completed, not deleted) by the
 *   month the order was submitted;
 * - casksByStatus: every cask status with its count (they add up to totalCasks);
 * - portfolioValue: the sum of every cask's current value at the end of each month (this month:
 *   now).
 */
export const dashboardTrends = z.object({
  revenueByMonth: z.array(z.object({ month, revenue: z.number() })),
  casksByStatus: z.array(z.object({ status: z.enum(CASK_STATUSES), count: z.number().int() })),
  portfolioValue: z.array(z.object({ month, value: z.number() })),
});
export type DashboardTrends = z.infer<typeof dashboardTrends>;

export const dashboardTrendsResponse = okEnvelope(dashboardTrends);
export type DashboardTrendsResponse = z.infer<typeof dashboardTrendsResponse>;

/** The `TREND_MONTHS` months up to the one of `today` ('YYYY-MM-DD'), oldest first. */
export function trendMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const monthIndex = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: TREND_MONTHS }, (_, index) => {
    const date = new Date(Date.UTC(year, monthIndex - (TREND_MONTHS - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}
