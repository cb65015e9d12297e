import type { Pagination } from '@cask/contracts/common';
import { uploadUrl } from '@cask/contracts/files';
import { planPage, type PageWindow } from '../lib/page-plan.ts';
import { ACCOUNT_DISABLED, TOKEN_ENDED, UnauthorizedError } from '../lib/errors.ts';
import { JsonText } from '../lib/json-text.ts';
import type { AccessClaims } from '../lib/tokens.ts';
import type { Database } from './client.ts';

/**
 * The one path every list endpoint takes (issue 14, docs/decisions/170 and 171): the admin's
 * authorization, the counters, the exact total and the page come back from ONE statement, in one
 * snapshot, as one row, through the driver (db/client.ts `readRows`). PostgreSQL writes the page's
 * items in the contract's shape as JSON text, which the answer carries as it is (lib/json-text.ts):
 * no row is parsed, mapped or stringified in JavaScript.
 *
 *   select <the admin's row>, <counters>, <count of a search, when not known>,
 *          (select json_agg(<item> order by <the page's order>) from (<the page>) p)::text
 *   from (select 1) one left join admins on id = $1
 *
 * The page window depends on the total (lib/page-plan.ts reads the nearer end of the list), and
 * the total comes back with the page, so the window is planned from the total this process last
 * saw for the same list; when the answer shows it planned from a stale total that changes the
 * rows (a window read from the oldest end, or a page thought past the end), it reads again with
 * the right window. Read from the newest end, the rows of a page never depend on the total.
 */

/** The values of one statement's placeholders, in order (the pipeline's `$1` is the admin's id). */
export class StatementValues {
  readonly values: unknown[];
  constructor(first: readonly unknown[] = []) {
    this.values = [...first];
  }
  /** The placeholder of `value` (a new one each call). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface SignedInAdminRow {
  id: string;
  email: string;
  fullName: string;
}

export interface ListSource {
  /** Counters read with every page (db/schema/counters.ts names), in this order. */
  counters: readonly string[];
  /** The page's order over the page subquery `p`, e.g. `p.created_at desc, p.id desc`. */
  order: string;
  /**
   * One row of the page subquery `p` as the contract's item: an SQL json expression, e.g.
   * `json_build_object('id', p.id, 'createdAt', ${isoTimeSql('p.created_at')})`. Numbers come out
   * as JSON numbers, so money (numeric) is written as its exact decimal.
   */
  itemJson: string;
}

const UPLOADS = uploadUrl('');
if (!/^[a-z/]+$/.test(UPLOADS)) throw new Error(`Unusable uploads prefix ${UPLOADS}`);

/** The address of an uploaded file (the contracts' uploadUrl) by its id's column; null for null. */
export function uploadUrlSql(column: string): string {
  return `'${UPLOADS}' || ${column}`;
}

/**
 * A timestamp as JavaScript's Date#toISOString writes it (UTC, milliseconds, `Z`), which is what
 * the contracts' datetimes accept; PostgreSQL's own json form would carry `+00:00`.
 */
export function isoTimeSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export interface ListRequest {
  page: number;
  limit: number;
  /**
   * Everything but the page and its size that changes the answer (the list, its filters and
   * search): the remembered totals and kept answers are found by it.
   */
  key: string;
  /** Rows the list holds without the search, from the counters (the whole list, or a status). */
  listTotal(counter: (name: string) => number): number;
  /**
   * A search (or a total no counter holds): the SQL that counts its rows, and the version
   * counter(s) whose values tell that a count made earlier is still exact (a trigger moves them
   * in the same transaction as any change that could change the count; with several, the count
   * is kept while none has moved). Without a version counter the count is made on every request.
   */
  count?: {
    sql: (values: StatementValues) => string;
    versionCounter?: string | readonly string[];
  };
  /** The page subquery for a window: select the `columns`, in the window's order. */
  pageSql(window: PageWindow, values: StatementValues): string;
  /**
   * A search: its best plan may depend on the values, so a statement that counts its matches or
   * collects them ('matches-first') is planned with its values on every call. A walk over the
   * list's own index ('newest-first', 'oldest-first', which the pipeline chooses only where the
   * matches are dense) has one best plan whatever the term, and runs on its generic plan like
   * any other page (decision 174).
   */
  plannedPerCall: boolean;
  /**
   * A search whose matches the list's trigram index finds by the term's own trigrams
   * (`searchTextSql` with a term `trigramIndexable` accepts): collecting them has one best plan
   * too, that index, and runs on its generic plan; only its count is planned per call
   * (decision 177).
   */
  collectsOnGenericPlan?: boolean;
  /**
   * How to read the page once the total is known: lib/page-plan.ts's planPage unless the list
   * knows better (e.g. what collecting one match costs against an index step). It must read
   * 'newest-first' or 'matches-first' windows at offset (page - 1) * limit, or 'oldest-first'.
   */
  plan?: typeof planPage;
  /**
   * Values the answer needs that neither a counter nor the count holds, and that do not depend on
   * the page (the Notifications' per-admin unread count): scalar subqueries read in the same
   * statement, given back in order as `answer.extras`, even for a page past the end.
   */
  extras?: (values: StatementValues) => readonly string[];
}

