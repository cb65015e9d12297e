import { createHash } from 'node:crypto';
import {
  VALUATION_SOURCES,
  valuationBody,
  type ValuationSource,
} from '@cask/contracts/cask-records';
import { csvDateOrder, type CsvDateOrder, type CsvRowRefusal } from '@cask/contracts/csv-import';
import {
  VALUATION_IMPORT_COLUMNS,
  VALUATION_IMPORT_FLAG_PERCENT,
  VALUATION_IMPORT_NO_CASK_NAMED,
  VALUATION_IMPORT_NOTHING,
  VALUATION_IMPORT_REQUIRED_COLUMNS,
  VALUATION_IMPORT_STALE,
  VALUATION_IMPORT_UNNAMED,
  noCaskWithId,
  noCaskWithIdentity,
  repeatsLine,
  type ValuationImportPreview,
  type ValuationImportResult,
  type ValuationImportRow,
} from '@cask/contracts/valuation-imports';
import { z } from 'zod';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { BadRequestError, ConflictError, RecordMovedError } from '../../lib/errors.ts';
import {
  csvReport,
  fileHash,
  parseCsvAmount,
  parseCsvDay,
  parseCsvImport,
  refuseRow,
  type CsvUpload,
  type ParsedCsv,
} from '../../lib/csv-import.ts';
import { type ApprovableAction, type ApprovedActor } from '../approvals/approvable.ts';
import { APPROVERS } from '../approvals/approvals.service.ts';
import { recordValuations } from './cask-records.service.ts';
import * as imports from './valuation-imports.repository.ts';

/** How a row names its cask: by its id, or by its identity (decision 400). */
type CaskReference = { caskId: string } | { identity: imports.CaskIdentity };

