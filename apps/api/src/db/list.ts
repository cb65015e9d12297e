import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Pagination } from '@cask/contracts/common';
import { planPage, type PageWindow } from '../lib/page-plan.ts';
import type { Database } from './client.ts';
import { counterRowNames, SLOTTED_COUNTERS } from './schema/counters.ts';
import { frozenOnce, frozenSql, literal } from './sql-fragments.ts';

/**
 * The one path every list endpoint takes (docs/adding-a-list.md, decision 189). A list is declared
 * once, in its module, with `createList`: the counters it shows, the order of its pages, and each
 * row as the contract's item (SQL json). A request gives its page, filters and search; one
 * statement answers the counters, the exact total and the page's items, in one snapshot:
 *
 *   select (<counters as a json object>), (<a search's count, when not known>),
 *          (select json_agg(<item> order by <sort>, id) from (<the page>) p)
 *
 * A list declares the columns it can be sorted by (`sorts`, the contract's names); a request names
 * one (`sort=name`, `sort=-createdAt`) or gets newest first. Ties are broken by id in the same
 * direction, so a sorted list is one total order that reads the same both ways, served by an
 * index on (column, id) from either end.
 *
 * Totals are exact: without a search, a counter kept by triggers in the same transaction as every
 * change (src/db/sql/); with one, a count that is made again only when the search's version
 * counters have moved since this process last counted. A deep page is read from the nearer end of
 * the list (lib/page-plan.ts), which needs the total first: the window is planned from the total
 * last seen for the same list, and read again in the rare case the answer shows it was stale.
 */

export interface ListSource {
  /** Counters read with every page (their names are beside each table, db/schema/<table>.ts). */
  counters: readonly string[];
  /**
   * The orders a request may ask for: the contract's sort name (`createdAt`) and the column of the
   * list's table (`created_at`), which the page subquery `p` keeps under the same name. Each is
   * backed by an index on (column, id) so both ends of the list are a short walk (issue 31).
   * `createdAt` is the default order, newest first.
   */
  sorts: Readonly<Record<string, string>>;
  /** One row of the page subquery `p` as the contract's item: a `jsonObject` of its columns. */
  item: SQL;
}

export interface ListRequest {
  page: number;
  limit: number;
  /** One of the source's sorts, descending with a leading `-`; newest first when not given. */
  sort?: string | undefined;
  /** The list, its filters and its search: what the remembered totals are kept by. */
  key: string;
  /** Rows the list holds without a search, from the counters (the whole list, or a filter). */
  listTotal(counter: (name: string) => number): number;
  /**
   * A search: the SQL that counts its matches, and the counters that move (in the same
   * transaction) with any change that could change that count.
   */
  search?: {
    countSql(): SQL;
    versionCounters: readonly string[];
    /**
     * The count and the page have one best plan whatever the values (e.g. one customer's rows,
     * through that customer's index): a named statement, planned once, as a list without a search.
     */
    prepared?: boolean;
  };
  /** The page subquery for a window (give it to windowSql): the rows `item` reads. */
  pageSql(window: ListWindow): SQL;
  /** How to read the page once the total is known: lib/page-plan.ts's planPage by default. */
  plan?: typeof planPage;
  /** Scalar subqueries the answer needs besides the counters (e.g. an admin's unread count). */
  extras?(): readonly SQL[];
}

export interface ListAnswer<Item> {
  items: Item[];
  pagination: Pagination;
  /** A counter read in the same snapshot as the page (0 when never written). */
  counter(name: string): number;
  /** The request's `extras`, in order. */
  extras: unknown[];
}

/** A list's order: a column of its table, then id, both ascending or both descending. */
export interface ListOrder {
  column: string;
  descending: boolean;
}

/** A window of the list in its order: 'newest-first' reads from its start, 'oldest-first' its end. */
export type ListWindow = PageWindow & { order: ListOrder };

const DEFAULT_ORDER: ListOrder = { column: 'created_at', descending: true };

