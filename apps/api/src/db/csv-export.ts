import type { ExportFilters, ExportList } from '@cask/contracts/exports';
import { BYTE_ORDER_MARK, csvLines } from './csv.ts';
import type { Database } from './client.ts';
import { containsPattern, StatementValues } from './list.ts';

/**
 * A list's CSV export (issue 29, decision 211): what each list declares in its module's
 * `*-export.repository.ts`, and the reading every export shares. A list gives:
 * - `table` and `where`: the rows the list shows with the request's filters, over the table's own
 *   columns, built by the list's own repository (its `*ListWhereSql`), so an export has exactly
 *   the screen's total;
 * - `joins` and `columns`: each CSV column as SQL text over the page `w` (id, created_at) and the
 *   joins, in the header's order: the screen's columns plus the record's id and timestamps. Money
 *   is the numeric column's exact text, times ISO 8601 in UTC (isoTimeSql), dates YYYY-MM-DD.
 */
export interface ExportSource<Filters> {
  /** The file name's stem, e.g. 'orders' for orders-2026-03-04.csv. */
  file: string;
  table: string;
  where(filters: Filters, values: StatementValues): string;
  joins: string;
  columns: readonly (readonly [header: string, sql: string])[];
}

/** Every list's export source, by the list's name (src/export-sources.ts fills it). */
export type ExportSources = { [L in ExportList]: ExportSource<ExportFilters<L>> };

/**
 * Rows read per statement. Each page is one short statement (keyset: after the last row's
 * created_at and id, on the list's (created_at, id) index), so a slow download holds no
 * connection or snapshot between pages, and memory holds one page whatever the list's size.
 */
export const EXPORT_PAGE_ROWS = 2000;

/** A search term's LIKE pattern as a placeholder, or undefined without a search. */
export function searchPattern(values: StatementValues, search: string | undefined) {
  return search === undefined ? undefined : values.add(containsPattern(search));
}

/** 'Active' or 'Inactive', as the lists' Status columns read. */
export function activeTextSql(column: string): string {
  return `case when ${column} then 'Active' else 'Inactive' end`;
}

/** The statement reading the page after `cursor` (the last row's created_at and id as text). */
function pageSql<Filters>(
  source: ExportSource<Filters>,
  filters: Filters,
  cursor: readonly [string, string] | null,
  values: StatementValues,
): string {
  const where = source.where(filters, values);
  const after = cursor
    ? ` and (created_at, id) < (${values.add(cursor[0])}::timestamptz, ${values.add(cursor[1])}::uuid)`
    : '';
  const page =
    `select id, created_at from ${source.table} where (${where})${after}` +
    ` order by created_at desc, id desc limit ${EXPORT_PAGE_ROWS}`;
  const columns = source.columns.map(([, column]) => column).join(', ');
  return (
    `select ${columns}, w.created_at::text, w.id::text from (${page}) w ${source.joins}` +
    ' order by w.created_at desc, w.id desc'
  );
}

/**
 * The CSV text of a list, newest first as on screen, a page at a time: the byte-order mark and
 * the header, then each page's rows as they are read. The next page is read only when the
 * consumer asks for more (a stream made with Readable.from pulls it), so memory stays flat.
 * `onEnd` runs once it ends, whole or cut short (an error, the client gone).
 */
export async function* csvExport<Filters>(
  database: Pick<Database, 'readRows'>,
  source: ExportSource<Filters>,
  filters: Filters,
  onEnd: (rows: number, whole: boolean) => Promise<void>,
): AsyncGenerator<string> {
  let rows = 0;
  let whole = false;
  try {
    yield BYTE_ORDER_MARK + csvLines([source.columns.map(([header]) => header)]);
    let cursor: readonly [string, string] | null = null;
    for (;;) {
      const values = new StatementValues();
      const text = pageSql(source, filters, cursor, values);
      const page = await database.readRows(text, values.values, { prepared: false });
      if (page.length === 0) break;
      rows += page.length;
      const last = page[page.length - 1]!;
      cursor = [String(last[last.length - 2]), String(last[last.length - 1])];
      yield csvLines(page.map((row) => row.slice(0, -2)));
      if (page.length < EXPORT_PAGE_ROWS) break;
    }
    whole = true;
  } finally {
    await onEnd(rows, whole);
  }
}
