import { sql, type SQL } from 'drizzle-orm';
import { uploadUrl } from '@cask/contracts/files';
import type { planPage } from '../lib/page-plan.ts';
import type { Database } from './client.ts';
import type { ExportSource } from './csv-export.ts';
import {
  containsPattern,
  createList as createSqlList,
  type ListAnswer,
  type ListWindow,
  type ListOrder,
} from './list.ts';

/*
 * TEMPORARY (issue 42, part 2): the string-built list API the modules not yet written with
 * drizzle's `sql` still use, as thin adapters over db/list.ts. Each module moves to db/list.ts and
 * db/csv-export.ts as it is converted; this file goes with the last of them.
 */

export { containsPattern, type ListWindow, type ListAnswer };

/** The values of one statement's placeholders, in order. */
export class StatementValues {
  readonly values: unknown[] = [];
  /** The placeholder of `value` (a new one each call). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Text with `$n` placeholders and their values as one drizzle fragment. */
export function legacySql(text: string, values: readonly unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, i) => {
    chunks.push(i % 2 === 0 ? sql.raw(piece) : sql`${sql.param(values[Number(piece) - 1])}`);
  });
  return sql.join(chunks);
}

function fragment(build: (values: StatementValues) => string): SQL {
  const values = new StatementValues();
  const text = build(values);
  return legacySql(text, values.values);
}

export interface ListRequest {
  page: number;
  limit: number;
  sort?: string | undefined;
  key: string;
  listTotal(counter: (name: string) => number): number;
  search?: {
    countSql(values: StatementValues): string;
    versionCounters: readonly string[];
    prepared?: boolean;
  };
  pageSql(window: ListWindow, values: StatementValues): string;
  plan?: typeof planPage;
  extras?(values: StatementValues): readonly string[];
}

export function createList<Item>(
  database: Database,
  source: {
    counters: readonly string[];
    sorts: Readonly<Record<string, string>>;
    itemJson: string;
  },
) {
  const read = createSqlList<Item>(database, {
    counters: source.counters,
    sorts: source.sorts,
    item: sql.raw(source.itemJson),
  });
  return (request: ListRequest): Promise<ListAnswer<Item>> => {
    const { search, extras } = request;
    return read({
      page: request.page,
      limit: request.limit,
      sort: request.sort,
      key: request.key,
      listTotal: request.listTotal,
      ...(request.plan ? { plan: request.plan } : {}),
      ...(search
        ? {
            search: {
              versionCounters: search.versionCounters,
              ...(search.prepared === undefined ? {} : { prepared: search.prepared }),
              countSql: () => fragment((values) => search.countSql(values)),
            },
          }
        : {}),
      pageSql: (window) => fragment((values) => request.pageSql(window, values)),
      ...(extras
        ? {
            extras: () => {
              const values = new StatementValues();
              return extras(values).map((text) => legacySql(text, values.values));
            },
          }
        : {}),
    });
  };
}

function orderSql(order: ListOrder, table: string, backwards = false): string {
  const direction = order.descending !== backwards ? 'desc' : 'asc';
  return `${table}.${order.column} ${direction}, ${table}.id ${direction}`;
}

export function windowSql(
  source: { table: string; columns: string; where: string; alias?: string },
  window: ListWindow,
  values: StatementValues,
): string {
  const { table, where } = source;
  const qualifier = source.alias ?? table;
  const { order } = window;
  const listed = source.columns.split(',').map((column) => column.trim());
  const columns =
    listed.includes('*') || listed.includes(order.column)
      ? source.columns
      : `${source.columns}, ${order.column}`;
  if (!Number.isSafeInteger(window.limit) || window.limit < 0)
    throw new Error(`Unusable page size ${window.limit}`);
  const offset = values.add(window.offset);
  if (window.read === 'matches-first') {
    return (
      `select * from (select ${columns} from ${table} where ${where} offset 0) m` +
      ` order by ${orderSql(order, 'm')} limit ${window.limit} offset ${offset}`
    );
  }
  const backwards = window.read === 'oldest-first';
  return (
    `select ${columns} from ${table} where ${where}` +
    ` order by ${orderSql(order, qualifier, backwards)} limit ${window.limit} offset ${offset}`
  );
}

export function searchTextSql(pattern: string): string {
  return `search_text like lower(${pattern})`;
}

export function uploadUrlSql(column: string): string {
  return `'${uploadUrl('')}' || ${column}`;
}

export function isoTimeSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A search term's LIKE pattern as a placeholder, or undefined without a search. */
export function searchPattern(values: StatementValues, search: string | undefined) {
  return search === undefined ? undefined : values.add(containsPattern(search));
}

export function activeTextSql(column: string): string {
  return `case when ${column} then 'Active' else 'Inactive' end`;
}

export interface LegacyExportSource<Filters> {
  file: string;
  table: string;
  where(filters: Filters, values: StatementValues): string;
  joins: string;
  columns: readonly (readonly [header: string, sql: string])[];
  sorts: Readonly<Record<string, string>>;
}

/** A string-built export source as db/csv-export.ts's. */
export function legacyExportSource<Filters>(
  source: LegacyExportSource<Filters>,
): ExportSource<Filters> {
  return {
    file: source.file,
    table: source.table,
    sorts: source.sorts,
    where: (filters) => fragment((values) => source.where(filters, values)),
    joins: sql.raw(source.joins),
    columns: source.columns.map(([header, text]) => [header, sql.raw(text)] as const),
  };
}