/** The request's sort as the source declares it; a sort it does not declare is a bug (500). */
function listOrder(source: ListSource, sort: string | undefined): ListOrder {
  if (sort === undefined) return DEFAULT_ORDER;
  const descending = sort.startsWith('-');
  const column = source.sorts[descending ? sort.slice(1) : sort];
  if (column === undefined || !COLUMN.test(column)) throw new Error(`Unknown sort ${sort}`);
  return { column, descending };
}

/** `<column> <direction>, id <direction>` over `qualifier`, either way; frozen (decision 453). */
function orderSql(order: ListOrder, qualifier: string, backwards = false): SQL {
  const descending = order.descending !== backwards;
  return frozenOnce(`order:${qualifier}:${order.column}:${descending}`, () => {
    const direction = descending ? sql`desc` : sql`asc`;
    const [table, column, id] = [qualifier, order.column, 'id'].map((name) => sql.identifier(name));
    return sql`${table}.${column} ${direction}, ${table}.${id} ${direction}`;
  });
}

/** A list's last total; `version`: its search's version counters then; `listTotal`: unsearched. */
type Remembered = { total: number; version: number; listTotal: number };

/** The lists (and their filters and searches) whose totals a list remembers, the latest used. */
const REMEMBERED_LISTS = 500;
const NAME = /^[a-z_.A-Z]+$/;
const COLUMN = /^[a-z_]+$/;

function sameWindow(a: PageWindow | null, b: PageWindow | null): boolean {
  return a?.read === b?.read && a?.limit === b?.limit && a?.offset === b?.offset;
}

/** The counters' rows (`<name>#<slot>` for a slotted one) as literals for `name in (...)`. */
function counterRowsSql(names: readonly string[]): SQL {
  return sql.join(
    names.flatMap((name) => counterRowNames(name).map((row) => literal(row))),
    sql`, `,
  );
}

export function createList<Item>(database: Database, source: ListSource) {
  const remembered = new LRUCache<string, Remembered>({ max: REMEMBERED_LISTS });
  for (const name of source.counters) {
    if (!NAME.test(name)) throw new Error(`Unusable counter name ${name}`);
  }
  const rows = counterRowsSql(source.counters);
  const item = frozenSql(source.item);
  // A slotted counter's rows (`<name>#<slot>`, decision 222) are summed under its name.
  const countersSql = frozenSql(
    source.counters.some((name) => SLOTTED_COUNTERS[name])
      ? sql`(select json_object_agg(name, value) from (select split_part(name, '#', 1) as name, sum(value) as value from counters where name in (${rows}) group by 1) c)`
      : sql`(select json_object_agg(name, value) from counters where name in (${rows}))`,
  );

  async function read(request: ListRequest, window: PageWindow | null, known?: Remembered) {
    const order = listOrder(source, request.sort);
    let count = sql`null::int`;
    if (request.search) {
      const versions = counterRowsSql(request.search.versionCounters);
      // The count is made only when a version counter has moved since it was last made: CASE runs
      // the subquery only in the branch it takes.
      count = sql`case when (select coalesce(sum(value), 0) from counters where name in (${versions})) = ${known?.version ?? -1} then null else (${request.search.countSql()}) end`;
    }
    const extras = (request.extras?.() ?? []).map((extra) => sql`, (${extra})`);
    // Past the end: read nothing (LIMIT 0 runs no scan).
    const page = request.pageSql({
      ...(window ?? { read: 'newest-first', limit: 0, offset: 0 }),
      order,
    });
    const statement = sql`select ${countersSql}, ${count}${sql.join(extras)}, (select coalesce(json_agg(${item} order by ${orderSql(order, 'p')}), '[]') from (${page}) p)`;
    // A search's best plan depends on its term: planned with its values on every call, unless it
    // says otherwise. Anything else has one best plan whatever its values: named, planned once
    // (db/client.ts).
    const prepared = !request.search || request.search.prepared === true;
    const [row] = await database.readRows(statement, { prepared });
    return row ?? [];
  }

  return async function list(request: ListRequest): Promise<ListAnswer<Item>> {
    const { page, limit, key, search } = request;
    const plan = request.plan ?? planPage;
    let known = remembered.get(key);
    let window: PageWindow | null = known
      ? plan({ page, limit, total: known.total, listTotal: known.listTotal, searching: !!search })
          .window
      : { read: 'newest-first', limit, offset: (page - 1) * limit };
    for (let attempt = 1; ; attempt++) {
      const row = await read(request, window, known);
      const values = (row[0] ?? {}) as Record<string, number | undefined>;
      const counter = (name: string) => Number(values[name] ?? 0);
      const listTotal = request.listTotal(counter);
      const version = search
        ? search.versionCounters.reduce((sum, name) => sum + counter(name), 0)
        : 0;
      // Without a search the counter is the total; a search's count is null when it was not made
      // again (its version has not moved), and then the one remembered is still exact.
      const counted = row[1] === null || row[1] === undefined ? undefined : Number(row[1]);
      const total = !search ? listTotal : (counted ?? known?.total ?? 0);
      known = { total, version, listTotal };
      remembered.set(key, known);

      const actual = plan({ page, limit, total, listTotal, searching: !!search });
      if (!sameWindow(actual.window, window)) {
        // Planned from a stale total: the rows may be the wrong ones. Read again.
        if (attempt === 3) throw new Error('The list kept changing while it was read');
        window = actual.window;
        continue;
      }
      return {
        items: (row[row.length - 1] ?? []) as Item[],
        pagination: actual.pagination,
        counter,
        extras: row.slice(2, row.length - 1),
      };
    }
  };
}