export interface ListAnswer<Item> {
  admin: SignedInAdminRow;
  /** The page's items, as JSON text of the contract's items (written into the answer as it is). */
  items: JsonText<Item[]>;
  pagination: Pagination;
  /** A counter read in the same snapshot as the page (0 when never written). */
  counter(name: string): number;
  /** The request's `extras`, in order, as the driver gave them. */
  extras: unknown[];
}

interface Remembered {
  total: number;
  /** The version counters' values the total was counted at (searches), or null. */
  version: string | null;
  /**
   * The list's total without the search, seen with `total`. A search's plan weighs walking the
   * list against collecting the matches by it; planned with the search's own total in its place,
   * a search with few matches was never collected and walked the whole list instead (a rare
   * referral search: seconds).
   */
  listTotal: number;
}

const HEADER_COLUMNS = 4;
const NO_ITEMS = '[]';
const REMEMBERED_LISTS = 500;
const KEPT_ANSWERS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function windowToRead(window: PageWindow | null): PageWindow {
  // Past the end: read nothing (LIMIT 0 runs no scan).
  return window ?? { read: 'newest-first', limit: 0, offset: 0 };
}

export function createListPipeline<Item>(database: Database, source: ListSource) {
  const remembered = new Map<string, Remembered>();
  const counterSql = source.counters
    .map((name) => {
      if (!/^[a-z_.A-Z]+$/.test(name)) throw new Error(`Unusable counter name ${name}`);
      return `(select value::text from counters where name = '${name}')`;
    })
    .join(', ');

  function remember(key: string, value: Remembered) {
    remembered.delete(key);
    remembered.set(key, value);
    if (remembered.size > REMEMBERED_LISTS) {
      const oldest = remembered.keys().next();
      if (!oldest.done) remembered.delete(oldest.value);
    }
  }

  async function read(
    claims: AccessClaims,
    request: ListRequest,
    window: PageWindow,
    withCount: boolean,
  ) {
    const values = new StatementValues([claims.adminId]);
    const countSql = withCount ? request.count?.sql(values) : undefined;
    const count = countSql === undefined ? 'null::int' : `(${countSql})`;
    const extras = request.extras?.(values) ?? [];
    const page = request.pageSql(window, values);
    const text =
      `select a.is_active, a.token_version, a.email, a.full_name` +
      (counterSql ? `, ${counterSql}` : '') +
      `, ${count}${extras.map((extra) => `, (${extra})`).join('')}` +
      `, (select json_agg(${source.itemJson} order by ${source.order}) from (${page}) p)::text` +
      ` from (select 1) one left join admins a on a.id = $1`;
    const generic =
      countSql === undefined &&
      (window.read !== 'matches-first' || request.collectsOnGenericPlan === true);
    const rows = await database.readRows(text, values.values, {
      prepared: !request.plannedPerCall || generic,
    });
    return { rows, extras: extras.length };
  }

  async function readList(claims: AccessClaims, request: ListRequest): Promise<ListAnswer<Item>> {
    const { page, limit, key } = request;
    const planWindow = request.plan ?? planPage;
    const searching = request.count !== undefined;
    let known = remembered.get(key);
    // Count when nothing is known, or when the count has no version to keep it by.
    let withCount = searching && (!known || request.count?.versionCounter === undefined);
    let assumed: number | null = known?.total ?? null;
    let listTotalSeen: number | null = known?.listTotal ?? null;
    for (let attempt = 0; ; attempt++) {
      const used =
        assumed === null
          ? { read: 'newest-first' as const, limit, offset: (page - 1) * limit }
          : planWindow({
              page,
              limit,
              total: assumed,
              listTotal: Math.max(assumed, listTotalSeen ?? assumed),
              searching,
            }).window;
      const { rows, extras } = await read(claims, request, windowToRead(used), withCount);
      const header = rows[0] ?? [];
      // The same refusals, in the same order, as plugins/authenticate.ts's look-up.
      if (header[0] !== true) throw new UnauthorizedError(ACCOUNT_DISABLED);
      if (Number(header[1]) !== claims.tokenVersion) throw new UnauthorizedError(TOKEN_ENDED);
      const counters = new Map<string, number>();
      source.counters.forEach((name, index) =>
        counters.set(name, Number(header[HEADER_COLUMNS + index] ?? 0)),
      );
      const counter = (name: string) => counters.get(name) ?? 0;
      const listTotal = request.listTotal(counter);
      listTotalSeen = listTotal;
      const countAt = HEADER_COLUMNS + source.counters.length;
      const versionCounter = request.count?.versionCounter;
      const version =
        versionCounter === undefined
          ? null
          : typeof versionCounter === 'string'
            ? String(counter(versionCounter))
            : versionCounter.map(counter).join(':');

      let total: number;
      if (!searching) total = listTotal;
      else if (withCount) total = Number(header[countAt]);
      else if (known && known.version === version) total = known.total;
      else {
        // The data moved since the count this process kept: count again, with the page.
        withCount = true;
        assumed = known?.total ?? null;
        if (attempt < 3) continue;
        throw new Error('The list kept changing while it was read');
      }
      known = { total, version, listTotal };
      remember(key, known);

      const actual = planWindow({ page, limit, total, listTotal, searching });
      const stale =
        actual.window !== null &&
        (used === null || (used.read === 'oldest-first' && assumed !== total));
      if (stale && attempt < 3) {
        assumed = total;
        withCount = false;
        continue;
      }
      const itemsAt = countAt + 1 + extras;
      // json_agg of no rows is null: an empty page, or a window past the end (LIMIT 0).
      const items = actual.window === null ? null : header[itemsAt];
      return {
        admin: { id: claims.adminId, email: String(header[2]), fullName: String(header[3]) },
        items: new JsonText<Item[]>(typeof items === 'string' ? items : NO_ITEMS),
        pagination: actual.pagination,
        counter,
        extras: header.slice(countAt + 1, itemsAt),
      };
    }
  }

  // Embedded PGlite: this process alone changes the database, so an answer stays exact for as
  // long as nothing has been sent through `db` since it was read; the admin's state included
  // (disabling an admin or ending a session is such a write). The answer is kept per admin,
  // token version, list, page and size, and only for the UTC day it was read on (an offer's days
  // left count from today). PostgreSQL answers are never kept: other processes write.
  const changes = database.changes;
  if (!changes) return readList;
  const answers = new Map<string, { at: number; day: number; answer: ListAnswer<Item> }>();
  return async function list(claims: AccessClaims, request: ListRequest) {
    const id = `${claims.adminId}\n${claims.tokenVersion}\n${request.key}\n${request.page}\n${request.limit}`;
    const at = changes();
    const day = Math.floor(Date.now() / DAY_MS);
    const kept = answers.get(id);
    if (kept && kept.at === at && kept.day === day) return kept.answer;
    const answer = await readList(claims, request);
    if (changes() === at) {
      answers.delete(id);
      answers.set(id, { at, day, answer });
      if (answers.size > KEPT_ANSWERS) {
        const oldest = answers.keys().next();
        if (!oldest.done) answers.delete(oldest.value);
      }
    }
    return answer;
  };
}

