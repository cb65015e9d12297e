/**
 * Reconcile's fields, kinds of finding and their labels (issue 44), in a module without zod
 * (docs/decisions/450): the screen draws with them and loads `./reconciliations.ts`, which
 * re-exports them, beside its requests.
 */

import { CSV_IMPORT_FILE_FIELD } from './lists-plain.ts';

/** What a statement's row says, each field from a column the admin maps once per warehouse. */
export const STATEMENT_FIELDS = [
  'number',
  'distillery',
  'fillDate',
  'location',
  'bulkLitres',
  'abv',
  'gaugedOn',
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

export const STATEMENT_FIELD_LABELS: Record<StatementField, string> = {
  number: 'Cask number',
  distillery: 'Distillery',
  fillDate: 'Fill date',
  location: 'Location',
  bulkLitres: 'Bulk litres',
  abv: 'ABV',
  gaugedOn: 'Gauge date',
};

/**
 * The kinds of finding, in the report's order: missing at the warehouse (we hold it there, the
 * statement does not list it), unknown to us, location differs, gauge differs, matched.
 */
export const FINDING_KINDS = ['missing', 'unknown', 'location', 'gauge', 'matched'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
export const FINDING_KIND_LABELS: Record<FindingKind, string> = {
  missing: 'Missing at the warehouse',
  unknown: 'Unknown to us',
  location: 'Location differs',
  gauge: 'Gauge differs',
  matched: 'Matched',
};

/** The multipart field of a statement's file: the import kit's (decision 412). */
export const STATEMENT_FILE_FIELD = CSV_IMPORT_FILE_FIELD;
