import { abvNearUntil } from '@cask/contracts/cask-records';
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

const CASK_ALERTS_SQL =
  'select (select count(*) from casks where regauge_due_on <= $1::date)::int,' +
  ' (select count(*) from casks where abv_forty_on <= $2::date)::int';

/**
 * The casks with each gauge alert today: two index-only range counts (casks_regauge_due_idx,
 * casks_abv_forty_idx); the alert days change with the date, so no counter can hold them.
 */
export async function readCaskAlertCounts(
  database: Pick<Database, 'readRows'>,
  today: string,
): Promise<{ regaugeDue: number; abvNearForty: number }> {
  const [row] = (await database.readRows(CASK_ALERTS_SQL, [today, abvNearUntil(today)], {
    prepared: true,
  })) as [number, number][];
  return { regaugeDue: Number(row?.[0] ?? 0), abvNearForty: Number(row?.[1] ?? 0) };
}