/**
 * The rows of one page of a newest-first list (by created_at, then id), read as the window says,
 * as SQL: a subquery over `table` with `columns`, for callers to select from and add per-row
 * columns computed for the page's rows only, never for rows an OFFSET skips. `limit`
 * is written into the text (a handful of shapes), the offset is a value.
 */
export function windowSql(
  source: { table: string; columns: string; where: string },
  window: PageWindow,
  values: StatementValues,
): string {
  const { table, columns, where } = source;
  if (!Number.isSafeInteger(window.limit) || window.limit < 0)
    throw new Error(`Unusable page size ${window.limit}`);
  const offset = values.add(window.offset);
  if (window.read === 'matches-first') {
    // PostgreSQL never flattens a subquery with an OFFSET, so `OFFSET 0` makes it collect the
    // matches through the search indexes on its own, instead of walking the listing index with a
    // LIMIT it guessed would stop early (decision 041).
    return (
      `select * from (select ${columns} from ${table} where ${where} offset 0) m` +
      ` order by m.created_at desc, m.id desc limit ${window.limit} offset ${offset}`
    );
  }
  const direction = window.read === 'newest-first' ? 'desc' : 'asc';
  return (
    `select ${columns} from ${table} where ${where}` +
    ` order by created_at ${direction}, id ${direction} limit ${window.limit} offset ${offset}`
  );
}
