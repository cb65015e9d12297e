import { abvNearUntil } from '@cask/contracts/cask-records';
import { CASK_STATUSES, type CaskStatus } from '@cask/contracts/casks';
import { TREND_MONTHS } from '@cask/contracts/dashboard';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { CUSTOMER_COUNTERS } from '../../db/schema/customers.ts';
import { CASK_COUNTERS } from '../../db/schema/casks.ts';
import { OFFER_COUNTERS } from '../../db/schema/offers.ts';
import { ORDER_COUNTERS } from '../../db/schema/orders.ts';

const DASHBOARD_COUNTERS = [
  CUSTOMER_COUNTERS.total,
  CASK_COUNTERS.total,
  OFFER_COUNTERS.active,
  ORDER_COUNTERS.revenue,
];

export interface DashboardCounters {
  customers: string;
  casks: string;
  activeOffers: string;
  revenue: string;
}

/**
 * The counters `names`, a value each (no array parameter: each is a text, so the statement's one
 * plan is a probe of the primary key per name).
 */
const countersSql = (names: readonly string[]) =>
  sql`select name, value::text from counters where name in (${sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  )})`;

/**
 * The casks of `kind` with an alert day up to `until` (an ISO date), from cask_alert_days: the
 * years before `until`'s year, that year's months before its month, and that month's days up
 * to it (decision 394), so the read is about 80 rows however many days have casks, and exact
 * on any date: a cask moves into an alert the day its date is reached, with nothing written at
 * midnight.
 */
function alertSum(kind: 'regauge_due' | 'abv_forty', until: string): SQL {
  const yearStart = `${until.slice(0, 4)}-01-01`;
  const monthStart = `${until.slice(0, 7)}-01`;
  const sum = (rowKind: string, where: SQL) =>
    sql`(select coalesce(sum(casks), 0) from cask_alert_days where kind = ${rowKind} and ${where})`;
  return sql`${sum(`${kind}_year`, sql`day < ${yearStart}::date`)}
    + ${sum(`${kind}_month`, sql`day >= ${yearStart}::date and day < ${monthStart}::date`)}
    + ${sum(kind, sql`day >= ${monthStart}::date and day <= ${until}::date`)}`;
}

/** What the dashboard's cards show (docs/screens/dashboard.md), as the database keeps it. */
export interface DashboardFigures {
  counters: DashboardCounters;
  caskAlerts: { regaugeDue: number; abvNearForty: number };
  missingAtWarehouses: number;
}

/**
 * The dashboard's cards in one statement (one snapshot, one round trip; issue 46, decision 431),
 * a named statement planned once (db/client.ts):
 *
 * - the four maintained counters, exact numeric text; a counter never written reads as '0';
 * - the casks with each gauge alert today, deleted casks left out: kept by the casks' triggers in
 *   cask_alert_days by day, month and year (decisions 386 and 394);
 * - the casks missing at their warehouse in its latest reconciliation, summed over the
 *   warehouses (issue 44, decision 408): one short index walk per warehouse
 *   (warehouse_statements_latest_idx).
 */
export async function readDashboardFigures(
  database: Pick<Database, 'readRows'>,
  today: string,
): Promise<DashboardFigures> {
  const statement = sql`select
      (select json_object_agg(c.name, c.value) from (${countersSql(DASHBOARD_COUNTERS)}) c),
      (${alertSum('regauge_due', today)})::int,
      (${alertSum('abv_forty', abvNearUntil(today))})::int,
      (select coalesce(sum(l.missing_count), 0)::int from (
        select distinct on (warehouse_id) missing_count from warehouse_statements
        order by warehouse_id, created_at desc) l)`;
  const [row] = (await database.readRows(statement, { prepared: true })) as [
    Record<string, string> | null,
    number,
    number,
    number,
  ][];
  const counters = row?.[0] ?? {};
  const read = (name: string) => counters[name] ?? '0';
  return {
    counters: {
      customers: read(CUSTOMER_COUNTERS.total),
      casks: read(CASK_COUNTERS.total),
      activeOffers: read(OFFER_COUNTERS.active),
      revenue: read(ORDER_COUNTERS.revenue),
    },
    caskAlerts: { regaugeDue: Number(row?.[1] ?? 0), abvNearForty: Number(row?.[2] ?? 0) },
    missingAtWarehouses: Number(row?.[3] ?? 0),
  };
}

/**
 * The trends' counters in one statement (decision 233): each month's revenue and each cask
 * status's count, by primary key. A counter never written reads as '0'.
 */
export async function readTrendCounters(
  database: Pick<Database, 'readRows'>,
  months: readonly string[],
): Promise<{ revenue: Map<string, string>; casksByStatus: Map<CaskStatus, string> }> {
  const names = [
    ...months.map(ORDER_COUNTERS.revenueOfMonth),
    ...CASK_STATUSES.map(CASK_COUNTERS.status),
  ];
  if (months.length !== TREND_MONTHS) throw new RangeError(`${TREND_MONTHS} months expected`);
  const rows = (await database.readRows(countersSql(names), { prepared: true })) as [
    string,
    string,
  ][];
  const values = new Map(rows);
  const read = (name: string) => values.get(name) ?? '0';
  return {
    revenue: new Map(months.map((month) => [month, read(ORDER_COUNTERS.revenueOfMonth(month))])),
    casksByStatus: new Map(
      CASK_STATUSES.map((status) => [status, read(CASK_COUNTERS.status(status))]),
    ),
  };
}

/**
 * The sum of every cask's current value at the end of each month from `first` to `last` (first
 * days of months): the changes kept by the database up to it (portfolio_value_months, one row a
 * month, decision 233), summed in SQL.
 */
export async function readPortfolioValue(
  database: Pick<Database, 'readRows'>,
  first: string,
  last: string,
): Promise<[string, string][]> {
  const statement = sql`select to_char(m.month, 'YYYY-MM'), (select coalesce(sum(p.change), 0)
      from portfolio_value_months p where p.month <= m.month::date)::text
    from generate_series(${first}::date, ${last}::date, interval '1 month') as m(month)
    order by m.month`;
  return (await database.readRows(statement, { prepared: true })) as [string, string][];
}
