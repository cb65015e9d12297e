import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { CsvError, parse } from 'csv-parse';
import {
  CSV_IMPORT_EMPTY,
  CSV_IMPORT_FILE_FIELD,
  CSV_IMPORT_FILE_REQUIRED,
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_NOT_UTF8,
  CSV_IMPORT_TOO_LARGE,
  type CsvDateOrder,
  type CsvRowRefusal,
} from '@cask/contracts/csv-import';
import { BYTE_ORDER_MARK, csvLines } from '../db/csv.ts';
import {
  AppError,
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from './errors.ts';

/**
 * The CSV import kit (issue 44, decision 404): what every import of a file shares, so that each
 * import writes only its own columns, matching and apply. An import is two calls on the same
 * file, both multipart with the file in `file` (CSV_IMPORT_FILE_FIELD) and its options as text
 * fields:
 *
 * 1. a preview, which reads and checks every row and writes nothing (a Viewer may call it: mark
 *    the route `config: { viewerMayWrite: PREVIEW_IS_A_READ }`, plugins/roles.ts);
 * 2. an apply (an Admin), which reads the same file again, checks it again under the rows' locks
 *    in one transaction, and refuses (409) when the preview it names no longer holds.
 *
 * How to build one (the valuations import, modules/casks/valuation-imports.*, is the example):
 *
 * - in the routes' plugin, `await registerCsvUploads(app)`; each handler calls
 *   `readCsvUpload(request)` (the file's bytes, name and text fields; 10 MB at most, 413 beyond);
 * - the service awaits `parseCsvImport(upload.bytes, { columns, required, row })`: UTF-8 with or
 *   without a byte-order mark (400 otherwise), comma or semicolon (found from the header), a
 *   header row naming the columns (case and spaces do not matter; an unknown or missing column is
 *   a 400), each row handed to `row` as its cells by column, which answers the row or throws a
 *   `CsvRowRefusal` (`refuseRow(message)`): the row is then listed with its line and the reason;
 * - an import whose columns are not fixed (the reconciliation's statement, whose columns the admin
 *   maps; decision 412) awaits `openCsvRows(upload.bytes)` instead, the same reading one level
 *   down: the header row as written, then each row's cells with its line as a loop asks for them
 *   (`for await`, so a large file is never held as cells; decision 429), the rows that could not
 *   be read, the delimiter and the hash; `parseCsvImport` is built on it;
 * - an import that names its file otherwise in its messages ('the statement') passes its
 *   `CsvWords` to `readCsvUpload` and `openCsvRows` (the kit's own are `CSV_IMPORT_WORDS`);
 * - `parseCsvDay(text, dateOrder)` and `parseCsvAmount(text, delimiter)` read the cells whose
 *   format depends on the file; `fileHash` is the file's SHA-256;
 * - an export of the results goes through `csvReport` (every cell formula-neutralised, the
 *   byte-order mark first), never through its own stringify.
 */

/** A row refused by an import's `row` function: listed with its line, never applied. */
export class CsvRowRefusalError extends Error {}
export function refuseRow(message: string): never {
  throw new CsvRowRefusalError(message);
}

/**
 * What the kit says about the file, so an import may name it its own way (decision 412). Every
 * message about the file's content names the field `file` in the answer's `errors` too.
 */
export interface CsvWords {
  /** The file in a sentence: 'file', 'statement'. */
  noun: string;
  tooLarge: string;
  notUtf8: string;
  fileRequired: string;
  /** Put before csv-parse's own message (which names the line). */
  notCsv: string;
  /** The file has no header row. */
  noHeader: string;
}

/** The kit's words (the valuations import's). */
export const CSV_IMPORT_WORDS: CsvWords = {
  noun: 'file',
  tooLarge: CSV_IMPORT_TOO_LARGE,
  notUtf8: CSV_IMPORT_NOT_UTF8,
  fileRequired: CSV_IMPORT_FILE_REQUIRED,
  notCsv: 'The file is not valid CSV',
  noHeader: CSV_IMPORT_EMPTY,
};

/** A 400 about the file itself, naming its field. */
const fileError = (message: string) =>
  new BadRequestError(message, [{ field: CSV_IMPORT_FILE_FIELD, message }]);

/** What the multipart body carried. */
export interface CsvUpload {
  bytes: Buffer;
  fileName: string | null;
  /** Each text field's first value. */
  fields: Record<string, string>;
}

/**
 * Multipart parsing for an import's routes (register it inside the routes' plugin, so it applies
 * there only): one file of at most CSV_IMPORT_MAX_BYTES, cut while streaming, and a few small
 * text fields.
 */
export async function registerCsvUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: CSV_IMPORT_MAX_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 4 * 1024,
      parts: 11,
      headerPairs: 100,
    },
  });
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The multipart plugin's errors as ours, with a message a person can act on. */
function uploadError(error: unknown, words: CsvWords): unknown {
  if (error instanceof AppError) return error;
  switch (codeOf(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeError(words.tooLarge);
    case 'FST_FILES_LIMIT':
      return new PayloadTooLargeError('Too many files: send one CSV file');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new PayloadTooLargeError('Too many form fields in the upload');
    default: {
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      return typeof status === 'number' && status >= 400 && status < 500
        ? error
        : new BadRequestError('The upload could not be read: the multipart body is malformed');
    }
  }
}

/** Reads the file (in `file`) and the text fields of an import's request into memory. */
export async function readCsvUpload(
  request: FastifyRequest,
  words: CsvWords = CSV_IMPORT_WORDS,
): Promise<CsvUpload> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError(
      `Send the ${words.noun} as multipart/form-data in the field '${CSV_IMPORT_FILE_FIELD}'`,
    );
  }
  const upload: CsvUpload = { bytes: Buffer.alloc(0), fileName: null, fields: {} };
  let found = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!(part.fieldname in upload.fields) && typeof part.value === 'string') {
          upload.fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== CSV_IMPORT_FILE_FIELD) {
        part.file.resume();
        throw new BadRequestError(
          `Send the ${words.noun} in the field '${CSV_IMPORT_FILE_FIELD}'`,
          [{ field: part.fieldname, message: 'This field does not take a file' }],
        );
      }
      upload.bytes = await part.toBuffer();
      // Over a real socket the last chunk can arrive after the limit without the plugin throwing.
      if (part.file.truncated) throw new PayloadTooLargeError(words.tooLarge);
      upload.fileName = part.filename || null;
      found = true;
    }
  } catch (error) {
    throw uploadError(error, words);
  }
  if (!found || upload.bytes.length === 0) throw fileError(words.fileRequired);
  return upload;
}

