import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { windowSql, type ListRequest, type StatementValues } from '../../db/list-pipeline.ts';
import type { PageWindow } from '../../lib/page-plan.ts';
import { COUNTER_NAMES } from '../../db/schema/counters.ts';
import { customers } from '../../db/schema/customers.ts';

// The customers as every list of them reads them (User Management, the Reward List): the same
// visible rows, search, order and paging, and the row lock a change to one customer takes.
// Each module adds its own per-row columns on top of `customerWindowSql` in its own repository.

/**
 * `%term%` for LIKE and ILIKE, with the pattern characters of the term matched literally. A term is
 * one line (the contracts' searchParam refuses a line break): the lists' `search_text` columns
 * hold one field per line, and a term spanning two lines would match across fields.
 */
export function containsPattern(term: string): string {
  if (/[\n\r]/.test(term)) throw new Error('A search term must be a single line');
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A case-insensitive substring search over a list's `search_text` column (decision 176): the
 * searched fields lower-cased, one per line, behind one trigram index. ILIKE lower-cases both
 * sides, so this matches exactly the rows where one of the fields is `ilike` the pattern.
 * `pattern` is a placeholder holding containsPattern's result.
 */
export function searchTextSql(pattern: string): string {
  return `search_text like lower(${pattern})`;
}

/**
 * Whether the trigram index finds a term's rows by the term's own trigrams (decision 177).
 * pg_trgm takes trigrams from runs of word characters, and three ASCII letters or digits in a row
 * are word characters in any locale. A term without such a run ('zq', 'ø-å', '@x') gives it no
 * trigram: the index would be read whole, so such a term's matches are collected on a plan made
 * for the term (which reads the table instead).
 */
function trigramIndexable(term: string): boolean {
  return /[A-Za-z0-9]{3}/.test(term);
}

/**
 * How a list on `searchTextSql` plans a request (db/list-pipeline.ts): with a search, counting
 * and collecting depend on the term, and collecting runs on its generic plan when the term has a
 * trigram (decisions 174, 177); without one, every statement is prepared.
 */
export function searchPlanning(
  search: string | undefined,
): Pick<ListRequest, 'plannedPerCall' | 'collectsOnGenericPlan'> {
  return {
    plannedPerCall: search !== undefined,
    collectsOnGenericPlan: search !== undefined && trigramIndexable(search),
  };
}

/**
 * The visible customers, and the search the lists share (a substring of the name or the e-mail),
 * as SQL text for db/list-pipeline.ts. The trigram index is partial (customers.ts), so the
 * condition keeps the `deleted_at is null` it is built with. `pattern` is a placeholder holding
 * containsPattern's result.
 */
function visibleCustomersSql(pattern: string | undefined): string {
  return pattern === undefined
    ? 'deleted_at is null'
    : `deleted_at is null and ${searchTextSql(pattern)}`;
}

/**
 * The page subquery `w` (id, full_name, email, phone, is_active, points_balance, created_at) that a
 * customer list selects from.
 */
export function customerWindowSql(
  window: PageWindow,
  pattern: string | undefined,
  values: StatementValues,
): string {
  return windowSql(
    {
      table: 'customers',
      columns: 'id, full_name, email, phone, is_active, points_balance, created_at',
      where: visibleCustomersSql(pattern),
    },
    window,
    values,
  );
}

export function countCustomerMatchesSql(pattern: string): string {
  return `select count(*)::int from customers where ${visibleCustomersSql(pattern)}`;
}

/**
 * Paging over a million customers (docs/decisions/041 and 170) for the lists of them (User
 * Management, the Reward List), as one request of db/list-pipeline.ts. The total is exact and never
 * a count(*) over the table: the maintained counter without a search; with one, a count through
 * the trigram index, kept for as long as the search version (bumped in the same transaction as
 * any change to names, e-mails or deletions) stays.
 */
export interface CustomerPageRequest {
  page: number;
  limit: number;
  search?: string | undefined;
}

/** The counters every customer list reads with its page. */
export const CUSTOMER_LIST_COUNTERS = [
  COUNTER_NAMES.customers,
  COUNTER_NAMES.customersSearchVersion,
] as const;

/** The page's order over the page subquery: newest first. */
export const CUSTOMER_LIST_ORDER = 'p.created_at desc, p.id desc';

/**
 * `rowSql(w)` is the list's select list over the page's customers `w` (customerWindowSql's
 * columns); it must keep `created_at` and `id` under those names for the order.
 */
export function customerListRequest(
  request: CustomerPageRequest,
  name: string,
  rowSql: string,
): ListRequest {
  const { page, limit, search } = request;
  const pattern = search === undefined ? undefined : containsPattern(search);
  const placeholder = (values: StatementValues) =>
    pattern === undefined ? undefined : values.add(pattern);
  return {
    page,
    limit,
    key: `${name}:${pattern ?? ''}`,
    listTotal: (counter) => counter(COUNTER_NAMES.customers),
    ...(pattern === undefined
      ? {}
      : {
          count: {
            sql: (values) => countCustomerMatchesSql(values.add(pattern)),
            versionCounter: COUNTER_NAMES.customersSearchVersion,
          },
        }),
    pageSql: (window, values) =>
      `select ${rowSql} from (${customerWindowSql(window, placeholder(values), values)}) w`,
    ...searchPlanning(search),
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
    })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .for('update');
  return row;
}
