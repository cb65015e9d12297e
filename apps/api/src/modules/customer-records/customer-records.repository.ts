import type {
  CustomerCasksResponse,
  CustomerNotificationsResponse,
  CustomerOrdersResponse,
  CustomerPastCasksResponse,
  CustomerPointsResponse,
  CustomerRecord,
  CustomerReferralsResponse,
  CustomerSectionParams,
} from '@cask/contracts/customer-records';

type ItemOf<Response extends { data: { items: unknown[] } }> = Response['data']['items'][number];
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { createList, windowSql, type ListWindow } from '../../db/list.ts';
import { isoTimeSql, jsonObject } from '../../db/sql-fragments.ts';
import { orderReferenceSql } from '../../db/order-reference.ts';
import { versionSql } from '../../db/versions.ts';
import { CASK_COUNTERS } from '../../db/schema/casks.ts';
import { ORDER_COUNTERS } from '../../db/schema/orders.ts';
import { REFERRAL_COUNTERS } from '../../db/schema/referrals.ts';
import { POINT_TRANSACTION_COUNTERS } from '../../db/schema/point-transactions.ts';
import { NOTIFICATION_COUNTERS } from '../../db/schema/notifications.ts';

const customerRecordSql = (id: string) => sql`
  select ${jsonObject<CustomerRecord>({
    customer: jsonObject<CustomerRecord['customer']>({
      id: sql`c.id`,
      fullName: sql`c.full_name`,
      email: sql`c.email`,
      phone: sql`c.phone`,
      isActive: sql`c.is_active`,
      createdAt: isoTimeSql(sql`c.created_at`),
      version: versionSql(sql`c.updated_at`),
    }),
    cards: jsonObject<CustomerRecord['cards']>({
      casksHeld: sql`(select count(*) from casks k
        where k.owner_id = c.id and k.deleted_at is null)`,
      portfolioValue: sql`(select coalesce(sum(k.current_value), 0) from casks k
        where k.owner_id = c.id and k.deleted_at is null)`,
      totalInvested: sql`(select coalesce(sum(p.investment_amount), 0) from orders p
        where p.customer_id = c.id and p.deleted_at is null and p.status <> 'Reject')`,
      pointsBalance: sql`c.points_balance`,
    }),
  })}
  from customers c where c.id = ${id}::uuid and c.deleted_at is null`;

/**
 * The customer, with the four cards, in one statement: index-only counts and sums over their
 * casks (casks_owner_listing_idx) and orders (orders_customer_idx); null when there is no
 * such customer (or they were deleted). Its plan is the same for every customer: a named
 * statement, planned once (db/client.ts).
 */
export async function readCustomerRecord(
  database: Database,
  id: string,
): Promise<CustomerRecord | null> {
  const [row] = await database.readRows(customerRecordSql(id), { prepared: true });
  return (row?.[0] as CustomerRecord | undefined) ?? null;
}

/**
 * One paged section of a customer's page through db/list.ts (docs/adding-a-list.md): the rows of
 * `table` where `where` holds for the customer, newest first. Its total is counted as a search's
 * is: again only when one of `versions` has moved since, per customer (the key). `collect`: the
 * customer has few such rows in a large table reached by two indexes (referrals made and
 * received), so they are collected and sorted; otherwise the page walks the customer's
 * (customer, created_at, id) index from the nearer end, or `rows`, when given: the customer's
 * rows as a subquery `a` (id, created_at) whose order indexes serve. Every plan is the same for
 * every customer: one named statement, planned once, which also says whether the customer exists
 * (null when there is no such customer, or they were deleted). `customer` is the customer's id,
 * a value of the statement.
 */
function section<Item>(
  database: Database,
  source: {
    name: string;
    table: string;
    where: (customer: string) => SQL;
    /**
     * The rows a window reads (id, created_at) as a subquery aliased `a`, when not `where`'s:
     * already in the window's order, enough of them to reach its end.
     */
    rows?: (customer: string, window: ListWindow) => SQL;
    versions: readonly string[];
    item: SQL;
    /** The page's rows `w` (id, created_at) joined to what each row shows. */
    rowSql: (window: SQL, customer: string) => SQL;
    collect?: boolean;
  },
) {
  const read = createList<Item>(database, {
    counters: source.versions,
    sorts: { createdAt: 'created_at' },
    item: source.item,
  });
  return async (id: string, query: CustomerSectionParams) => {
    const answer = await read({
      page: query.page,
      limit: query.limit,
      key: `customer:${source.name}:${id}`,
      // No counter holds a customer's rows: the total is the count. Reading from the customer's
      // index is best whatever the count, unless `collect` says otherwise (lib/page-plan.ts).
      listTotal: () => (source.collect ? Number.MAX_SAFE_INTEGER : 0),
      search: {
        countSql: () =>
          sql`select count(*)::int from ${sql.identifier(source.table)} where ${source.where(id)}`,
        versionCounters: source.versions,
        prepared: true,
      },
      extras: () => [sql`select true from customers where id = ${id}::uuid and deleted_at is null`],
      pageSql: (window) => {
        const rows = windowSql(
          source.rows
            ? {
                table: source.rows(id, window),
                alias: 'a',
                columns: ['id', 'created_at'],
                where: sql`true`,
              }
            : { table: source.table, columns: ['id', 'created_at'], where: source.where(id) },
          window,
        );
        return source.rowSql(rows, id);
      },
    });
    if (answer.extras[0] !== true) return null;
    return { items: answer.items, pagination: answer.pagination };
  };
}

