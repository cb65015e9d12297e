import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { COUNTER_NAMES, counters } from '../../db/schema/counters.ts';

const DASHBOARD_COUNTERS = [
  COUNTER_NAMES.customers,
  COUNTER_NAMES.casks,
  COUNTER_NAMES.activeOffers,
  COUNTER_NAMES.revenue,
];

export interface DashboardCounters {
  customers: string;
  casks: string;
  activeOffers: string;
  revenue: string;
}

/**
 * The four maintained counters the dashboard shows, in one statement (one snapshot). Values are
 * exact numeric text; a counter that was never written is absent and reads as '0'.
 */
export async function readDashboardCounters(db: DbOrTx): Promise<DashboardCounters> {
  const rows = await db
    .select({ name: counters.name, value: counters.value })
    .from(counters)
    .where(inArray(counters.name, DASHBOARD_COUNTERS));
  const values = new Map(rows.map((row) => [row.name, row.value]));
  const read = (name: string) => values.get(name) ?? '0';
  return {
    customers: read(COUNTER_NAMES.customers),
    casks: read(COUNTER_NAMES.casks),
    activeOffers: read(COUNTER_NAMES.activeOffers),
    revenue: read(COUNTER_NAMES.revenue),
  };
}
