import { trendMonths, type Dashboard, type DashboardTrends } from '@cask/contracts/dashboard';
import type { Database } from '../../db/client.ts';
import { todayIso } from '@cask/contracts/cask-records';
import {
  readDashboardFigures,
  readPortfolioValue,
  readTrendCounters,
} from './dashboard.repository.ts';

/**
 * docs/screens/dashboard.md: the four cards, from counters kept exact by the database, read in one
 * statement (decision 431).
 */
export function createDashboardService(deps: { database: Pick<Database, 'readRows'> }) {
  return {
    async summary(): Promise<Dashboard> {
      const { counters, caskAlerts, missingAtWarehouses } = await readDashboardFigures(
        deps.database,
        todayIso(),
      );
      return {
        users: { totalUsers: Number(counters.customers) },
        casks: { totalCasks: Number(counters.casks) },
        offers: { activeOffers: Number(counters.activeOffers) },
        // Summed exactly in SQL; as a JSON number it prints back the same cents up to 15
        // significant digits (about $10 trillion).
        payments: { totalRevenue: Number(counters.revenue) },
        caskAlerts,
        reconciliation: { missingAtWarehouses },
      };
    },

    /** Issue 30's trends below the cards: counters and one small table, no scan (decision 233). */
    async trends(): Promise<DashboardTrends> {
      const months = trendMonths(todayIso());
      const [counters, portfolio] = await Promise.all([
        readTrendCounters(deps.database, months),
        readPortfolioValue(deps.database, `${months[0]}-01`, `${months.at(-1)}-01`),
      ]);
      return {
        revenueByMonth: months.map((month) => ({
          month,
          revenue: Number(counters.revenue.get(month) ?? '0'),
        })),
        casksByStatus: [...counters.casksByStatus].map(([status, count]) => ({
          status,
          count: Number(count),
        })),
        portfolioValue: portfolio.map(([month, value]) => ({ month, value: Number(value) })),
      };
    },
  };
}
