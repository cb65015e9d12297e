import type { Database } from '../../db/client.ts';
import { COUNTER_NAMES } from '../../db/schema/counters.ts';

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

const placeholders = DASHBOARD_COUNTERS.map((_, index) => `$${index + 1}`).join(', ');
const DASHBOARD_COUNTERS_SQL = `select name, value::text from counters where name in (${placeholders})`;

/**
 * The four maintained counters the dashboard shows, in one statement (one snapshot). Values are
 * exact numeric text; a counter that was never written is absent and reads as '0'. A named
 * statement, planned once (db/client.ts).
 */
export async function readDashboardCounters(
  database: Pick<Database, 'readRows'>,
): Promise<DashboardCounters> {
  const rows = (await database.readRows(DASHBOARD_COUNTERS_SQL, DASHBOARD_COUNTERS, {
    prepared: true,
  })) as [string, string][];
  const values = new Map(rows);
  const read = (name: string) => values.get(name) ?? '0';
  return {
    customers: read(COUNTER_NAMES.customers),
    casks: read(COUNTER_NAMES.casks),
    activeOffers: read(COUNTER_NAMES.activeOffers),
    revenue: read(COUNTER_NAMES.revenue),
  };
}
