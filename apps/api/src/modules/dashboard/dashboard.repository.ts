import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { COUNTER_NAMES, counters } from '../../db/schema/counters.ts';

const DASHBOARD_COUNTERS = [
  COUNTER_NAMES.customers,
  COUNTER_NAMES.casks,
  COUNTER_NAMES.activeOffers,
  COUNTER_NAMES.revenue,
];

/**
 * The four maintained counters the dashboard shows, in one statement (one snapshot). Values are
 * exact numeric text; a counter that was never written is absent and means 0.
 */
export async function readDashboardCounters(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: counters.name, value: counters.value })
    .from(counters)
    .where(inArray(counters.name, DASHBOARD_COUNTERS));
  return new Map(rows.map((row) => [row.name, row.value]));
}
