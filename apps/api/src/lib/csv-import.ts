import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { CsvError, parse } from 'csv-parse/sync';
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
 * - the service calls `parseCsvImport(upload.bytes, { columns, required, row })`: UTF-8 with or
 *   without a byte-order mark (400 otherwise), comma or semicolon (found from the header), a
 *   header row naming the columns (case and spaces do not matter; an unknown or missing column is
 *   a 400), each row handed to `row` as its cells by column, which answers the row or throws a
 *   `CsvRowRefusal` (`refuseRow(message)`): the row is then listed with its line and the reason;
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
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  switch (codeOf(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeError(CSV_IMPORT_TOO_LARGE);
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
export async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError(
      `Send the file as multipart/form-data in the field '${CSV_IMPORT_FILE_FIELD}'`,
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
        throw new BadRequestError(`Send the file in the field '${CSV_IMPORT_FILE_FIELD}'`, [
          { field: part.fieldname, message: 'This field does not take a file' },
        ]);
      }
      upload.bytes = await part.toBuffer();
      // Over a real socket the last chunk can arrive after the limit without the plugin throwing.
      if (part.file.truncated) throw new PayloadTooLargeError(CSV_IMPORT_TOO_LARGE);
      upload.fileName = part.filename || null;
      found = true;
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!found || upload.bytes.length === 0) {
    throw new BadRequestError(CSV_IMPORT_FILE_REQUIRED, [
      { field: CSV_IMPORT_FILE_FIELD, message: CSV_IMPORT_FILE_REQUIRED },
    ]);
  }
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
function delimiterOf(text: string): CsvDelimiter {
  const header = text.slice(0, text.search(/\r|\n/) === -1 ? undefined : text.search(/\r|\n/));
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Reads an import's file (see the kit's description above): decodes it (UTF-8, the byte-order
 * mark dropped), finds the delimiter, checks the header and hands each row to `spec.row`. A file
 * it cannot read as CSV at all (a quote left open) is a 400 naming the line; a refused row is
 * listed, and the other rows go on.
 */
export function parseCsvImport<Column extends string, Row>(
  bytes: Uint8Array,
  spec: CsvImportSpec<Column, Row>,
): ParsedCsv<Row> {
  let text: string;
  try {
    // TextDecoder drops a leading byte-order mark itself (ignoreBOM is false).
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequestError(CSV_IMPORT_NOT_UTF8);
  }
  if (text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
  const delimiter = delimiterOf(text);
  const records: { record: string[]; line: number }[] = [];
  try {
    parse(text, {
      delimiter,
      // Whatever line ends the file mixes (a row pasted from elsewhere), each is one.
      record_delimiter: ['\r\n', '\n', '\r'],
      trim: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      // Each record with the line it ends on, the one a person finds it at; none is kept twice.
      on_record: (record: string[], context) => {
        records.push({ record, line: context.lines });
        return null;
      },
    });
  } catch (error) {
    // csv-parse's message names the line ('Invalid Closing Quote: got "y" at line 2 ...').
    if (error instanceof CsvError) {
      throw new BadRequestError(`The file is not valid CSV: ${error.message}`);
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) throw new BadRequestError(CSV_IMPORT_EMPTY);
  const names = header.record.map(columnName);
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

  const parsed: ParsedCsv<Row> = {
    fileHash: fileHash(bytes),
    delimiter,
    rows: body.length,
    accepted: [],
    refused: [],
  };
  for (const { record, line } of body) {
    if (record.length > names.length) {
      parsed.refused.push({
        line,
        message: `The row has ${record.length} cells; the header has ${names.length}`,
      });
      continue;
    }
    const cells: CsvCells<Column> = {};
    names.forEach((name, index) => {
      cells[name as Column] = record[index] ?? '';
    });
    try {
      parsed.accepted.push({ line, row: spec.row(cells, { line, delimiter }) });
    } catch (error) {
      if (!(error instanceof CsvRowRefusalError)) throw error;
      parsed.refused.push({ line, message: error.message });
    }
  }
  return parsed;
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
