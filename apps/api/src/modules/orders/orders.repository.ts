import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  BULK_ORDER_NEEDS_APPROVAL,
  BULK_ORDER_NOT_DELETED,
  BULK_ORDER_NOT_FOUND,
  ORDER_STATUSES,
  type OrderStatus,
  type Order,
  type orderListDefinition,
  type OrderListParams,
  type OrderNote,
  type OrderStats,
  type UpdateOrderBody,
} from '@cask/contracts/orders';
import { deletedColumn, type BulkAction } from '../../db/bulk.ts';
import type { Actor } from '../../db/audit.ts';
import { runLockedEdit } from '../../db/locked-edit.ts';
import type { ExpectedRecordVersions } from '../../lib/preconditions.ts';
import type { ExportFilters } from '@cask/contracts/lists';
import { rowsOf, type Database, type DbOrTx } from '../../db/client.ts';
import { type ExportSource } from '../../db/csv-export.ts';
import {
  type ListRequest,
  containsPattern,
  createList,
  searchTextSql,
  windowSql,
} from '../../db/list.ts';
import { frozenSql, isoTimeSql, jsonObject } from '../../db/sql-fragments.ts';
import { planPage, type PagePlan } from '../../lib/page-plan.ts';
import { nextUpdatedAt, versionSql } from '../../db/versions.ts';
import { orderNumberOf, orderReferenceSql } from '../../db/order-reference.ts';
import { orderNotes, orders, ORDER_COUNTERS } from '../../db/schema/orders.ts';
import { approvalPolicies } from '../../db/schema/approvals.ts';

/** The filters the Order List and its export share. */
type OrderFilters = Pick<OrderListParams, 'status' | 'search' | 'orderedFrom' | 'orderedTo'>;

/**
 * The visible orders the filters match, over `orders`, for db/list.ts and the export; every
 * value is text (an export's COPY writes each as a literal). The search (the contact's name or the
 * title: orders.search_text, decision 176) is served by the partial trigram index, a reference
 * by orders_order_number_idx, the status by orders_status_idx and the Ordered range by the
 * listing index, so the condition keeps their `deleted_at is null`.
 */
