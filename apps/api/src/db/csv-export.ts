import { pipeline, Transform, type Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { BYTE_ORDER_MARK, csvLines } from './csv.ts';
import type { Database } from './client.ts';
import { containsPattern } from './list.ts';
import { literal } from './sql-fragments.ts';

/**
 * A list's CSV export (issue 29, decision 211): what each list declares in its own repository
 * (handed to `routeListExport` by its routes, decision 374), and the reading every export shares.
 * A list gives:
 * - `table` and `where`: the rows the list shows with the request's filters, over the table's own
 *   columns, built by the list's own repository (its `*ListWhereSql`), so an export has exactly
 *   the screen's total;
 * - `joins` and `columns`: each CSV column as drizzle `sql` over the page `w` (id, created_at) and the
 *   joins, in the header's order: the screen's columns plus the record's id and timestamps. Money
 *   is the numeric column's exact text, times ISO 8601 in UTC (isoTimeSql), dates YYYY-MM-DD.
 */
export interface ExportSource<Filters> {
  /** The file name's stem, e.g. 'orders' for orders-2026-03-04.csv. */
  file: string;
  table: string;
  where(filters: Filters): SQL;
  joins: SQL;
  columns: readonly (readonly [header: string, sql: SQL])[];
  /**
   * The orders the list offers: the contract's sort name to its table's column, as the list's
   * `createList` declares them (the same constant), so a sorted export has the screen's order.
   */
  sorts: Readonly<Record<string, string>>;
}

/**
 * Rows read per statement. Each page is one short statement (keyset: after the last row's
 * sort column and id, on the list's (column, id) index), so a slow download holds no
 * connection or snapshot between pages, and memory holds one page whatever the list's size.
 */
export const EXPORT_PAGE_ROWS = 2000;

/** A search term's LIKE pattern (containsPattern), or undefined without a search. */
export function searchPattern(search: string | undefined): string | undefined {
  return search === undefined ? undefined : containsPattern(search);
}

/** 'Active' or 'Inactive', as the lists' Status columns read. */
export function activeTextSql(column: SQL): SQL {
  return sql`case when ${column} then 'Active' else 'Inactive' end`;
}

/** The export's order: a column of the list's table, then id, both in one direction. */
interface ExportOrder {
  column: string;
  descending: boolean;
}

const COLUMN = /^[a-z_]+$/;

/** The filters' `sort` as the source declares it (the contract allow-lists it); newest first. */
export function exportOrder(
  sorts: Readonly<Record<string, string>>,
  sort: string | undefined,
): ExportOrder {
  if (sort === undefined) return { column: 'created_at', descending: true };
  const descending = sort.startsWith('-');
  const column = sorts[descending ? sort.slice(1) : sort];
  if (column === undefined || !COLUMN.test(column)) throw new Error(`Unknown sort ${sort}`);
  return { column, descending };
}

/**
 * Where a page starts. The order is the list's `<column> <dir>, id <dir>`, in which PostgreSQL puts
 * NULLs after every value ascending and before them descending. A row comparison never matches a
 * NULL, so the rows are read in two parts, each a range of the list's (column, id) index: the rows
 * with a value and the rows without one (ascending values first, descending NULLs first). `after`
 * is the last row read: its column as text (null for NULL) and its id.
 */
interface Cursor {
  nulls: boolean;
  after: readonly [value: string | null, id: string] | null;
}

/** `<column>` of `qualifier` (the export's order: a name its source declares). */
function column(order: ExportOrder, qualifier?: string): SQL {
  const name = sql.identifier(order.column);
  return qualifier === undefined ? sql`${name}` : sql`${sql.identifier(qualifier)}.${name}`;
}

/** `<column> <dir>, id <dir>` over `qualifier` (the rows themselves when not given). */
function orderSql(order: ExportOrder, qualifier?: string): SQL {
  const direction = order.descending ? sql`desc` : sql`asc`;
  const id = qualifier === undefined ? sql`id` : sql`${sql.identifier(qualifier)}.id`;
  return sql`${column(order, qualifier)} ${direction}, ${id} ${direction}`;
}

/** The list's rows `w`: id, created_at and the order's column, from `source.table`. */
function listRowsSql<Filters>(source: ExportSource<Filters>, filters: Filters, order: ExportOrder) {
  if (!COLUMN.test(source.table)) throw new Error(`Unusable table ${source.table}`);
  const sortColumn = order.column === 'created_at' ? sql`` : sql`, ${column(order)}`;
  return sql`select id, created_at${sortColumn} from ${sql.identifier(source.table)} where (${source.where(filters)})`;
}

/** The statement reading the page after `cursor`. */
function pageSql<Filters>(
  source: ExportSource<Filters>,
  filters: Filters,
  order: ExportOrder,
  cursor: Cursor,
): SQL {
  const after = order.descending ? sql`<` : sql`>`;
  let part: SQL;
  if (cursor.nulls) {
    part = cursor.after
      ? sql`${column(order)} is null and id ${after} ${cursor.after[1]}::uuid`
      : sql`${column(order)} is null`;
  } else if (cursor.after) {
    // The value takes the column's type from the comparison (it is the column's text).
    part = sql`(${column(order)}, id) ${after} (${cursor.after[0]}, ${cursor.after[1]}::uuid)`;
  } else {
    part = sql`${column(order)} is not null`;
  }
  const page = sql`${listRowsSql(source, filters, order)} and ${part} order by ${orderSql(order)} limit ${literal(EXPORT_PAGE_ROWS)}`;
  const columns = sql.join(
    source.columns.map(([, cell]) => cell),
    sql`, `,
  );
  return sql`select ${columns}, ${column(order, 'w')}::text, w.id::text from (${page}) w ${source.joins} order by ${orderSql(order, 'w')}`;
}

/**
 * The CSV text of a list in the screen's order (its `sort`, newest first without one), a page at
 * a time: the byte-order mark and the header, then each page's rows as they are read. The next
 * page is read only when the consumer asks for more (a stream made with Readable.from pulls it),
 * so memory stays flat.
 * `onEnd` runs once it ends, whole or cut short (an error, the client gone).
 */
export async function* csvExport<Filters>(
  database: Pick<Database, 'readRows'>,
  source: ExportSource<Filters>,
  filters: Filters,
  /**
   * The list's `sort` (the contract allow-lists it): the screen's order; `searching`: whether the
   * filters hold a search term, whose best plan depends on it (db/client.ts ReadRows).
   */
  view: { sort: string | undefined; searching: boolean },
  onEnd: (rows: number, whole: boolean) => Promise<void>,
): AsyncGenerator<string> {
  let rows = 0;
  let whole = false;
  try {
    yield BYTE_ORDER_MARK + csvLines([source.columns.map(([header]) => header)]);
    const order = exportOrder(source.sorts, view.sort);
    // Ascending, the values come first and the NULLs last; descending, the other way round.
    const parts = order.descending ? [true, false] : [false, true];
    for (const nulls of parts) {
      let cursor: Cursor = { nulls, after: null };
      for (;;) {
        // Without a search every page is one statement whose plan fits any values: named and
        // planned once (decision 224), not planned again for each of a million rows' pages.
        const page = await database.readRows(pageSql(source, filters, order, cursor), {
          prepared: !view.searching,
        });
        if (page.length === 0) break;
        rows += page.length;
        const last = page[page.length - 1]!;
        const value = last[last.length - 2];
        cursor = { nulls, after: [value === null ? null : String(value), String(last.at(-1))] };
        yield csvLines(page.map((row) => row.slice(0, -2)));
        if (page.length < EXPORT_PAGE_ROWS) break;
      }
    }
    whole = true;
  } finally {
    await onEnd(rows, whole);
  }
}

/**
 * The COPY statement of a list's export on PostgreSQL (decision 279): the same rows, joins,
 * columns and order as the pages of `csvExport`, read by one statement, each cell through the
 * database function csv_cell (src/db/sql/120_csv_cell.sql). The columns are computed in a
 * subquery kept apart by `offset 0`, so that csv_cell, inlined, reads each computed column rather
 * than computing its expression again. PostgreSQL's own order of NULLs is the lists' order.
 * A COPY takes no parameters: Database.copyOut writes each value as a literal (drizzle's
 * inlineParams), which takes its type from where it stands as a placeholder does.
 */
export function copyExportSql<Filters>(
  source: ExportSource<Filters>,
  filters: Filters,
  sort: string | undefined,
): SQL {
  const order = exportOrder(source.sorts, sort);
  const computed = sql.join(
    source.columns.map(([, cell], i) => sql`${cell} as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  const cells = sql.join(
    source.columns.map((_, i) => sql`csv_cell(e.${sql.identifier(`c${i}`)})`),
    sql`, `,
  );
  const direction = order.descending ? sql`desc` : sql`asc`;
  const rows = sql`select ${computed}, ${column(order, 'w')} as sort_value, w.id as sort_id from (${listRowsSql(source, filters, order)}) w ${source.joins} order by ${orderSql(order, 'w')} offset 0`;
  return sql`copy (select ${cells} from (${rows}) e order by e.sort_value ${direction}, e.sort_id ${direction}) to stdout with (format csv)`;
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * COPY ends each record with LF; csv-stringify, and so the file PGlite's path writes, with CRLF.
 * This puts a CR before every LF that ends a record (one outside quotes: a quoted cell's own line
 * breaks stay as they are, as csv-stringify leaves them), and counts the records it has passed.
 */
export class RecordEnds {
  rows = 0;
  private quoted = false;
  private readonly ends: number[] = [];

  crlf(chunk: Buffer): Buffer {
    const ends = this.ends;
    ends.length = 0;
    let quoted = this.quoted;
    let position = 0;
    let quote = chunk.indexOf(QUOTE);
    for (;;) {
      if (quoted) {
        // Inside quotes until the next quote ("" inside a cell closes and opens again).
        if (quote === -1) break;
        quoted = false;
      } else {
        const lf = chunk.indexOf(LF, position);
        if (quote === -1 || (lf !== -1 && lf < quote)) {
          if (lf === -1) break;
          ends.push(lf);
          position = lf + 1;
          continue;
        }
        quoted = true;
      }
      position = quote + 1;
      quote = chunk.indexOf(QUOTE, position);
    }
    this.quoted = quoted;
    this.rows += ends.length;
    if (ends.length === 0) return chunk;
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let from = 0;
    let to = 0;
    for (const lf of ends) {
      to += chunk.copy(out, to, from, lf);
      out[to++] = CR;
      from = lf;
    }
    chunk.copy(out, to, from);
    return out;
  }
}

/**
 * A list's CSV as PostgreSQL writes it (decision 279): the byte-order mark and the header from
 * here, then the bytes of `copyExportSql`'s COPY with CRLF record ends, passed on with
 * backpressure (stream.pipeline: the COPY is read only as fast as the answer is taken), so memory
 * holds a few socket buffers whatever the list's size. Destroying the answer (the client went
 * away) destroys the COPY's stream, whose connection is then closed (Database.copyOut).
 * `onEnd` runs once it ends, whole or cut short, before the file's last byte when whole.
 */
export async function copyCsvExport<Filters>(
  copyOut: NonNullable<Database['copyOut']>,
  source: ExportSource<Filters>,
  filters: Filters,
  sort: string | undefined,
  onEnd: (rows: number, whole: boolean) => Promise<void>,
): Promise<Readable> {
  const copy = await copyOut(copyExportSql(source, filters, sort));
  const records = new RecordEnds();
  let ended = false;
  const end = (whole: boolean) => {
    if (ended) return Promise.resolve();
    ended = true;
    return onEnd(records.rows, whole);
  };
  const file = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, records.crlf(chunk));
    },
    flush(callback) {
      end(true).then(() => callback(), callback);
    },
    destroy(error, callback) {
      end(false).then(
        () => callback(error),
        (failed: Error) => callback(error ?? failed),
      );
    },
  });
  file.push(BYTE_ORDER_MARK + csvLines([source.columns.map(([header]) => header)]));
  // Its errors reach the answer through `file`, which pipeline destroys with them.
  pipeline(copy, file, () => {});
  return file;
}
