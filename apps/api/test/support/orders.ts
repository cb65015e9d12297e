import { count, isNull, sql } from 'drizzle-orm';
import { orders } from '../../src/db/schema/orders.ts';
import type { TestContext } from './app.ts';
import { expectListMatchesSql, pagesToTry } from './list-against-sql.ts';
import type { TestAdmin } from './sign-in.ts';

/** The Order List's stats computed the slow way, straight from the table: what the counters must equal. */
export async function orderStatsFromTable(ctx: Pick<TestContext, 'database'>) {
  const rows = await ctx.database.db
    .select({ status: orders.status, count: count() })
    .from(orders)
    .where(isNull(orders.deletedAt))
    .groupBy(orders.status);
  const byStatus = (['Active', 'Pending', 'Delivered', 'Reject'] as const).map((status) => ({
    _id: status,
    count: rows.find((row) => row.status === status)?.count ?? 0,
  }));
  return {
    overall: { totalPurchases: byStatus.reduce((sum, entry) => sum + entry.count, 0) },
    byStatus,
  };
}

/** A filter of the Order List, as its query sends it (`number`: see `orderListCase`). */
export interface OrderFilter {
  status?: string;
  search?: string;
  /** The Ordered range's instants (issue 41). */
  orderedFrom?: string;
  orderedTo?: string;
  /** The order number the search names (ORD-00123 or 123), as plain SQL matches it. */
  number?: number;
}

/** The plain SQL of one filter: the visible orders, of a status, matching a pattern. */
export function orderListCase({ number, ...filter }: OrderFilter) {
  const conditions = [sql`deleted_at is null`];
  if (filter.status !== undefined) conditions.push(sql`status = ${filter.status}`);
  if (filter.orderedFrom !== undefined)
    conditions.push(sql`created_at >= ${filter.orderedFrom}::timestamptz`);
  if (filter.orderedTo !== undefined)
    conditions.push(sql`created_at < ${filter.orderedTo}::timestamptz`);
  if (filter.search !== undefined) {
    const pattern = `%${filter.search}%`;
    const byNumber = number === undefined ? sql`` : sql` or order_number = ${number}`;
    conditions.push(sql`(contact_full_name ilike ${pattern} or title ilike ${pattern}${byNumber})`);
  }
  const where = sql.join(conditions, sql` and `);
  return {
    url: '/api/purchases',
    itemsKey: 'purchases',
    idOf: (item: Record<string, unknown>) => item._id,
    query: { ...filter } as Record<string, string | number>,
    countSql: sql`select count(*)::int from orders where ${where}`,
    idsSql: (limit: number, offset: number) =>
      sql`select id from orders where ${where} order by created_at desc, id desc limit ${limit} offset ${offset}`,
  };
}

/**
 * The Order List with `filter` compared with plain SQL (`orderListCase`) on its first page, then on
 * every page `pagesToTry` names for each of `limits`: answers the total.
 */
export async function expectOrderPages(
  ctx: Pick<TestContext, 'app' | 'database'>,
  admin: TestAdmin,
  filter: OrderFilter,
  limits: number[] = [6],
): Promise<number> {
  const list = orderListCase(filter);
  const first = await expectListMatchesSql(ctx, admin, {
    ...list,
    query: { ...list.query, page: 1, limit: limits[0] ?? 6 },
  });
  for (const limit of limits) {
    for (const page of pagesToTry(first.total, limit)) {
      await expectListMatchesSql(ctx, admin, { ...list, query: { ...list.query, page, limit } });
    }
  }
  return first.total;
}

/** An order's reference as the Order List shows it ('ORD-00123'). */
export async function orderReferenceOf(
  ctx: Pick<TestContext, 'database'>,
  orderId: string,
): Promise<string> {
  const [[number]] = (await ctx.database.readRows(
    sql`select order_number from orders where id = ${orderId}`,
    { prepared: false },
  )) as [[number]];
  return `ORD-${String(number).padStart(5, '0')}`;
}
