import type { Dashboard } from '@cask/contracts/dashboard';
import type { Db } from '../../db/client.ts';
import { COUNTER_NAMES } from '../../db/schema/counters.ts';
import { readDashboardCounters } from './dashboard.repository.ts';

/** Spec 000 §2 Dashboard: the four cards, from counters kept exact by the database. */
export function createDashboardService(deps: { db: Db }) {
  return {
    async summary(): Promise<Dashboard> {
      const values = await readDashboardCounters(deps.db);
      const read = (name: string) => Number(values.get(name) ?? '0');
      return {
        users: { totalUsers: read(COUNTER_NAMES.customers) },
        casks: { totalCasks: read(COUNTER_NAMES.casks) },
        offers: { activeOffers: read(COUNTER_NAMES.activeOffers) },
        // Summed exactly in SQL; as a JSON number it prints back the same cents up to 15 significant
        // digits (about $10 trillion).
        payments: { totalRevenue: read(COUNTER_NAMES.revenue) },
      };
    },
  };
}
