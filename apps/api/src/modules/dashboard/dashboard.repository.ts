import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { COUNTER_NAMES, counters } from '../../db/schema/counters.ts';

export interface DashboardCounters {
  customers: number;
  casks: number;
  activeOffers: number;
  revenue: number;
}

const DASHBOARD_COUNTERS = {
  customers: COUNTER_NAMES.customers,
  casks: COUNTER_NAMES.casks,
  activeOffers: COUNTER_NAMES.activeOffers,
  revenue: COUNTER_NAMES.revenue,
} as const;

/**
 * The four maintained counters the dashboard shows, in one statement (one snapshot). Values are
 * stored as exact numeric text; a counter that was never written is absent and means 0.
 */
export async function readDashboardCounters(db: DbOrTx): Promise<DashboardCounters> {
  const rows = await db
    .select({ name: counters.name, value: counters.value })
    .from(counters)
    .where(inArray(counters.name, Object.values(DASHBOARD_COUNTERS)));
  const values = new Map(rows.map((row) => [row.name, row.value]));
  const read = (name: string) => Number(values.get(name) ?? '0');
  return {
    customers: read(DASHBOARD_COUNTERS.customers),
    casks: read(DASHBOARD_COUNTERS.casks),
    activeOffers: read(DASHBOARD_COUNTERS.activeOffers),
    revenue: read(DASHBOARD_COUNTERS.revenue),
  };
}
