import { z } from 'zod';
import { okEnvelope, text } from './common.ts';
import {
  FINDING_KINDS,
  STATEMENT_FIELDS,
  type FindingKind,
  type StatementField,
} from './reconciliations-plain.ts';

/**
 * Reconcile (issue 44, docs/screens/reconciliations.md, docs/domain.md#stock-statement-and-reconciliation):
 * a warehouse's stock statement compared with our casks. Decisions 408 to 411.
 */

// The fields, the kinds of finding, their labels and the file's field, without zod (decision 450):
// the screen draws with them from ./reconciliations-plain.ts; the API imports them from here.
export {
  FINDING_KIND_LABELS,
  FINDING_KINDS,
  STATEMENT_FIELD_LABELS,
  STATEMENT_FIELDS,
  STATEMENT_FILE_FIELD,
  type FindingKind,
  type StatementField,
} from './reconciliations-plain.ts';

/** The fields a statement must map: a cask is found by its identity (decision 400). */
export const REQUIRED_STATEMENT_FIELDS: readonly StatementField[] = [
  'number',
  'distillery',
  'fillDate',
];

/** Each field's column: the header of the statement's file that holds it, or none. */
export type StatementColumns = Partial<Record<StatementField, string>>;

/** How the statement writes its dates: ISO (2024-03-31) or day/month/year (31/03/2024). */
export const STATEMENT_DATE_ORDERS = ['iso', 'dmy'] as const;
export type StatementDateOrder = (typeof STATEMENT_DATE_ORDERS)[number];

/**
 * A statement is read by the import kit (decision 412): its limit (CSV_IMPORT_MAX_BYTES, 10 MB)
 * and its field (STATEMENT_FILE_FIELD); these are its words for the kit's messages.
 */
export const STATEMENT_TOO_LARGE = 'The statement is larger than 10 MB';
export const STATEMENT_NOT_UTF8 = 'The statement must be a CSV file in UTF-8';
export const STATEMENT_EMPTY = 'The statement has no header row';
export const STATEMENT_FILE_REQUIRED = 'Choose the statement (a CSV file)';
export const STATEMENT_WAREHOUSE_REQUIRED = 'Choose the warehouse';
export const STATEMENT_HAS_ROW_ERRORS =
  'The statement has rows that cannot be read: correct them and upload it again';

/**
 * How a finding is resolved (decision 410): the warehouse's location accepted (location
 * differs), the statement's gauge recorded as a regauge (gauge differs), or marked for
 * investigation with a note (any finding but a match).
 */
export const FINDING_RESOLUTIONS = ['accept-location', 'record-gauge', 'investigate'] as const;
export type FindingResolution = (typeof FINDING_RESOLUTIONS)[number];

/** Evaporation the comparison allows: 2% of the alcohol a year (docs/domain.md#angels-share). */
export const ANGELS_SHARE_PER_YEAR = 0.02;
/** And litres of pure alcohol of rounding either way (three decimals of litres, two of ABV). */
export const RLA_TOLERANCE_LITRES = 0.05;
/** A section of a report lists at most this many findings; the counts are exact. */
export const FINDINGS_SHOWN_MAX = 500;

const day = z.string().nullable();
const amount = z.string().nullable();

/** The statement's side of a finding: its row as read (dates ISO, numbers as decimal text). */
export const statementSide = z.object({
  line: z.number().int(),
  number: z.string(),
  distillery: z.string(),
  fillDate: day,
  location: z.string().nullable(),
  bulkLitres: amount,
  abv: amount,
  gaugedOn: day,
  /** Litres of pure alcohol: bulk litres x ABV / 100, when both are given. */
  rla: amount,
});
export type StatementSide = z.infer<typeof statementSide>;

/** Our side: the cask as it was when the statement was reconciled. */
export const ourSide = z.object({
  caskId: z.uuid(),
  name: z.string(),
  number: z.string().nullable(),
  distillery: z.string().nullable(),
  fillDate: day,
  warehouse: z.string().nullable(),
  location: z.string().nullable(),
  bulkLitres: amount,
  abv: amount,
  /** The latest gauge's day; null: the figures are the filling's. */
  gaugedOn: day,
  rla: amount,
});
export type OurSide = z.infer<typeof ourSide>;

export const findingResolutionState = z.object({
  resolution: z.enum(FINDING_RESOLUTIONS),
  note: z.string().nullable(),
  admin: z.string().nullable(),
  resolvedAt: z.string(),
});

export const finding = z.object({
  /** Null in a preview: nothing is saved yet. */
  id: z.uuid().nullable(),
  kind: z.enum(FINDING_KINDS),
  statement: statementSide.nullable(),
  ours: ourSide.nullable(),
  resolved: findingResolutionState.nullable(),
});
export type Finding = z.infer<typeof finding>;