/** SHA-256 of the file's bytes, hex: the same file is recognised by it. */
export const fileHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export type CsvDelimiter = ',' | ';';

/** A cell's value by its column (header names lower-cased, spaces as '_'). */
export type CsvCells<Column extends string> = Partial<Record<Column, string>>;

export interface CsvImportSpec<Column extends string, Row> {
  /** Every column the file may have. */
  columns: readonly Column[];
  /** The columns it must have. */
  required: readonly Column[];
  /** Reads one row's cells (trimmed; '' when empty), or refuses it with `refuseRow`. */
  row: (cells: CsvCells<Column>, context: { line: number; delimiter: CsvDelimiter }) => Row;
}

export interface ParsedCsv<Row> {
  fileHash: string;
  delimiter: CsvDelimiter;
  /** The rows under the header (empty lines not counted). */
  rows: number;
  accepted: { line: number; row: Row }[];
  refused: CsvRowRefusal[];
}

/** A row under the header: its cells in the header's order (trimmed), and the line it ends on. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** A file opened for reading row by row (`openCsvRows`), before any column is given a meaning. */
export interface CsvRowStream {
  fileHash: string;
  delimiter: CsvDelimiter;
  /** The header row's cells as written (trimmed). */
  headers: string[];
  /**
   * Each row under the header, read from the file as the loop asks for the next (iterate it
   * once). A row with more cells than the header is not given: it is put in `errors`.
   */
  rows: AsyncIterable<CsvRow>;
  /** The rows that could not be read, by line: complete once `rows` has been read to its end. */
  errors: CsvRowRefusal[];
}

