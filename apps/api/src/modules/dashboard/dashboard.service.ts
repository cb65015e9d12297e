import type { Dashboard } from '@cask/contracts/dashboard';
import type { Database } from '../../db/client.ts';
import { todayIso } from '@cask/contracts/cask-records';
import { readCaskAlertCounts, readDashboardCounters } from './dashboard.repository.ts';

/** Spec 000 §2 Dashboard: the four cards, from counters kept exact by the database. */
export function createDashboardService(deps: { database: Pick<Database, 'readRows'> }) {
  return {
    async summary(): Promise<Dashboard> {
      const [counters, caskAlerts] = await Promise.all([
        readDashboardCounters(deps.database),
        readCaskAlertCounts(deps.database, todayIso()),
      ]);
      return {
        users: { totalUsers: Number(counters.customers) },
        casks: { totalCasks: Number(counters.casks) },
        offers: { activeOffers: Number(counters.activeOffers) },
        // Summed exactly in SQL; as a JSON number it prints back the same cents up to 15 significant
        // digits (about $10 trillion).
        payments: { totalRevenue: Number(counters.revenue) },
        caskAlerts,
      };
    },
  };
}