const kindCount = z.object({ total: z.number().int(), open: z.number().int() });
export const findingCounts = z.object(
  Object.fromEntries(FINDING_KINDS.map((kind) => [kind, kindCount])) as Record<
    FindingKind,
    typeof kindCount
  >,
);
export type FindingCounts = z.infer<typeof findingCounts>;

/** A statement's row that could not be read, with its line in the file. */
export const rowError = z.object({ line: z.number().int(), message: z.string() });
export type RowError = z.infer<typeof rowError>;

export const reconciliationReport = z.object({
  counts: findingCounts,
  /** Each kind's findings, at most FINDINGS_SHOWN_MAX each; open ones first once saved. */
  findings: z.array(finding),
});
export type ReconciliationReport = z.infer<typeof reconciliationReport>;

/** POST /reconciliations/preview: the file read, its columns and, once mapped, the report. */
export const statementPreview = z.object({
  fileHash: z.string(),
  rows: z.number().int(),
  headers: z.array(z.string()),
  columns: z.partialRecord(z.enum(STATEMENT_FIELDS), z.string()),
  /** Every required field has a column; otherwise there is no report yet. */
  mapped: z.boolean(),
  dateOrder: z.enum(STATEMENT_DATE_ORDERS),
  rowErrors: z.array(rowError),
  report: reconciliationReport.nullable(),
});
export type StatementPreview = z.infer<typeof statementPreview>;
export const statementPreviewResponse = okEnvelope(statementPreview);

export const statementSummary = z.object({
  id: z.uuid(),
  warehouse: z.object({ id: z.uuid(), name: z.string() }),
  fileName: z.string().nullable(),
  fileHash: z.string(),
  rows: z.number().int(),
  admin: z.string().nullable(),
  createdAt: z.string(),
  counts: findingCounts,
});
export type StatementSummary = z.infer<typeof statementSummary>;

/** GET /reconciliations/{id}: a saved report. */
export const savedReconciliation = statementSummary.extend({ report: reconciliationReport });
export type SavedReconciliation = z.infer<typeof savedReconciliation>;
export const savedReconciliationResponse = okEnvelope(savedReconciliation);

/** GET /reconciliations: the warehouses with their remembered columns, and the latest reports. */
export const reconciliationWarehouse = z.object({
  id: z.uuid(),
  name: z.string(),
  city: z.string().nullable(),
  columns: z.partialRecord(z.enum(STATEMENT_FIELDS), z.string()).nullable(),
  dateOrder: z.enum(STATEMENT_DATE_ORDERS).nullable(),
});
export type ReconciliationWarehouse = z.infer<typeof reconciliationWarehouse>;
export const reconciliationsOverview = z.object({
  warehouses: z.array(reconciliationWarehouse),
  /** The latest 20 reports, newest first. */
  statements: z.array(statementSummary),
});
export type ReconciliationsOverview = z.infer<typeof reconciliationsOverview>;
export const reconciliationsOverviewResponse = okEnvelope(reconciliationsOverview);

export const RESOLUTION_NOTE_MAX = 500;
export const RESOLUTION_NOTE_REQUIRED = 'Write what is to be investigated';

/** POST /reconciliations/{id}/findings/{findingId}/resolution. */
export const resolveFindingBody = z
  .object({
    resolution: z.enum(FINDING_RESOLUTIONS, {
      error: 'Resolution must be accept-location, record-gauge or investigate',
    }),
    note: text()
      .trim()
      .max(RESOLUTION_NOTE_MAX, `Note must be at most ${RESOLUTION_NOTE_MAX} characters`)
      .optional(),
  })
  .refine((body) => body.resolution !== 'investigate' || (body.note ?? '') !== '', {
    path: ['note'],
    message: RESOLUTION_NOTE_REQUIRED,
  });
export type ResolveFindingBody = z.input<typeof resolveFindingBody>;

export const findingParams = z.object({ id: z.uuid(), findingId: z.uuid() });

export const FINDING_ALREADY_RESOLVED = 'This finding is already resolved';
export const FINDING_NOT_FOUND = 'This finding was not found';
export const RECONCILIATION_NOT_FOUND = 'This reconciliation was not found';
export const RESOLUTION_NOT_FOR_KIND = 'This resolution does not apply to this finding';
export const RESOLUTION_CASK_GONE = 'The cask of this finding was deleted since';

/** GET /reconciliations/demo-statement: the demo's statement, a CSV file to save, and its warehouse. */
export const demoStatementResponse = okEnvelope(
  z.object({
    fileName: z.string(),
    csv: z.string(),
    warehouse: z.object({ id: z.uuid(), name: z.string() }),
  }),
);
export type DemoStatementResponse = z.infer<typeof demoStatementResponse>;