type CaskItem = ItemOf<CustomerCasksResponse>;
type PastCaskItem = ItemOf<CustomerPastCasksResponse>;
type OrderItem = ItemOf<CustomerOrdersResponse>;
type ReferralItem = ItemOf<CustomerReferralsResponse>;
type PointsItem = ItemOf<CustomerPointsResponse>;
type NotificationItem = ItemOf<CustomerNotificationsResponse>;

const CASK_ITEM = jsonObject<CaskItem>({
  id: sql`p.id`,
  name: sql`p.name`,
  distillery: sql`p.distillery`,
  year: sql`p.year`,
  volume: sql`p.volume`,
  abv: sql`p.abv`,
  gaugedOn: sql`p.gauged_on`,
  currentValue: sql`p.current_value`,
  gain: sql`p.current_value - p.purchase_price`,
  status: sql`p.status`,
});

const PAST_CASK_ITEM = jsonObject<PastCaskItem>({
  id: sql`p.id`,
  cask: jsonObject<PastCaskItem['cask']>({ id: sql`p.cask_id`, name: sql`p.name` }),
  transferredOn: sql`p.transferred_on`,
  to: jsonObject<PastCaskItem['to']>({ id: sql`p.to_id`, fullName: sql`p.to_name` }),
  price: sql`p.price`,
});

const ORDER_ITEM = jsonObject<OrderItem>({
  id: sql`p.id`,
  reference: sql`p.reference`,
  title: sql`p.title`,
  investmentAmount: sql`p.investment_amount`,
  status: sql`p.status`,
  manualPaymentStatus: sql`p.manual_payment_status`,
  submittedDate: isoTimeSql(sql`p.submitted_date`),
});

const REFERRAL_ITEM = jsonObject<ReferralItem>({
  id: sql`p.id`,
  direction: sql`p.direction`,
  other: jsonObject<ReferralItem['other']>({ id: sql`p.other_id`, fullName: sql`p.other_name` }),
  status: sql`p.status`,
  rewardAmount: sql`p.reward_amount`,
  pointsAwarded: sql`p.points_awarded`,
  createdAt: isoTimeSql(sql`p.created_at`),
});

// The balance after an entry: today's balance less every entry made after it.
const POINTS_ITEM = jsonObject<PointsItem>({
  id: sql`p.id`,
  createdAt: isoTimeSql(sql`p.created_at`),
  points: sql`p.points`,
  type: sql`p.type`,
  description: sql`p.description`,
  admin: sql`p.admin`,
  balance: sql`p.balance`,
});

const NOTIFICATION_ITEM = jsonObject<NotificationItem>({
  id: sql`p.id`,
  title: sql`p.title`,
  message: sql`p.message`,
  type: sql`p.type`,
  isGlobal: sql`p.is_global`,
  createdAt: isoTimeSql(sql`p.created_at`),
});

/**
 * A customer's notifications: theirs and the global ones, two walks of their own indexes, each up
 * to the window's end, merged in order. A page reads about as many rows as it reaches, however
 * many global notifications there are (collecting them all and sorting took 0.5-0.9 ms at 1M).
 */
function notificationRowsSql(customer: string, window: ListWindow): SQL {
  const { column, descending } = window.order;
  const direction = descending !== (window.read === 'oldest-first') ? sql`desc` : sql`asc`;
  const name = sql.identifier(column);
  const order = sql`order by ${name} ${direction}, id ${direction}`;
  const reach = window.offset + window.limit;
  const walk = (where: SQL) =>
    sql`(select id, ${name} from notifications where ${where} ${order} limit ${reach})`;
  return sql`(${walk(sql`recipient_id = ${customer}::uuid`)} union all ${walk(sql`is_global`)}) a`;
}

