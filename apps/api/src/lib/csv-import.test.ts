import { expect, test } from 'vitest';
import { CSV_IMPORT_EMPTY, CSV_IMPORT_NOT_UTF8 } from '@cask/contracts/csv-import';
import { CSV_IMPORT_WORDS, fileHash, parseCsvImport, type CsvWords } from './csv-import.ts';
import { readWholeCsv, utf8Bytes } from '../../test/support/csv.ts';

const STATEMENT: CsvWords = {
  ...CSV_IMPORT_WORDS,
  noun: 'statement',
  notUtf8: 'The statement must be a CSV file in UTF-8',
  noHeader: 'The statement has no header row',
};

test('openCsvRows gives the header as written, each row with the line it ends on, and the rows it cannot read', async () => {
  const file = utf8Bytes(
    '\ufeffCask No ; Fill Date\r\n\n101;"2015-03-01"\n;;\n102;"two\nlines"\n103;x;extra\r104;\n',
  );
  expect(await readWholeCsv(file)).toEqual({
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

test("openCsvRows refuses a file it cannot read in the import's words, naming the field", async () => {
  const refusal = async (file: Uint8Array, words?: CsvWords) => {
    try {
      await readWholeCsv(file, words);
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
  expect(await refusal(latin1)).toEqual({
    statusCode: 400,
    message: CSV_IMPORT_NOT_UTF8,
    errors: [{ field: 'file', message: CSV_IMPORT_NOT_UTF8 }],
  });
  expect((await refusal(latin1, STATEMENT)).message).toBe(STATEMENT.notUtf8);
  expect((await refusal(utf8Bytes('\n\n'), STATEMENT)).message).toBe(STATEMENT.noHeader);
  expect((await refusal(utf8Bytes('a,b\n"x,y\n'), STATEMENT)).message).toMatch(
    /^The file is not valid CSV: .*line/,
  );
});

test('parseCsvImport is openCsvRows with fixed columns: a header alone is empty, refusals in line order', async () => {
  const spec = {
    columns: ['id', 'value'] as const,
    required: ['id'] as const,
    row: (cells: { id?: string; value?: string }) => cells.id,
  };
  await expect(parseCsvImport(utf8Bytes('ID\n'), spec)).rejects.toThrow(CSV_IMPORT_EMPTY);
  const parsed = await parseCsvImport(utf8Bytes('ID,Value\na,1,extra\nb,2\n'), spec);
  expect(parsed).toMatchObject({
    rows: 2,
    accepted: [{ line: 3, row: 'b' }],
    refused: [{ line: 2, message: 'The row has 3 cells; the header has 2' }],
  });
});

test('openCsvRows reads a file of many chunks whole: a character split between two chunks, every line', async () => {
  // 3-byte characters on every row: some fall across the parser's 64 KB chunks.
  const lines = ['Cask,Distillery'];
  for (let n = 1; n <= 20_000; n += 1) lines.push(`${n},Ardnamurchan ✓ ${n}`);
  const read = await readWholeCsv(utf8Bytes(lines.join('\n')));
  expect(read.rows).toHaveLength(20_000);
  read.rows.forEach((row, index) => {
    expect(row).toEqual({
      line: index + 2,
      cells: [`${index + 1}`, `Ardnamurchan ✓ ${index + 1}`],
    });
  });
});
