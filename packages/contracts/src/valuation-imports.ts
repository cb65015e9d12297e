import { z } from 'zod';
import { approvalReason } from './approval-request.ts';
import { VALUATION_SOURCES } from './cask-records.ts';
import { okEnvelope } from './common.ts';
import { csvDateOrder, csvRowRefusal } from './csv-import.ts';

/**
 * 'Import valuations' on the Cask List (issue 44, docs/screens/casks.md#import-valuations,
 * decisions 404 to 407): a CSV of valuations is previewed (nothing written; a Viewer may), then
 * applied (an Admin) in one transaction, each row as `POST /casks/{id}/valuations` records one.
 */

/**
 * The file's columns, by their header (case and spaces around do not matter). A row names its
 * cask by `cask_id`, or by `cask_number`, `distillery` and `fill_year` together; `note` is
 * optional.
 */
export const VALUATION_IMPORT_COLUMNS = [
  'cask_id',
  'cask_number',
  'distillery',
  'fill_year',
  'date',
  'value',
  'source',
  'note',
] as const;
export type ValuationImportColumn = (typeof VALUATION_IMPORT_COLUMNS)[number];
export const VALUATION_IMPORT_REQUIRED_COLUMNS = ['date', 'value', 'source'] as const;

/** A change of the current value larger than this, in percent either way, is flagged. */
export const VALUATION_IMPORT_FLAG_PERCENT = 50;

export const VALUATION_IMPORT_STALE =
  'Casks in this file changed since the preview. Review the new preview, then apply it.';
export const VALUATION_IMPORT_NOTHING = 'The file has no row that can be recorded';
/** A file sent without a name, as an approval request names it. */
export const VALUATION_IMPORT_UNNAMED = 'Unnamed file';
export const VALUATION_IMPORT_SAMPLE_NAME = 'valuations-sample.csv';

/** The sample file the dialog offers: one row by the cask's id, one by its identity. */
export const VALUATION_IMPORT_SAMPLE = [
  VALUATION_IMPORT_COLUMNS.join(','),
  '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b,,,,2026-03-31,12500.50,Broker quote,Quote of March',
  ',1234,Springbank,2012,2026-03-31,18000,Auction comparable,',
  '',
].join('\r\n');

/** Why a row names no cask it could be matched to. */
export const VALUATION_IMPORT_NO_CASK_NAMED =
  'Name the cask by cask_id, or by cask_number, distillery and fill_year';
export const noCaskWithId = (id: string) => `No cask with id ${id}`;
export const noCaskWithIdentity = (number: string, distillery: string, year: string) =>
  `No cask with number ${number} of ${distillery} filled in ${year}`;
export const repeatsLine = (line: number) => `The same valuation as line ${line}`;

/** One row of the file matched to a cask, as it would be recorded. */
export const valuationImportRow = z.object({
  line: z.number().int(),
  caskId: z.uuid(),
  caskName: z.string(),
  /** The number stencilled on the cask (decision 400), null when it has none. */
  caskNumber: z.string().nullable(),
  distillery: z.string().nullable(),
  valuedOn: z.string(),
  source: z.enum(VALUATION_SOURCES),
  note: z.string(),
  /** The cask's current value before this row (after the file's earlier rows of that cask). */
  oldValue: z.number().nullable(),
  newValue: z.number(),
  /** (new - old) / old in percent, one decimal; null without an old value or when it is 0. */
  changePercent: z.number().nullable(),
  /** A change of more than VALUATION_IMPORT_FLAG_PERCENT either way. */
  flagged: z.boolean(),
  /** False for a day before the cask's latest valuation: it only joins the history. */
  becomesCurrent: z.boolean(),
  /** The same cask, day, value and source is recorded already: applying skips it. */
  alreadyRecorded: z.boolean(),
});
export type ValuationImportRow = z.infer<typeof valuationImportRow>;

export const valuationImportPreview = z.object({
  fileName: z.string().nullable(),
  /** SHA-256 of the file, hex. */
  fileHash: z.string(),
  /** The rows under the header. */
  rows: z.number().int(),
  matched: z.array(valuationImportRow),
  refused: z.array(csvRowRefusal),
  toRecord: z.number().int(),
  alreadyRecorded: z.number().int(),
  flagged: z.number().int(),
  /** When this very file was applied last (null: never). */
  appliedBefore: z.iso.datetime().nullable(),
  /** Names what the preview showed; the apply answers 409 when the casks changed since. */
  previewToken: z.string(),
});
export type ValuationImportPreview = z.infer<typeof valuationImportPreview>;
export const valuationImportPreviewResponse = okEnvelope(valuationImportPreview);
export type ValuationImportPreviewResponse = z.infer<typeof valuationImportPreviewResponse>;

/** The text fields sent with the file (multipart). */
export const valuationImportPreviewFields = z.object({ dateOrder: csvDateOrder.default('iso') });
/**
 * The apply's: the preview's token, and the 'Reason' needed when the Approvals policy's 'Valuation
 * change above' is on (issue 45): every applied import is then sent for approval (202).
 */
export const valuationImportApplyFields = valuationImportPreviewFields.extend({
  previewToken: z.string({ error: 'Preview the file first' }).min(1, 'Preview the file first'),
  reason: approvalReason,
});

export const valuationImportResult = z.object({
  importId: z.uuid(),
  recorded: z.number().int(),
  alreadyRecorded: z.number().int(),
  refused: z.number().int(),
});
export type ValuationImportResult = z.infer<typeof valuationImportResult>;
export const valuationImportResultResponse = okEnvelope(valuationImportResult);
export type ValuationImportResultResponse = z.infer<typeof valuationImportResultResponse>;

/** What the apply says, e.g. '197 valuations recorded, 0 already recorded, 3 rows refused'. */
export function valuationImportMessage(result: Omit<ValuationImportResult, 'importId'>): string {
  const plural = (count: number, one: string, many: string) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  return `${plural(result.recorded, 'valuation', 'valuations')} recorded, ${result.alreadyRecorded.toLocaleString('en-US')} already recorded, ${plural(result.refused, 'row', 'rows')} refused`;
}

/** The preview as a CSV report (cells formula-neutralised by the API). */
export const valuationImportReport = z.object({ fileName: z.string(), csv: z.string() });
export const valuationImportReportResponse = okEnvelope(valuationImportReport);
export type ValuationImportReportResponse = z.infer<typeof valuationImportReportResponse>;
