import { expect, test } from 'vitest';
import { CSV_IMPORT_EMPTY, CSV_IMPORT_NOT_UTF8 } from '@cask/contracts/csv-import';
import {
  CSV_IMPORT_WORDS,
  fileHash,
  parseCsvImport,
  readCsvRows,
  type CsvWords,
} from './csv-import.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const STATEMENT: CsvWords = {
  ...CSV_IMPORT_WORDS,
  noun: 'statement',
  notUtf8: 'The statement must be a CSV file in UTF-8',
  noHeader: 'The statement has no header row',
};

test('readCsvRows gives the header as written, each row with the line it ends on, and the rows it cannot read', () => {
  const file = bytes(
    '\ufeffCask No ; Fill Date\r\n\n101;"2015-03-01"\n;;\n102;"two\nlines"\n103;x;extra\r104;\n',
  );
  const rows = readCsvRows(file);
  expect(rows).toEqual({
    fileHash: fileHash(file),
    delimiter: ';',
    headers: ['Cask No', 'Fill Date'],
    rows: [
      { line: 3, cells: ['101', '2015-03-01'] },
      { line: 6, cells: ['102', 'two\nlines'] },
      { line: 8, cells: ['104', ''] },
    ],
    errors: [{ line: 7, message: 'The row has 3 cells; the header has 2' }],
  });
});

test("readCsvRows refuses a file it cannot read in the import's words, naming the field", () => {
  const refusal = (file: Uint8Array, words?: CsvWords) => {
    try {
      readCsvRows(file, words);
    } catch (error) {
      const { statusCode, message, errors } = error as {
        statusCode: number;
        message: string;
        errors: unknown;
      };
      return { statusCode, message, errors };
    }
    throw new Error('read');
  };
  const latin1 = new Uint8Array([0x63, 0x61, 0xff, 0x0a]);
  expect(refusal(latin1)).toEqual({
    statusCode: 400,
    message: CSV_IMPORT_NOT_UTF8,
    errors: [{ field: 'file', message: CSV_IMPORT_NOT_UTF8 }],
  });
  expect(refusal(latin1, STATEMENT).message).toBe(STATEMENT.notUtf8);
  expect(refusal(bytes('\n\n'), STATEMENT).message).toBe(STATEMENT.noHeader);
  expect(refusal(bytes('a,b\n"x,y\n'), STATEMENT).message).toMatch(
    /^The file is not valid CSV: .*line/,
  );
});

test('parseCsvImport is readCsvRows with fixed columns: a header alone is empty, refusals in line order', () => {
  const spec = {
    columns: ['id', 'value'] as const,
    required: ['id'] as const,
    row: (cells: { id?: string; value?: string }) => cells.id,
  };
  expect(() => parseCsvImport(bytes('ID\n'), spec)).toThrow(CSV_IMPORT_EMPTY);
  const parsed = parseCsvImport(bytes('ID,Value\na,1,extra\nb,2\n'), spec);
  expect(parsed).toMatchObject({
    rows: 2,
    accepted: [{ line: 3, row: 'b' }],
    refused: [{ line: 2, message: 'The row has 3 cells; the header has 2' }],
  });
});