function visibleOrdersSql(filters: OrderFilters): SQL {
  const conditions = [sql`deleted_at is null`];
  if (filters.status !== undefined) conditions.push(sql`status = ${filters.status}`);
  if (filters.orderedFrom !== undefined)
    conditions.push(sql`created_at >= ${filters.orderedFrom}::timestamptz`);
  if (filters.orderedTo !== undefined)
    conditions.push(sql`created_at < ${filters.orderedTo}::timestamptz`);
  if (filters.search !== undefined) {
    const search = searchTextSql(containsPattern(filters.search));
    const number = orderNumberOf(filters.search);
    conditions.push(
      number === undefined ? search : sql`(${search} or order_number = ${String(number)}::int)`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/**
 * What collecting one match costs against stepping over one entry of the index walk: a heap fetch
 * and recheck of a trigram match against an index-only step (measured at 250,000 orders: about
 * 5 µs against well under 1 µs; 20 leaves room for a status filter the trigram scan cannot use).
 */
const MATCH_COST = 20;

/**
 * How to read a page of orders (decision 152): from the nearer end of the listing (or status)
 * index, as lib/page-plan.ts plans it, unless a search matches so few orders that collecting them
 * all costs less than the walk. The walk reads about rowsToReach * (listTotal / total) entries,
 * index-only; collecting fetches `total` rows from the table, each costing about MATCH_COST
 * entries.
 */
function planOrderPage(request: Parameters<typeof planPage>[0]): PagePlan {
  const plan = planPage({ ...request, searching: false });
  const { window, pagination } = plan;
  if (!request.searching || window === null) return plan;
  const { page, limit, total, listTotal } = request;
  const offset = (page - 1) * limit;
  const rowsToReach = window.read === 'newest-first' ? offset + limit : total - offset;
  if (total * total * MATCH_COST < rowsToReach * listTotal)
    return { pagination, window: { read: 'matches-first', limit, offset } };
  return plan;
}

/**
 * The whole notes history of the order `o`, oldest first, as the contract's notes (JSON). The
 * admin who wrote a note is a primary-key probe per note (null when gone): as a join, PostgreSQL
 * hashed the admins table again for each of the page's orders.
 */
const NOTE_JSON = jsonObject<OrderNote>({
  id: sql`n.id`,
  content: sql`n.content`,
  admin: sql`(select ${jsonObject<NonNullable<OrderNote['admin']>>({ fullName: sql`na.full_name` })} from admins na where na.id = n.admin_id)`,
  createdAt: isoTimeSql(sql`n.created_at`),
});
const NOTES_HISTORY_SQL = sql`coalesce((
    select json_agg(${NOTE_JSON} order by n.created_at, n.id)
    from order_notes n
    where n.order_id = o.id), '[]'::json)`;

/**
 * The page's rows: the page is chosen first over orders alone (`w`, index-only on the listing
 * or status index, whose INCLUDE columns the search tests); the order's fields, the customer's
 * name and the notes history are then read for its rows only.
 */
const ORDER_ROW_SQL = frozenSql(sql`w.id, ${orderReferenceSql(sql`o.order_number`)} as reference,
  c.id as customer_id, c.full_name, o.contact_full_name, o.contact_email,
  o.preferred_contact_method, o.phone_number, o.title, o.investment_amount, o.status,
  o.cask_progress, o.manual_payment_status, ${NOTES_HISTORY_SQL} as notes, o.is_first_purchase,
  o.referral_points_amount, o.submitted_date, o.days_left, w.created_at, o.updated_at`);

/** One page row (ORDER_ROW_SQL's columns) as the contract's Order; money as its exact decimal. */
const ORDER_JSON = jsonObject<Order>({
  _id: sql`p.id`,
  reference: sql`p.reference`,
  createdAt: isoTimeSql(sql`p.created_at`),
  user: jsonObject<Order['user']>({ id: sql`p.customer_id`, fullName: sql`p.full_name` }),
  personalInfo: jsonObject<Order['personalInfo']>({
    fullName: sql`p.contact_full_name`,
    email: sql`p.contact_email`,
    preferredContactMethod: sql`p.preferred_contact_method`,
    phoneNumber: sql`p.phone_number`,
  }),
  title: sql`p.title`,
  investmentAmount: sql`p.investment_amount`,
  status: sql`p.status`,
  caskProgress: sql`p.cask_progress`,
  manualPaymentStatus: sql`p.manual_payment_status`,
  notes: sql`p.notes`,
  isFirstPurchase: sql`p.is_first_purchase`,
  referralPointsAmount: sql`p.referral_points_amount`,
  submittedDate: isoTimeSql(sql`p.submitted_date`),
  daysLeft: sql`p.days_left`,
  version: versionSql(sql`p.updated_at`),
});

const STATUS_COUNTERS = ORDER_STATUSES.map((status) => ORDER_COUNTERS.status(status));

/** The counters read with every page: the total, the search version and one per status. */
const ORDER_LIST_COUNTERS = [
  ORDER_COUNTERS.total,
  ORDER_COUNTERS.searchVersion,
  ...STATUS_COUNTERS,
] as const;

/** The Orders screen's stats: the maintained counters read in the same statement as the page. */
export function orderStats(counter: (name: string) => number): OrderStats {
  return {
    overall: { totalPurchases: counter(ORDER_COUNTERS.total) },
    byStatus: ORDER_STATUSES.map((value) => ({
      _id: value,
      count: counter(ORDER_COUNTERS.status(value)),
    })),
  };
}

/** The Order List's orders (issue 31): the contract's sort names to the orders' columns. */
export const ORDER_LIST_SORTS = {
  createdAt: 'created_at',
  title: 'title',
  investmentAmount: 'investment_amount',
  status: 'status',
};

/**
 * The Orders list (docs/screens/orders.md#api-calls GET /purchases, decision 152) through
 * db/list.ts: newest first, whole or by status, searched over all orders; the total and the stats
 * are the maintained counters, and a search's exact count is kept while the orders' search version
 * stays.
 */
export function createOrderList(database: Database) {
  const read = createList<Order>(database, {
    counters: ORDER_LIST_COUNTERS,
    sorts: ORDER_LIST_SORTS,
    item: ORDER_JSON,
  });
  return (query: OrderListParams) => {
    const { page, limit, status, orderedFrom, orderedTo } = query;
    const pattern = query.search === undefined ? undefined : containsPattern(query.search);
    const where = visibleOrdersSql(query);
    // A search or an Ordered range is counted (no counter holds it); a status alone is a counter.
    const counted = pattern !== undefined || orderedFrom !== undefined || orderedTo !== undefined;
    const request: ListRequest = {
      page,
      limit,
      sort: query.sort,
      key: `${status ?? ''}:${orderedFrom ?? ''}:${orderedTo ?? ''}:${pattern ?? ''}`,
      listTotal: (counter) =>
        counter(status === undefined ? ORDER_COUNTERS.total : ORDER_COUNTERS.status(status)),
      ...(!counted
        ? {}
        : {
            search: {
              countSql: () => sql`select count(*)::int from orders where ${where}`,
              versionCounters: [ORDER_COUNTERS.searchVersion],
            },
          }),
      pageSql: (window) =>
        sql`select ${ORDER_ROW_SQL} from (${windowSql(
          { table: 'orders', columns: ['id', 'created_at'], where },
          window,
        )}) w join orders o on o.id = w.id join customers c on c.id = o.customer_id`,
      plan: planOrderPage,
    };
    return read(request);
  };
}

/**
 * One visible order with its notes history, in the contract's shape: written by PostgreSQL with
 * the list's own row SQL and JSON (ORDER_ROW_SQL, ORDER_JSON), so an order reads the same alone
 * as on a page.
 */
export async function findOrder(db: DbOrTx, id: string): Promise<Order | undefined> {
  const result = await db.execute(
    sql`select ${ORDER_JSON}::text as "order" from (select ${ORDER_ROW_SQL}
      from (select id, created_at from orders where id = ${id} and deleted_at is null) w
      join orders o on o.id = w.id join customers c on c.id = o.customer_id) p`,
  );
  const [row] = rowsOf<{ order: string }>(result);
  return row === undefined ? undefined : (JSON.parse(row.order) as Order);
}

/**
 * Locks a visible order's row for the rest of the transaction (two admins saving the same order
 * take turns) and returns what an edit may change, with the content of its last note.
 */
export async function lockOrder(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      title: orders.title,
      customerId: orders.customerId,
      investmentAmount: orders.investmentAmount,
      status: orders.status,
      caskProgress: orders.caskProgress,
      manualPaymentStatus: orders.manualPaymentStatus,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(and(eq(orders.id, id), isNull(orders.deletedAt)))
    .for('update');
  if (!row) return undefined;
  const [last] = await tx
    .select({ content: orderNotes.content })
    .from(orderNotes)
    .where(eq(orderNotes.orderId, id))
    .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id))
    .limit(1);
  return { ...row, lastNote: last?.content ?? null };
}

/**
 * `PUT /purchases/{id}/status`'s change as one statement (issue 46, decision 389): the lock, the
 * version, the fields, the note appended when it differs from the last one (decision 150: two
 * admins saving at once take turns, and the second compares its notes with the first's), and the
 * audit row. The caller reads the answer (findOrder, with the notes history).
 */
export async function saveOrder(
  db: DbOrTx,
  id: string,
  body: UpdateOrderBody,
  actor: Actor,
  expected: ExpectedRecordVersions,
  notFound: () => Error,
  /** More fields of the audit row's `after` (the approval the save runs under, issue 45). */
  options: { auditAfter?: Record<string, string> } = {},
): Promise<void> {
  const notes = body.notes.trim();
  const lastNote = sql`(select n.content from ${orderNotes} n where n.order_id = ${orders.id}
    order by n.created_at desc, n.id desc limit 1)`;
  const lastNoteBefore = sql`(before.read->>'lastNote')`;
  const noteAdded = sql`${notes}::text <> coalesce(${lastNoteBefore}, '')`;
  const fields = {
    status: sql`${orders.status}`,
    caskProgress: sql`${orders.caskProgress}`,
    manualPaymentStatus: sql`${orders.manualPaymentStatus}`,
  };
  await runLockedEdit(db, {
    table: orders,
    id: orders.id,
    updatedAt: orders.updatedAt,
    where: sql`${orders.id} = ${id} and ${orders.deletedAt} is null`,
    read: { lastNote },
    readsOtherRows: true,
    set: sql`status = ${body.status}, cask_progress = ${body.caskProgress},
      manual_payment_status = ${body.manualPaymentStatus}`,
    audit: {
      action: 'order.updated',
      entity: 'purchase',
      actor,
      before: { ...fields, notes: lastNote },
      after: {
        ...fields,
        notes: sql`case when ${noteAdded} then ${notes}::text else ${lastNoteBefore} end`,
        ...Object.fromEntries(
          Object.entries(options.auditAfter ?? {}).map(([key, value]) => [
            key,
            sql`${value}::text`,
          ]),
        ),
      },
    },
    answer: sql`true`,
    also: {
      note: sql`insert into ${orderNotes} (order_id, content, admin_id, created_at)
        select after.id, ${notes}::text, ${actor.adminId}::uuid, clock_timestamp()
        from after join before on before.id = after.id where ${noteAdded}`,
    },
    expected,
    notFound,
  });
}

/** Hides a visible order; returns when, or undefined when it was not visible. */
export async function softDeleteOrder(tx: DbOrTx, id: string): Promise<Date | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ deletedAt: sql`now()`, updatedAt: nextUpdatedAt(orders.updatedAt) })
    .where(and(eq(orders.id, id), isNull(orders.deletedAt)))
    .returning({ deletedAt: orders.deletedAt });
  return row?.deletedAt ?? undefined;
}

