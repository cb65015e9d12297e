import { openCsvRows, type CsvWords } from '../../src/lib/csv-import.ts';

// CSV files as an upload holds them (lib/csv-import.ts, decision 404).

/** `text` as a file's UTF-8 bytes. */
export const utf8Bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A CSV file read to its end (`openCsvRows`): its hash, delimiter, header, rows and the rows it could not read. */
export async function readWholeCsv(file: Uint8Array, words?: CsvWords) {
  const opened = await openCsvRows(file, words);
  const rows = [];
  for await (const row of opened.rows) rows.push(row);
  const { fileHash, delimiter, headers, errors } = opened;
  return { fileHash, delimiter, headers, rows, errors };
}
