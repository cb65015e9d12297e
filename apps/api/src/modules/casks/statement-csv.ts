import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { CsvError, parse } from 'csv-parse/sync';
import {
  STATEMENT_EMPTY,
  STATEMENT_FILE_FIELD,
  STATEMENT_FILE_REQUIRED,
  STATEMENT_MAX_BYTES,
  STATEMENT_NOT_UTF8,
  STATEMENT_TOO_LARGE,
} from '@cask/contracts/reconciliations';
import {
  AppError,
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../lib/errors.ts';

/**
 * Reading a stock statement's file (issue 44, decision 411): the parsing glue, kept in this one
 * small module. Issue 44 asks every import to share one CSV kit (the valuations import's); it was
 * not on main when the reconciliation was written, so this module uses csv-parse directly with
 * the same rules (10 MB, UTF-8 with or without a byte-order mark, comma or semicolon, each row
 * with its line), and the reconciliation itself takes rows already parsed
 * (`ParsedStatement`), so this file can be replaced by the kit without touching it.
 */

export interface StatementUpload {
  bytes: Buffer;
  fileName: string | null;
  /** Each text field's first value. */
  fields: Record<string, string>;
}

/** A statement's rows as read: the header row's names, and each row's cells by header. */
export interface ParsedStatement {
  fileHash: string;
  headers: string[];
  /** Each row's cells in the header's order, and the line it ends on. */
  rows: { line: number; cells: string[] }[];
  /** Rows that could not be read at all (a quote left open...), by line. */
  errors: { line: number; message: string }[];
}

/** Multipart parsing for the reconciliation's routes: one file of at most 10 MB, a few fields. */
export async function registerStatementUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: STATEMENT_MAX_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 4 * 1024,
      parts: 21,
      headerPairs: 100,
    },
  });
}

function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeError(STATEMENT_TOO_LARGE);
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500
    ? error
    : new BadRequestError('The upload could not be read: the multipart body is malformed');
}

/** Reads the file (in `file`) and the text fields of a reconciliation's request into memory. */
export async function readStatementUpload(request: FastifyRequest): Promise<StatementUpload> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError(
      `Send the statement as multipart/form-data in the field '${STATEMENT_FILE_FIELD}'`,
    );
  }
  const upload: StatementUpload = { bytes: Buffer.alloc(0), fileName: null, fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!(part.fieldname in upload.fields) && typeof part.value === 'string') {
          upload.fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== STATEMENT_FILE_FIELD) {
        part.file.resume();
        throw new BadRequestError(`Send the statement in the field '${STATEMENT_FILE_FIELD}'`, [
          { field: part.fieldname, message: 'This field does not take a file' },
        ]);
      }
      upload.bytes = await part.toBuffer();
      // Over a real socket the last chunk can arrive after the limit without the plugin throwing.
      if (part.file.truncated) throw new PayloadTooLargeError(STATEMENT_TOO_LARGE);
      upload.fileName = part.filename || null;
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (upload.bytes.length === 0) {
    throw new BadRequestError(STATEMENT_FILE_REQUIRED, [
      { field: STATEMENT_FILE_FIELD, message: STATEMENT_FILE_REQUIRED },
    ]);
  }
  return upload;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The header line's delimiter: a semicolon when it has more of them than commas. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => header.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * The statement's header and rows: UTF-8 (a byte-order mark is dropped; anything else is a 400),
 * comma or semicolon as its header line shows, blank lines skipped, each row with the line it
 * starts on. A row with more cells than the header is listed as an error, not guessed at.
 */
export function parseStatement(bytes: Buffer): ParsedStatement {
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new BadRequestError(STATEMENT_NOT_UTF8, [
      { field: STATEMENT_FILE_FIELD, message: STATEMENT_NOT_UTF8 },
    ]);
  }
  // The line each record ends on (a record with a quoted line break spans more), taken from
  // csv-parse's context as it goes: no info object is kept per record.
  const lines: number[] = [];
  let cells: string[][];
  try {
    cells = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      on_record: (record: string[], context: { lines: number }) => {
        lines.push(context.lines);
        return record;
      },
    });
  } catch (error) {
    const message =
      error instanceof CsvError
        ? `The statement could not be read as CSV: ${error.message}`
        : 'The statement could not be read as CSV';
    throw new BadRequestError(message, [{ field: STATEMENT_FILE_FIELD, message }]);
  }
  const header = cells[0];
  if (!header || header.every((cell) => cell === '')) {
    throw new BadRequestError(STATEMENT_EMPTY, [
      { field: STATEMENT_FILE_FIELD, message: STATEMENT_EMPTY },
    ]);
  }
  const headers = header;
  const rows: ParsedStatement['rows'] = [];
  const errors: ParsedStatement['errors'] = [];
  for (let index = 1; index < cells.length; index += 1) {
    const record = cells[index] ?? [];
    const line = lines[index] ?? 0;
    if (record.length > headers.length) {
      errors.push({
        line,
        message: `The row has ${record.length} cells; the header has ${headers.length}`,
      });
      continue;
    }
    rows.push({ line, cells: record });
  }
  return { fileHash, headers, rows, errors };
}