/** The Order List's WHERE, for its CSV export (modules/exports). */
export const orderListWhereSql = visibleOrdersSql;

/**
 * The Approvals policy's 'Order status to Delivered above' applies to the locked order and its
 * change (orderDelivered's needsApproval in SQL, orders.service.ts): to Delivered, not Delivered
 * yet, the investment above the budget, the policy on. No policy row: every action off.
 */
const NEEDS_APPROVAL_SQL = sql`change.value->>'status' = 'Delivered' and ${orders.status} <> 'Delivered'
  and exists (select 1 from ${approvalPolicies} p
    where (p.policy->'orderDelivered'->>'on')::boolean
      and ${orders.investmentAmount} > (p.policy->'orderDelivered'->>'above')::numeric)`;

/**
 * The bulk 'Set status' of the Order List (issue 31, db/bulk.ts): visible orders only, in one
 * statement (decision 437). An order the Approvals policy would send for approval is refused
 * (decision 438): the bulk asks for no approval, the single Edit Order does.
 */
export const orderStatusBulk: BulkAction<{ status: OrderStatus }> = {
  action: 'order.updated',
  entity: 'purchase',
  missing: BULK_ORDER_NOT_FOUND,
  table: orders,
  id: orders.id,
  where: sql`${orders.deletedAt} is null`,
  value: { status: sql`${orders.status}` },
  refusals: [{ when: NEEDS_APPROVAL_SQL, message: BULK_ORDER_NEEDS_APPROVAL }],
  write: { set: sql`status = change.value->>'status'`, updatedAt: orders.updatedAt },
};