export function createCustomerSections(database: Database) {
  return {
    casks: section<CaskItem>(database, {
      name: 'casks',
      table: 'casks',
      // Deleted casks are left out (decision 273), as casks_owner_listing_idx does.
      where: (customer) => sql`owner_id = ${customer}::uuid and deleted_at is null`,
      // Moves with every change to casks, a transfer, a delete or its undo among them.
      versions: [CASK_COUNTERS.alertSearchVersion],
      item: CASK_ITEM,
      // Volume and ABV as the cask page shows them: the latest gauge, else as filled (decision 305).
      rowSql: (rows) =>
        sql`select k.id, k.name, k.distillery, k.year, coalesce(k.gauged_volume, k.volume) as volume,
          coalesce(k.gauged_abv, k.abv) as abv, to_char(k.last_gauged_on, 'YYYY-MM-DD') as gauged_on,
          k.current_value, k.purchase_price, k.status,
          k.created_at from (${rows}) w join casks k on k.id = w.id`,
    }),
    // The casks the customer transferred away (issue 41): their transfers from them, newest
    // first, with the owner each went to; a deleted cask is left out as everywhere.
    pastCasks: section<PastCaskItem>(database, {
      name: 'past-casks',
      table: 'cask_transfers',
      where: (customer) =>
        sql`from_customer_id = ${customer}::uuid and exists (select 1 from casks k
          where k.id = cask_transfers.cask_id and k.deleted_at is null)`,
      // A customer has few transfers among many (cask_transfers_from_idx): collected and sorted.
      collect: true,
      // Moves with every transfer (it changes the cask's owner), a delete or its undo.
      versions: [CASK_COUNTERS.alertSearchVersion],
      item: PAST_CASK_ITEM,
      rowSql: (rows) =>
        sql`select t.id, t.cask_id, k.name, to_char(t.transferred_on, 'YYYY-MM-DD') as transferred_on,
          o.id as to_id, o.full_name as to_name, t.price, t.created_at
          from (${rows}) w join cask_transfers t on t.id = w.id join casks k on k.id = t.cask_id
          join customers o on o.id = t.to_customer_id`,
    }),
    orders: section<OrderItem>(database, {
      name: 'orders',
      table: 'orders',
      where: (customer) => sql`customer_id = ${customer}::uuid and deleted_at is null`,
      versions: [ORDER_COUNTERS.searchVersion],
      item: ORDER_ITEM,
      rowSql: (rows) =>
        sql`select o.id, ${orderReferenceSql(sql`o.order_number`)} as reference, o.title,
          o.investment_amount, o.status, o.manual_payment_status, o.submitted_date, o.created_at
          from (${rows}) w join orders o on o.id = w.id`,
    }),
    referrals: section<ReferralItem>(database, {
      name: 'referrals',
      table: 'referrals',
      where: (customer) => sql`(referrer_id = ${customer}::uuid or referee_id = ${customer}::uuid)`,
      versions: [REFERRAL_COUNTERS.searchVersion],
      collect: true,
      item: REFERRAL_ITEM,
      rowSql: (rows, customer) =>
        sql`select r.id, case when r.referrer_id = ${customer}::uuid then 'made' else 'received' end
          as direction, o.id as other_id, o.full_name as other_name, r.status, r.reward_amount,
          r.points_awarded, r.created_at from (${rows}) w join referrals r on r.id = w.id
          join customers o on o.id = case when r.referrer_id = ${customer}::uuid
          then r.referee_id else r.referrer_id end`,
    }),
    points: section<PointsItem>(database, {
      name: 'points',
      table: 'point_transactions',
      where: (customer) => sql`customer_id = ${customer}::uuid`,
      versions: [POINT_TRANSACTION_COUNTERS.searchVersion],
      item: POINTS_ITEM,
      rowSql: (rows, customer) =>
        sql`select t.id, t.created_at, t.points, t.type, t.description, a.full_name as admin,
          c.points_balance - coalesce((select sum(l.points) from point_transactions l
          where l.customer_id = ${customer}::uuid and (l.created_at, l.id) > (t.created_at, t.id)), 0)
          as balance from (${rows}) w join point_transactions t on t.id = w.id
          join customers c on c.id = t.customer_id left join admins a on a.id = t.admin_id`,
    }),
    notifications: section<NotificationItem>(database, {
      name: 'notifications',
      table: 'notifications',
      where: (customer) => sql`(recipient_id = ${customer}::uuid or is_global)`,
      rows: notificationRowsSql,
      versions: [NOTIFICATION_COUNTERS.searchVersion],
      item: NOTIFICATION_ITEM,
      rowSql: (rows) =>
        sql`select n.id, n.title, n.message, n.type, n.is_global, n.created_at
          from (${rows}) w join notifications n on n.id = w.id`,
    }),
  };
}