/** A header cell as a column name: 'Cask ID ' -> 'cask_id'. */
const columnName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * The delimiter, from the header line: a semicolon when it has more of them than commas (the
 * column names have neither), so a file saved by a spreadsheet set to a decimal comma reads too.
 */
function delimiterOf(bytes: Uint8Array): CsvDelimiter {
  const end = bytes.findIndex((byte) => byte === 0x0a || byte === 0x0d);
  const header = Buffer.from(bytes.subarray(0, end === -1 ? undefined : end)).toString('utf8');
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** Bytes handed to the parser at a time: it reads no further ahead than the loop has come. */
const CHUNK_BYTES = 64 * 1024;

function* chunksOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let from = 0; from < bytes.length; from += CHUNK_BYTES) {
    yield bytes.subarray(from, from + CHUNK_BYTES);
  }
}

/**
 * Opens a file for reading (see the kit's description above): checks it is UTF-8 (the byte-order
 * mark dropped; a 400 otherwise), finds the delimiter, and reads the header row; its rows are
 * then read one at a time (csv-parse's stream, fed a chunk at a time), so a 100,000-row statement
 * is never held as cells (decision 429). Empty lines (and rows whose every cell is empty) are
 * skipped; each row comes with the line it ends on. A file it cannot read as CSV at all (a quote
 * left open) is a 400 naming the line, thrown by the loop over `rows`; a file with no header row
 * is a 400.
 */
export async function openCsvRows(
  bytes: Uint8Array,
  words: CsvWords = CSV_IMPORT_WORDS,
): Promise<CsvRowStream> {
  if (!isUtf8(bytes)) throw fileError(words.notUtf8);
  const delimiter = delimiterOf(bytes);
  const parser = Readable.from(chunksOf(bytes)).pipe(
    parse({
      delimiter,
      bom: true,
      // Whatever line ends the file mixes (a row pasted from elsewhere), each is one.
      record_delimiter: ['\r\n', '\n', '\r'],
      trim: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      // Each record with its `info`: the line it ends on, the one a person finds it at.
      info: true,
    }),
  );
  const records: AsyncIterator<{ record: string[]; info: { lines: number } }> =
    parser[Symbol.asyncIterator]();
  const next = async (): Promise<CsvRow | null> => {
    try {
      const { done, value } = await records.next();
      return done ? null : { line: value.info.lines, cells: value.record };
    } catch (error) {
      // csv-parse's message names the line ('Invalid Closing Quote: got "y" at line 2 ...').
      if (error instanceof CsvError) throw fileError(`${words.notCsv}: ${error.message}`);
      throw error;
    }
  };
  const header = await next();
  if (!header) throw fileError(words.noHeader);
  const { cells: headers } = header;
  const errors: CsvRowRefusal[] = [];
  async function* rows(): AsyncGenerator<CsvRow> {
    for (let row = await next(); row; row = await next()) {
      if (row.cells.length > headers.length) {
        errors.push({
          line: row.line,
          message: `The row has ${row.cells.length} cells; the header has ${headers.length}`,
        });
      } else yield row;
    }
  }
  return { fileHash: fileHash(bytes), delimiter, headers, rows: rows(), errors };
}

/**
 * Reads an import's file of fixed columns (see the kit's description above): `openCsvRows`, then
 * checks the header and hands each row to `spec.row`. A refused row is listed, and the other rows
 * go on.
 */