/** A row as read from the file, before it is matched to a cask. */
interface FileRow {
  cask: CaskReference;
  valuedOn: string;
  value: string;
  source: ValuationSource;
  note: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SOURCE_BY_NAME = new Map(VALUATION_SOURCES.map((source) => [source.toLowerCase(), source]));

/** The cask a row names: its `cask_id`, or else all three of number, distillery and fill year. */
function caskNamed(
  id: string,
  identity: { number: string; distillery: string; year: string },
): CaskReference {
  if (id !== '') {
    if (!UUID.test(id)) refuseRow(`cask_id '${id}' is not a cask's id`);
    return { caskId: id.toLowerCase() };
  }
  const { number, distillery, year } = identity;
  if (number === '' || distillery === '' || year === '') refuseRow(VALUATION_IMPORT_NO_CASK_NAMED);
  if (!/^\d{4}$/.test(year)) refuseRow(`fill_year '${year}' is not a year, e.g. 2012`);
  return { identity: { number, distillery, year: Number(year) } };
}

/**
 * The file's rows (the kit, lib/csv-import.ts): the cask named, then the date as the dialog's
 * option says, and the value, source and note checked by the contract `POST
 * /casks/{id}/valuations` checks, so a row is refused with the same words as the dialog's field.
 */
function readFile(upload: CsvUpload, dateOrder: CsvDateOrder): Promise<ParsedCsv<FileRow>> {
  return parseCsvImport(upload.bytes, {
    columns: VALUATION_IMPORT_COLUMNS,
    required: VALUATION_IMPORT_REQUIRED_COLUMNS,
    row: (cells, { delimiter }) => {
      const cask = caskNamed(cells.cask_id ?? '', {
        number: cells.cask_number ?? '',
        distillery: cells.distillery ?? '',
        year: cells.fill_year ?? '',
      });
      const valuedOn = parseCsvDay(cells.date ?? '', dateOrder);
      const sourceCell = cells.source ?? '';
      const parsed = valuationBody.safeParse({
        valuedOn,
        value: parseCsvAmount(cells.value ?? '', delimiter),
        source: SOURCE_BY_NAME.get(sourceCell.toLowerCase()) ?? sourceCell,
        note: cells.note ?? '',
      });
      if (!parsed.success) refuseRow(parsed.error.issues.map((issue) => issue.message).join('; '));
      const { value, source, note } = parsed.data;
      return { cask, valuedOn, value, source, note };
    },
  });
}

/** A value's text as one spelling ('12500.5' and '12500.50' are one value). */
const cents = (value: string) => Math.round(Number(value) * 100);

const hashOf = (parts: readonly unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url');

interface Matched extends ValuationImportRow {
  /** The version of the cask the row was judged against. */
  version: string;
  /** The value as the contract read it (exact decimal text). */
  value: string;
}

interface Preview extends ValuationImportPreview {
  matchedRows: Matched[];
}

/**
 * Matches the rows to casks and judges each against the cask as it is (and the file's earlier
 * rows of it): old -> new value, the change in percent, whether it becomes the current value,
 * whether it is recorded already. `lock` holds the casks' rows (an apply).
 */
async function judge(
  db: DbOrTx,
  upload: CsvUpload,
  dateOrder: CsvDateOrder,
  { lock }: { lock: boolean },
): Promise<Preview> {
  const file = await readFile(upload, dateOrder);
  const refused: CsvRowRefusal[] = [...file.refused];
  // Identities are resolved to ids first, then every cask is read (and locked) in one statement,
  // in id order. A cask renumbered or deleted in between changes the preview token: 409.
  const byIdentity = await imports.caskIdsByIdentity(
    db,
    file.accepted.flatMap(({ row }) => ('identity' in row.cask ? [row.cask.identity] : [])),
  );
  const idOf = (reference: CaskReference) =>
    'caskId' in reference
      ? reference.caskId
      : byIdentity.get(imports.identityKey(reference.identity));
  const ids = [...new Set(file.accepted.flatMap(({ row }) => idOf(row.cask) ?? []))];
  const casks = new Map((await imports.casksByIds(db, ids, { lock })).map((c) => [c.id, c]));

  const seen = new Map<string, number>();
  const found: { line: number; row: FileRow; caskId: string }[] = [];
  for (const { line, row } of file.accepted) {
    const id = idOf(row.cask);
    const cask = id === undefined ? undefined : casks.get(id);
    if (!cask) {
      const named = row.cask;
      refused.push({
        line,
        message:
          'caskId' in named
            ? noCaskWithId(named.caskId)
            : noCaskWithIdentity(
                named.identity.number,
                named.identity.distillery,
                String(named.identity.year),
              ),
      });
      continue;
    }
    const key = `${cask.id}|${row.valuedOn}|${cents(row.value)}|${row.source}`;
    const first = seen.get(key);
    if (first !== undefined) {
      refused.push({ line, message: repeatsLine(first) });
      continue;
    }
    seen.set(key, line);
    found.push({ line, row, caskId: cask.id });
  }
  const recorded = await imports.linesAlreadyRecorded(
    db,
    found.map(({ line, row, caskId }) => ({
      line,
      caskId,
      valuedOn: row.valuedOn,
      value: row.value,
      source: row.source,
    })),
  );

  // Each cask's rows in the order an apply records them: by day, then by line (decision 405).
  const state = new Map(
    [...casks.values()].map((c) => [
      c.id,
      { current: c.currentValue === null ? null : Number(c.currentValue), latestOn: c.latestOn },
    ]),
  );
  const ordered = [...found].sort(
    (a, b) => a.row.valuedOn.localeCompare(b.row.valuedOn) || a.line - b.line,
  );
  const matched: Matched[] = [];
  for (const { line, row, caskId } of ordered) {
    const cask = casks.get(caskId)!;
    const now = state.get(caskId)!;
    const alreadyRecorded = recorded.has(line);
    const newValue = Number(row.value);
    const oldValue = now.current;
    const changePercent =
      oldValue === null || oldValue === 0
        ? null
        : Math.round(((newValue - oldValue) / oldValue) * 1000) / 10;
    const becomesCurrent =
      !alreadyRecorded && (now.latestOn === null || row.valuedOn >= now.latestOn);
    if (becomesCurrent) {
      now.current = newValue;
      now.latestOn = row.valuedOn;
    }
    matched.push({
      line,
      caskId,
      caskName: cask.name,
      caskNumber: cask.caskNumber,
      distillery: cask.distillery,
      valuedOn: row.valuedOn,
      source: row.source,
      note: row.note,
      oldValue,
      newValue,
      changePercent,
      flagged:
        !alreadyRecorded &&
        changePercent !== null &&
        Math.abs(changePercent) > VALUATION_IMPORT_FLAG_PERCENT,
      becomesCurrent,
      alreadyRecorded,
      version: cask.version,
      value: row.value,
    });
  }
  matched.sort((a, b) => a.line - b.line);
  refused.sort((a, b) => a.line - b.line);
  const toRecord = matched.filter((row) => !row.alreadyRecorded).length;
  return {
    fileName: upload.fileName,
    fileHash: file.fileHash,
    rows: file.rows,
    matched: matched.map(({ version: _version, value: _value, ...row }) => row),
    matchedRows: matched,
    refused,
    toRecord,
    alreadyRecorded: matched.length - toRecord,
    flagged: matched.filter((row) => row.flagged).length,
    appliedBefore: await imports.lastAppliedAt(db, file.fileHash),
    // What the admin saw: the file, the option, each row's cask at its version and verdict.
    previewToken: hashOf([
      file.fileHash,
      dateOrder,
      matched.map((row) => [row.line, row.caskId, row.version, row.alreadyRecorded]),
      refused.map((row) => row.line),
    ]),
  };
}

const REPORT_HEADER = [
  'line',
  'status',
  'cask_id',
  'cask',
  'cask_number',
  'distillery',
  'date',
  'source',
  'old_value',
  'new_value',
  'change_percent',
  'flagged',
  'message',
];

/**
 * 'Import valuations' (issue 44, docs/screens/casks.md#import-valuations, decisions 404 to 407):
 * a preview that writes nothing and its report as CSV; the apply is the approvable action
 * `valuationImport` below, every row in one transaction through recordValuations, the path of
 * `POST /casks/{id}/valuations`.
 */
export function createValuationImportsService(deps: { database: Database }) {
  const { db } = deps.database;

  return {
    async preview(upload: CsvUpload, dateOrder: CsvDateOrder): Promise<ValuationImportPreview> {
      const { matchedRows: _rows, ...preview } = await judge(db, upload, dateOrder, {
        lock: false,
      });
      return preview;
    },

    /** The preview as CSV, one line a row of the file (refused ones with their reason). */
    async report(
      upload: CsvUpload,
      dateOrder: CsvDateOrder,
    ): Promise<{ fileName: string; csv: string }> {
      const preview = await judge(db, upload, dateOrder, { lock: false });
      const money = (value: number | null) => (value === null ? '' : value.toFixed(2));
      const lines = [
        ...preview.matched.map((row) => ({
          line: row.line,
          cells: [
            row.line,
            row.alreadyRecorded ? 'already recorded' : 'to record',
            row.caskId,
            row.caskName,
            row.caskNumber ?? '',
            row.distillery ?? '',
            row.valuedOn,
            row.source,
            money(row.oldValue),
            money(row.newValue),
            row.changePercent ?? '',
            row.flagged ? 'yes' : '',
            row.becomesCurrent || row.alreadyRecorded
              ? ''
              : 'before the latest valuation: history only',
          ],
        })),
        ...preview.refused.map((row) => ({
          line: row.line,
          cells: [row.line, 'refused', '', '', '', '', '', '', '', '', '', '', row.message],
        })),
      ].sort((a, b) => a.line - b.line);
      const base = (upload.fileName ?? 'valuations.csv').replace(/\.csv$/i, '');
      return {
        fileName: `${base}-preview.csv`,
        csv: csvReport(
          REPORT_HEADER,
          lines.map((line) => line.cells),
        ),
      };
    },
  };
}

/**
 * Records the file's rows in one transaction or none: the casks locked in id order, the preview
 * judged again under the locks and compared with the one the admin saw (409 when a cask changed
 * since), then the rows not recorded already through recordValuations, by day, with the import's
 * id (and the approval it runs under, issue 45). A file applied again, or rows another import
 * recorded, record nothing twice (the check here, and the unique index of migration 0038 under
 * it).
 */
async function applyImport(
  tx: Tx,
  upload: CsvUpload,
  save: ImportSave,
  actor: ApprovedActor,
): Promise<ValuationImportResult> {
  const preview = await judge(tx, upload, save.dateOrder, { lock: true });
  if (preview.previewToken !== save.previewToken) throw new ConflictError(VALUATION_IMPORT_STALE);
  if (preview.matchedRows.length === 0) throw new BadRequestError(VALUATION_IMPORT_NOTHING);
  const importId = await imports.insertImport(tx, {
    fileHash: preview.fileHash,
    fileName: upload.fileName,
    adminId: actor.adminId,
    rows: preview.rows,
    recorded: preview.toRecord,
    alreadyRecorded: preview.alreadyRecorded,
    refused: preview.refused.length,
  });
  const toRecord = preview.matchedRows
    .filter((row) => !row.alreadyRecorded)
    .sort((a, b) => a.valuedOn.localeCompare(b.valuedOn) || a.line - b.line);
  await recordValuations(
    tx,
    toRecord.map((row) => ({
      caskId: row.caskId,
      input: {
        valuedOn: row.valuedOn,
        value: row.value,
        source: row.source,
        note: row.note,
        // A row dated before the cask's latest valuation joins the history, as the preview
        // said (becomesCurrent), rather than being refused: a file of past quotes is normal.
        earlierThanLatest: true,
      },
    })),
    actor,
    { importId },
  );
  return {
    importId,
    recorded: preview.toRecord,
    alreadyRecorded: preview.alreadyRecorded,
    refused: preview.refused.length,
  };
}

/**
 * What an apply would do, as its route takes it and an approval request stores it (issue 45,
 * decision 433): the file itself (its bytes in base64, so approving reads the very file again),
 * its name, the date option, and the token of the preview the admin saw, which guards it.
 */
const importSave = z.object({
  fileName: z.string().nullable(),
  fileHash: z.string(),
  file: z.string(),
  dateOrder: csvDateOrder,
  previewToken: z.string().min(1),
});
export type ImportSave = z.output<typeof importSave>;

/** The save of an uploaded file, for runOrRequest. */
export function importSaveOf(
  upload: CsvUpload,
  fields: { dateOrder: CsvDateOrder; previewToken: string },
): ImportSave {
  return {
    fileName: upload.fileName,
    fileHash: fileHash(upload.bytes),
    file: upload.bytes.toString('base64'),
    dateOrder: fields.dateOrder,
    previewToken: fields.previewToken,
  };
}

const uploadOf = (save: ImportSave): CsvUpload => ({
  bytes: Buffer.from(save.file, 'base64'),
  fileName: save.fileName,
  fields: {},
});

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * Applying a valuations import as an approvable action (issue 45, decision 433): while the
 * policy's 'Valuation change above' is on, every applied import is sent for approval, whatever
 * its changes. It is judged again under the casks' locks when asked (409 when the preview is
 * stale, 400 with nothing to record) and on approval; its version is the preview's token (each
 * cask's version, each row's verdict), so a cask changed since makes the request Outdated.
 */
