import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  containsPattern,
  searchTextSql,
  windowSql,
  type ListRequest,
  type ListWindow,
} from '../../db/list.ts';
import { COUNTER_NAMES } from '../../db/schema/counters.ts';
import { customers } from '../../db/schema/customers.ts';

// The customers as every list of them reads them (User Management, the Reward List): the same
// visible rows, search, order and paging, and the row lock a change to one customer takes.
// Each module adds its own per-row columns on top of `customerWindowSql` in its own repository.

/**
 * The visible customers, and the search the lists share (a substring of the name or the e-mail),
 * for db/list.ts. The trigram index is partial (customers.ts), so the condition keeps the
 * `deleted_at is null` it is built with. `pattern` is containsPattern's result.
 */
function visibleCustomersSql(pattern: string | undefined): SQL {
  return pattern === undefined
    ? sql`deleted_at is null`
    : sql`deleted_at is null and ${searchTextSql(pattern)}`;
}

/** The columns of the page subquery `w` of every customer list. */
const CUSTOMER_WINDOW_COLUMNS = [
  'id',
  'full_name',
  'email',
  'phone',
  'is_active',
  'points_balance',
  'created_at',
  'updated_at',
];

/**
 * The page subquery `w` (id, full_name, email, phone, is_active, points_balance, created_at,
 * updated_at) that a customer list selects from.
 */
export function customerWindowSql(window: ListWindow, pattern: string | undefined): SQL {
  return windowSql(
    { table: 'customers', columns: CUSTOMER_WINDOW_COLUMNS, where: visibleCustomersSql(pattern) },
    window,
  );
}

export function countCustomerMatchesSql(pattern: string): SQL {
  return sql`select count(*)::int from customers where ${visibleCustomersSql(pattern)}`;
}

/**
 * Paging over a million customers (docs/decisions/041 and 170) for the lists of them (User
 * Management, the Reward List), as one request of db/list.ts. The total is exact and never
 * a count(*) over the table: the maintained counter without a search; with one, a count through
 * the trigram index, kept for as long as the search version (bumped in the same transaction as
 * any change to names, e-mails or deletions) stays.
 */
export interface CustomerPageRequest {
  page: number;
  limit: number;
  search?: string | undefined;
  sort?: string | undefined;
}

/** The counters every customer list reads with its page. */
export const CUSTOMER_LIST_COUNTERS = [
  COUNTER_NAMES.customers,
  COUNTER_NAMES.customersSearchVersion,
] as const;

/**
 * The customer columns a list sorts by, each with its partial index on (column, id) (migration
 * list_sorts); a list's row SQL keeps the ones it offers under these names.
 */
export const CUSTOMER_SORTS = {
  createdAt: 'created_at',
  fullName: 'full_name',
  email: 'email',
  referralPoints: 'points_balance',
} as const;

/**
 * `rowSql(w)` is the list's select list over the page's customers `w` (customerWindowSql's
 * columns); it must keep `id` and the columns of the sorts it offers under those names.
 */
export function customerListRequest(
  request: CustomerPageRequest,
  name: string,
  rowSql: SQL,
): ListRequest {
  const { page, limit, search, sort } = request;
  const pattern = search === undefined ? undefined : containsPattern(search);
  return {
    page,
    limit,
    sort,
    key: `${name}:${pattern ?? ''}`,
    listTotal: (counter) => counter(COUNTER_NAMES.customers),
    ...(pattern === undefined
      ? {}
      : {
          search: {
            countSql: () => countCustomerMatchesSql(pattern),
            versionCounters: [COUNTER_NAMES.customersSearchVersion],
          },
        }),
    pageSql: (window) => sql`select ${rowSql} from (${customerWindowSql(window, pattern)}) w`,
  };
}

/** Locks the customer's row for the rest of the transaction; deleted customers are not found. */
export async function lockVisibleCustomer(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: customers.id,
      fullName: customers.fullName,
      email: customers.email,
      isActive: customers.isActive,
      pointsBalance: customers.pointsBalance,
      updatedAt: customers.updatedAt,
    })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .for('update');
  return row;
}

/** The customer lists' WHERE (User Management, the Reward List), for their CSV export (modules/exports). */
export const customerListWhereSql = visibleCustomersSql;
