import { z } from 'zod';

/**
 * What every CSV import shares (issue 44, decision 404): the file's limits, the choice of how
 * its dates are written, and a refused row named by its line. The API's kit is
 * apps/api/src/lib/csv-import.ts; the first import is 'Import valuations'
 * (docs/screens/casks.md#import-valuations).
 */

/** The largest file an import reads: 10 MB. */
export const CSV_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CSV_IMPORT_TOO_LARGE = 'The file is larger than 10 MB: split it into smaller files';
export const CSV_IMPORT_NOT_UTF8 =
  'The file is not UTF-8 text: save it as "CSV UTF-8" and try again';
export const CSV_IMPORT_EMPTY = 'The file has no rows under its header';
export const CSV_IMPORT_FILE_REQUIRED = 'Choose a CSV file to import';
/** The multipart field that carries the file (./lists-plain.ts: the forms send it without zod). */
export { CSV_IMPORT_FILE_FIELD } from './lists-plain.ts';

/** How the file writes its dates: ISO (2026-03-31) or day/month/year (31/03/2026). */
export const CSV_DATE_ORDERS = ['iso', 'dmy'] as const;
export type CsvDateOrder = (typeof CSV_DATE_ORDERS)[number];
export const CSV_DATE_ORDER_LABELS: Record<CsvDateOrder, string> = {
  iso: 'Year-month-day (2026-03-31)',
  dmy: 'Day/month/year (31/03/2026)',
};
export const csvDateOrder = z.enum(CSV_DATE_ORDERS, {
  error: 'Dates must be iso (2026-03-31) or dmy (31/03/2026)',
});

/** A row the import refused, by the line of the file it ends on, and why. */
export const csvRowRefusal = z.object({ line: z.number().int(), message: z.string() });
export type CsvRowRefusal = z.infer<typeof csvRowRefusal>;