export const valuationImport: ApprovableAction<ImportSave, ValuationImportResult> = {
  action: 'valuationImport',
  entity: 'cask',
  approvers: APPROVERS.valuationImport,
  body: importSave,
  needsApproval: async (policy) => (await policy()).valuationChange.on,
  async describe(tx, _recordId, save) {
    const upload = uploadOf(save);
    const preview = await judge(tx, upload, save.dateOrder, { lock: true });
    if (preview.previewToken !== save.previewToken) {
      throw new RecordMovedError(VALUATION_IMPORT_STALE);
    }
    if (preview.matchedRows.length === 0) throw new BadRequestError(VALUATION_IMPORT_NOTHING);
    const file = upload.fileName ?? VALUATION_IMPORT_UNNAMED;
    const flagged = preview.flagged > 0 ? ` (${preview.flagged} flagged)` : '';
    return {
      version: preview.previewToken,
      record: file,
      summary: `${counted(preview.toRecord, 'valuation', 'valuations')} from ${file}${flagged}`,
      before: {},
      after: {
        file,
        fileHash: preview.fileHash,
        valuations: preview.toRecord,
        alreadyRecorded: preview.alreadyRecorded,
        refusedRows: preview.refused.length,
        flagged: preview.flagged,
      },
    };
  },
  run: (db, _recordId, save, actor) =>
    db.transaction((tx) => applyImport(tx, uploadOf(save), save, actor)),
};