/** What a page is read from: a table by name, or a subquery with the alias it is written with. */
export type WindowSource = {
  /** The columns the page keeps (the order's column is added when missing), or every one. */
  columns: readonly string[] | '*';
  /** The rows of the list with the request's filters. */
  where: SQL;
} & ({ table: string; alias?: undefined } | { table: SQL; alias: string });

/**
 * The rows of one page of a list in the window's order (a column, then id), read as the window
 * says: a subquery over `table` with `columns` (and the order's column), for callers to select
 * from and add per-row columns computed for the page's rows only, never for rows an OFFSET skips.
 */
export function windowSql(source: WindowSource, window: ListWindow): SQL {
  const { where } = source;
  // A subquery's alias (`(select ...) a`) names its columns in the order; a table names its own.
  let from: SQL;
  let qualifier: string;
  if (typeof source.table === 'string') {
    if (!COLUMN.test(source.table)) throw new Error(`Unusable table ${source.table}`);
    from = sql`${sql.identifier(source.table)}`;
    qualifier = source.table;
  } else {
    from = source.table;
    qualifier = source.alias ?? '';
  }
  const { order } = window;
  let columns = sql`*`;
  if (source.columns !== '*') {
    const names = source.columns.includes(order.column)
      ? source.columns
      : [...source.columns, order.column];
    columns = frozenOnce(`columns:${names.join(',')}`, () => {
      for (const name of names) if (!COLUMN.test(name)) throw new Error(`Unusable column ${name}`);
      return sql.join(
        names.map((name) => sql.identifier(name)),
        sql`, `,
      );
    });
  }
  if (!Number.isSafeInteger(window.limit) || window.limit < 0)
    throw new Error(`Unusable page size ${window.limit}`);
  // The page size is written into the statement (a checked integer), the offset is a value.
  const limit = literal(window.limit);
  if (window.read === 'matches-first') {
    // PostgreSQL never flattens a subquery with an OFFSET, so `OFFSET 0` makes it collect the
    // matches through the search indexes on its own, instead of walking the listing index with a
    // LIMIT it guessed would stop early (decision 041).
    return sql`select * from (select ${columns} from ${from} where ${where} offset 0) m order by ${orderSql(order, 'm')} limit ${limit} offset ${window.offset}`;
  }
  const backwards = window.read === 'oldest-first';
  return sql`select ${columns} from ${from} where ${where} order by ${orderSql(order, qualifier, backwards)} limit ${limit} offset ${window.offset}`;
}

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
 * searched fields lower-cased, one per line, behind one trigram index. `pattern` is
 * containsPattern's result, a value of the statement.
 */
export function searchTextSql(pattern: string): SQL {
  return sql`search_text like lower(${pattern})`;
}
