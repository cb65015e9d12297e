import { sql } from 'drizzle-orm';
import { trendMonths } from '@cask/contracts/dashboard';
import { todayIso } from '@cask/contracts/cask-records';
import type { TestContext } from './app.ts';
import { queryRows } from './database.ts';

// The dashboard's figures computed the slow way, straight from the tables (decision 233): what
// the counters the triggers keep must answer.

type Ctx = Pick<TestContext, 'database'>;

/** Revenue of the trend's twelve months from the orders: paid or completed, not hidden. */
export async function revenueByMonthFromOrders(
  ctx: Ctx,
): Promise<{ month: string; revenue: number }[]> {
  const rows = await queryRows<{ month: string; revenue: string }>(
    ctx,
    sql`
    select to_char(submitted_date at time zone 'UTC', 'YYYY-MM') as month,
           sum(investment_amount)::text as revenue
    from orders
    where deleted_at is null and manual_payment_status in ('paid', 'completed')
    group by 1`,
  );
  const byMonth = new Map(rows.map((row) => [row.month, Number(row.revenue)]));
  return trendMonths(todayIso()).map((month) => ({ month, revenue: byMonth.get(month) ?? 0 }));
}

/** The casks not deleted, counted by status, in the trend's order. */
export async function casksByStatusFromCasks(ctx: Ctx) {
  const rows = await queryRows<{ status: string; count: number }>(
    ctx,
    sql`select status, count(*)::int as count from casks where deleted_at is null group by status`,
  );
  const byStatus = new Map(rows.map((row) => [row.status, Number(row.count)]));
  return (['Ready', 'Maturing', 'Experience'] as const).map((status) => ({
    status,
    count: byStatus.get(status) ?? 0,
  }));
}

/** The sum of every cask's current value now (the last month's point); deleted ones count none. */
export async function portfolioValueNow(ctx: Ctx): Promise<number> {
  const [row] = await queryRows<{ value: string }>(
    ctx,
    sql`select coalesce(sum(current_value), 0)::text as value from casks where deleted_at is null`,
  );
  return Number(row?.value);
}

/** The dashboard's portfolio months (month, change as text), which the casks' triggers keep. */
export async function portfolioMonths(ctx: Ctx) {
  return queryRows<{ month: string; change: string }>(
    ctx,
    sql`select month::text, change::text from portfolio_value_months order by month`,
  );
}