/** Hides orders as the single delete does (`deleted: true`) or brings them back (its undo). */
export const orderDeletedBulk: BulkAction<{ deleted: boolean }> = {
  action: (value) => (value.deleted ? 'order.deleted' : 'order.restored'),
  entity: 'purchase',
  missing: BULK_ORDER_NOT_FOUND,
  table: orders,
  id: orders.id,
  ...deletedColumn(orders.deletedAt, orders.updatedAt, {
    notFound: BULK_ORDER_NOT_FOUND,
    notDeleted: BULK_ORDER_NOT_DELETED,
  }),
};

const iso = isoTimeSql;

/** The Order List's CSV (issue 29): its columns plus the order's id, contact, payment and times. */
export const ordersExport: ExportSource<ExportFilters<typeof orderListDefinition>> = {
  file: 'orders',
  sorts: ORDER_LIST_SORTS,
  table: 'orders',
  where: (filters) => orderListWhereSql(filters),
  joins: sql`join orders t on t.id = w.id left join customers c on c.id = t.customer_id`,
  columns: [
    ['ID', sql`t.id::text`],
    // As the Order List shows them (issue 41).
    ['Reference', orderReferenceSql(sql`t.order_number`)],
    ['Ordered', iso(sql`t.created_at`)],
    ['User Name', sql`c.full_name`],
    ['Product Name', sql`t.title`],
    ['Budget', sql`t.investment_amount::text`],
    ['Status', sql`t.status`],
    ['Contact Name', sql`t.contact_full_name`],
    ['Contact Email', sql`t.contact_email`],
    ['Payment', sql`t.manual_payment_status`],
    ['Submitted Date', iso(sql`t.submitted_date`)],
    ['Created At', iso(sql`t.created_at`)],
    ['Updated At', iso(sql`t.updated_at`)],
  ],
};
