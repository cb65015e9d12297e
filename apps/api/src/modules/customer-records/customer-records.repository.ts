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
import type { Database } from '../../db/client.ts';
import {
  createList,
  isoTimeSql,
  windowSql,
  type ListWindow,
  type StatementValues,
} from '../../db/legacy-list.ts';
import { COUNTER_NAMES } from '../../db/schema/counters.ts';
import { versionSql } from '../../db/versions.ts';

const CUSTOMER_RECORD = `
  select json_build_object(
    'customer', json_build_object('id', c.id, 'fullName', c.full_name, 'email', c.email,
      'phone', c.phone, 'isActive', c.is_active, 'createdAt', ${isoTimeSql('c.created_at')},
      'version', ${versionSql('c.updated_at')}),
    'cards', json_build_object(
      'casksHeld', (select count(*) from casks k
        where k.owner_id = c.id and k.deleted_at is null),
      'portfolioValue', (select coalesce(sum(k.current_value), 0) from casks k
        where k.owner_id = c.id and k.deleted_at is null),
      'totalInvested', (select coalesce(sum(p.investment_amount), 0) from purchases p
        where p.customer_id = c.id and p.deleted_at is null and p.status <> 'Reject'),
      'pointsBalance', c.points_balance))
  from customers c where c.id = $1::uuid and c.deleted_at is null`;

/**
 * The customer, with the four cards, in one statement: index-only counts and sums over their
 * casks (casks_owner_listing_idx) and orders (purchases_customer_idx); null when there is no
 * such customer (or they were deleted). Its plan is the same for every customer: a named
 * statement, planned once (db/client.ts).
 */
export async function readCustomerRecord(
  database: Database,
  id: string,
): Promise<CustomerRecord | null> {
  const [row] = await database.readRows(CUSTOMER_RECORD, [id], { prepared: true });
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
 * (null when there is no such customer, or they were deleted).
 */
function section<Item>(
  database: Database,
  source: {
    name: string;
    table: string;
    where: (customer: string) => string;
    /**
     * The rows a window reads (id, created_at) as a subquery aliased `a`, when not `where`'s:
     * already in the window's order, enough of them to reach its end.
     */
    rows?: (customer: string, window: ListWindow, values: StatementValues) => string;
    versions: readonly string[];
    itemJson: string;
    /** The page's rows `w` (id, created_at) joined to what each row shows. */
    rowSql: (window: string, customer: string, values: StatementValues) => string;
    collect?: boolean;
  },
) {
  const read = createList<Item>(database, {
    counters: source.versions,
    sorts: { createdAt: 'created_at' },
    itemJson: source.itemJson,
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
        countSql: (values) =>
          `select count(*)::int from ${source.table} where ${source.where(values.add(id))}`,
        versionCounters: source.versions,
        prepared: true,
      },
      extras: (values) => [
        `select true from customers where id = ${values.add(id)}::uuid and deleted_at is null`,
      ],
      pageSql: (window, values) => {
        const customer = values.add(id);
        const rows = windowSql(
          source.rows
            ? {
                table: source.rows(customer, window, values),
                alias: 'a',
                columns: 'id, created_at',
                where: 'true',
              }
            : { table: source.table, columns: 'id, created_at', where: source.where(customer) },
          window,
          values,
        );
        return source.rowSql(rows, customer, values);
      },
    });
    if (answer.extras[0] !== true) return null;
    return { items: answer.items, pagination: answer.pagination };
  };
}

