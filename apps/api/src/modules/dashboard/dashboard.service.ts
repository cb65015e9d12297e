import type { Dashboard } from '@cask/contracts/dashboard';
import type { Database } from '../../db/client.ts';
import { readDashboardCounters } from './dashboard.repository.ts';

/** Spec 000 §2 Dashboard: the four cards, from counters kept exact by the database. */
export function createDashboardService(deps: { database: Pick<Database, 'readRows'> }) {
  return {
    async summary(): Promise<Dashboard> {
      const counters = await readDashboardCounters(deps.database);
      return {
        users: { totalUsers: Number(counters.customers) },
        casks: { totalCasks: Number(counters.casks) },
        offers: { activeOffers: Number(counters.activeOffers) },
        // Summed exactly in SQL; as a JSON number it prints back the same cents up to 15 significant
        // digits (about $10 trillion).
        payments: { totalRevenue: Number(counters.revenue) },
      };
    },
  };
}