export async function parseCsvImport<Column extends string, Row>(
  bytes: Uint8Array,
  spec: CsvImportSpec<Column, Row>,
): Promise<ParsedCsv<Row>> {
  const file = await openCsvRows(bytes);
  const names = file.headers.map(columnName);
  const known = new Set<string>(spec.columns);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BadRequestError(
      `Unknown column ${unknown.map((name) => `'${name}'`).join(', ')}: the columns are ${spec.columns.join(', ')}`,
    );
  }
  const missing = spec.required.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    throw new BadRequestError(
      `The header has no column ${missing.map((name) => `'${name}'`).join(', ')}: the columns are ${spec.columns.join(', ')}`,
    );
  }
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0)
    throw new BadRequestError(`The column '${repeated[0]}' is twice in the header`);

  const { delimiter } = file;
  const accepted: ParsedCsv<Row>['accepted'] = [];
  const refused: CsvRowRefusal[] = [];
  for await (const { line, cells: record } of file.rows) {
    const cells: CsvCells<Column> = {};
    names.forEach((name, index) => {
      cells[name as Column] = record[index] ?? '';
    });
    try {
      accepted.push({ line, row: spec.row(cells, { line, delimiter }) });
    } catch (error) {
      if (!(error instanceof CsvRowRefusalError)) throw error;
      refused.push({ line, message: error.message });
    }
  }
  if (accepted.length + refused.length + file.errors.length === 0) {
    throw fileError(CSV_IMPORT_EMPTY);
  }
  return {
    fileHash: file.fileHash,
    delimiter,
    rows: accepted.length + refused.length + file.errors.length,
    accepted,
    // The rows read and the rows refused, in the file's order (Array.sort is stable).
    refused: [...file.errors, ...refused].sort((a, b) => a.line - b.line),
  };
}

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DMY_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A date cell as YYYY-MM-DD, read as the import's option says (ISO 2026-03-31, or day/month/year
 * 31/03/2026 with '/', '.' or '-'), or refused with what was expected. Only a real calendar day
 * passes (no 31/02).
 */
export function parseCsvDay(cell: string, order: CsvDateOrder, column = 'Date'): string {
  const match = order === 'iso' ? ISO_DAY.exec(cell) : DMY_DAY.exec(cell);
  const example = order === 'iso' ? '2026-03-31' : '31/03/2026';
  if (!match) {
    return refuseRow(
      cell === ''
        ? `${column} is required`
        : `${column} '${cell}' is not a day written as ${example}`,
    );
  }
  const [year, month, day] =
    order === 'iso' ? [match[1], match[2], match[3]] : [match[3], match[2], match[1]];
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || !parsed.toISOString().startsWith(iso)) {
    return refuseRow(`${column} '${cell}' is not a day of the calendar`);
  }
  return iso;
}

/**
 * An amount cell as the decimal text the contracts read ('12500.50'): a thousands separator the
 * other way round from the decimal is dropped, and in a semicolon file a decimal comma is read
 * as the point ('12500,50', '12.500,50'); '$' and spaces are dropped. Anything else is handed on
 * as it is, for the contract to refuse with its own words.
 */
export function parseCsvAmount(cell: string, delimiter: CsvDelimiter): string {
  const text = cell.replace(/[\s$\u00a0]/g, '');
  if (delimiter === ';' && /^-?\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(text) && text.includes(',')) {
    return text.replace(/\./g, '').replace(',', '.');
  }
  if (delimiter === ';' && /^-?\d+,\d{1,2}$/.test(text)) return text.replace(',', '.');
  if (/^-?\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text)) return text.replace(/,/g, '');
  return text;
}

/**
 * An export of an import's results: the header, then the rows, every cell formula-neutralised
 * (db/csv.ts, docs/architecture.md#exports), the byte-order mark first so spreadsheet programs
 * read UTF-8.
 */
export function csvReport(
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
): string {
  return BYTE_ORDER_MARK + csvLines([header, ...rows]);
}