export function createCustomerSections(database: Database) {
  return {
    casks: section<ItemOf<CustomerCasksResponse>>(database, {
      name: 'casks',
      table: 'casks',
      // Deleted casks are left out (decision 273), as casks_owner_listing_idx does.
      where: (customer) => `owner_id = ${customer}::uuid and deleted_at is null`,
      // Moves with every change to casks, a transfer, a delete or its undo among them.
      versions: [COUNTER_NAMES.casksAlertSearchVersion],
      itemJson:
        "json_build_object('id', p.id, 'name', p.name, 'distillery', p.distillery, 'year', p.year," +
        " 'volume', p.volume, 'abv', p.abv, 'gaugedOn', p.gauged_on," +
        " 'currentValue', p.current_value, 'gain', p.current_value - p.purchase_price, 'status', p.status)",
      // Volume and ABV as the cask page shows them: the latest gauge, else as filled (decision 305).
      rowSql: (rows) =>
        `select k.id, k.name, k.distillery, k.year, coalesce(k.gauged_volume, k.volume) as volume,` +
        ` coalesce(k.gauged_abv, k.abv) as abv, to_char(k.last_gauged_on, 'YYYY-MM-DD') as gauged_on,` +
        ` k.current_value, k.purchase_price, k.status,` +
        ` k.created_at from (${rows}) w join casks k on k.id = w.id`,
    }),
    // The casks the customer transferred away (issue 41): their transfers from them, newest
    // first, with the owner each went to; a deleted cask is left out as everywhere.
    pastCasks: section<ItemOf<CustomerPastCasksResponse>>(database, {
      name: 'past-casks',
      table: 'cask_transfers',
      where: (customer) =>
        `from_customer_id = ${customer}::uuid and exists (select 1 from casks k` +
        ' where k.id = cask_transfers.cask_id and k.deleted_at is null)',
      // A customer has few transfers among many (cask_transfers_from_idx): collected and sorted.
      collect: true,
      // Moves with every transfer (it changes the cask's owner), a delete or its undo.
      versions: [COUNTER_NAMES.casksAlertSearchVersion],
      itemJson:
        "json_build_object('id', p.id, 'cask', json_build_object('id', p.cask_id, 'name', p.name)," +
        " 'transferredOn', p.transferred_on, 'to', json_build_object('id', p.to_id," +
        " 'fullName', p.to_name), 'price', p.price)",
      rowSql: (rows) =>
        `select t.id, t.cask_id, k.name, to_char(t.transferred_on, 'YYYY-MM-DD') as transferred_on,` +
        ' o.id as to_id, o.full_name as to_name, t.price, t.created_at' +
        ` from (${rows}) w join cask_transfers t on t.id = w.id join casks k on k.id = t.cask_id` +
        ' join customers o on o.id = t.to_customer_id',
    }),
    orders: section<ItemOf<CustomerOrdersResponse>>(database, {
      name: 'orders',
      table: 'purchases',
      where: (customer) => `customer_id = ${customer}::uuid and deleted_at is null`,
      versions: [COUNTER_NAMES.purchasesSearchVersion],
      itemJson:
        "json_build_object('id', p.id, 'title', p.title, 'investmentAmount', p.investment_amount," +
        " 'status', p.status, 'manualPaymentStatus', p.manual_payment_status," +
        ` 'submittedDate', ${isoTimeSql('p.submitted_date')})`,
      rowSql: (rows) =>
        `select o.id, o.title, o.investment_amount, o.status, o.manual_payment_status,` +
        ` o.submitted_date, o.created_at from (${rows}) w join purchases o on o.id = w.id`,
    }),
    referrals: section<ItemOf<CustomerReferralsResponse>>(database, {
      name: 'referrals',
      table: 'referrals',
      where: (customer) => `(referrer_id = ${customer}::uuid or referee_id = ${customer}::uuid)`,
      versions: [COUNTER_NAMES.referralsSearchVersion],
      collect: true,
      itemJson:
        "json_build_object('id', p.id, 'direction', p.direction, 'other', json_build_object(" +
        "'id', p.other_id, 'fullName', p.other_name), 'status', p.status," +
        " 'rewardAmount', p.reward_amount, 'pointsAwarded', p.points_awarded," +
        ` 'createdAt', ${isoTimeSql('p.created_at')})`,
      rowSql: (rows, customer) =>
        `select r.id, case when r.referrer_id = ${customer}::uuid then 'made' else 'received' end` +
        ' as direction, o.id as other_id, o.full_name as other_name, r.status, r.reward_amount,' +
        ` r.points_awarded, r.created_at from (${rows}) w join referrals r on r.id = w.id` +
        ` join customers o on o.id = case when r.referrer_id = ${customer}::uuid` +
        ' then r.referee_id else r.referrer_id end',
    }),
    points: section<ItemOf<CustomerPointsResponse>>(database, {
      name: 'points',
      table: 'point_transactions',
      where: (customer) => `customer_id = ${customer}::uuid`,
      versions: [COUNTER_NAMES.pointTransactionsSearchVersion],
      // The balance after an entry: today's balance less every entry made after it.
      itemJson:
        "json_build_object('id', p.id, 'createdAt', " +
        isoTimeSql('p.created_at') +
        ", 'points', p.points, 'type', p.type, 'description', p.description, 'admin', p.admin," +
        " 'balance', p.balance)",
      rowSql: (rows, customer) =>
        `select t.id, t.created_at, t.points, t.type, t.description, a.full_name as admin,` +
        ` c.points_balance - coalesce((select sum(l.points) from point_transactions l` +
        ` where l.customer_id = ${customer}::uuid and (l.created_at, l.id) > (t.created_at, t.id)), 0)` +
        ` as balance from (${rows}) w join point_transactions t on t.id = w.id` +
        ` join customers c on c.id = t.customer_id left join admins a on a.id = t.admin_id`,
    }),
    notifications: section<ItemOf<CustomerNotificationsResponse>>(database, {
      name: 'notifications',
      table: 'notifications',
      where: (customer) => `(recipient_id = ${customer}::uuid or is_global)`,
      // Theirs and the global ones: two walks of their own indexes, each up to the window's end,
      // merged in order. A page reads about as many rows as it reaches, however many global
      // notifications there are (collecting them all and sorting took 0.5-0.9 ms at 1M).
      rows: (customer, window, values) => {
        const { column, descending } = window.order;
        const direction = descending !== (window.read === 'oldest-first') ? 'desc' : 'asc';
        const order = `order by ${column} ${direction}, id ${direction}`;
        const reach = values.add(window.offset + window.limit);
        const walk = (where: string) =>
          `(select id, ${column} from notifications where ${where} ${order} limit ${reach})`;
        return `(${walk(`recipient_id = ${customer}::uuid`)} union all ${walk('is_global')}) a`;
      },
      versions: [COUNTER_NAMES.notificationsSearchVersion],
      itemJson:
        "json_build_object('id', p.id, 'title', p.title, 'message', p.message, 'type', p.type," +
        ` 'isGlobal', p.is_global, 'createdAt', ${isoTimeSql('p.created_at')})`,
      rowSql: (rows) =>
        `select n.id, n.title, n.message, n.type, n.is_global, n.created_at` +
        ` from (${rows}) w join notifications n on n.id = w.id`,
    }),
  };
}
