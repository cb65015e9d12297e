import { stringify } from 'csv-stringify/sync';

/**
 * OWASP 'CSV Injection': a cell starting with one of these is read as a formula by spreadsheet
 * programs. Such a cell gets a leading apostrophe, which they show as text and do not run.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number (money, a count, a negative gain) is no formula and stays a number. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function neutralise(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  const text = String(cell);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The UTF-8 byte-order mark: spreadsheet programs then read the file as UTF-8. */
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Rows as CSV text (RFC 4180 quoting, CRLF line ends, csv-stringify), each cell neutralised. A
 * cell holding a line break of its own, a lone LF or CR too, is quoted (csv-stringify quotes only
 * the record delimiter's CRLF once one is set, unless told), as PostgreSQL's COPY quotes it
 * (decision 279).
 */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return stringify(
    rows.map((row) => row.map(neutralise)),
    { record_delimiter: 'windows', quote_record_delimiter: true },
  );
}
