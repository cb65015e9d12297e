import { regaugeBody } from '@cask/contracts/cask-records';
import {
  FINDING_ALREADY_RESOLVED,
  FINDING_NOT_FOUND,
  RECONCILIATION_NOT_FOUND,
  REQUIRED_STATEMENT_FIELDS,
  RESOLUTION_CASK_GONE,
  RESOLUTION_NOT_FOR_KIND,
  STATEMENT_DATE_ORDERS,
  STATEMENT_EMPTY,
  STATEMENT_FIELDS,
  STATEMENT_FIELD_LABELS,
  STATEMENT_FILE_REQUIRED,
  STATEMENT_HAS_ROW_ERRORS,
  STATEMENT_NOT_UTF8,
  STATEMENT_TOO_LARGE,
  STATEMENT_WAREHOUSE_REQUIRED,
  type FindingResolution,
  type DemoStatementResponse,
  type ReconciliationsOverview,
  type ResolveFindingBody,
  type RowError,
  type SavedReconciliation,
  type StatementColumns,
  type StatementDateOrder,
  type StatementField,
  type StatementPreview,
} from '@cask/contracts/reconciliations';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { BYTE_ORDER_MARK, csvLines } from '../../db/csv.ts';
import { writeAudit, type Actor } from '../../db/audit.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { recordRegauge } from './cask-records.service.ts';
import * as repo from './reconciliations.repository.ts';
import type { DemoStatementCask, StatementRow } from './reconciliations.repository.ts';
import { lockCask } from './casks.repository.ts';
import { openCsvRows, type CsvRow, type CsvUpload, type CsvWords } from '../../lib/csv-import.ts';

/**
 * A statement's file is read by the import kit (lib/csv-import.ts, decision 412: its upload,
 * hash and rows, with the kit's rules), in the statement's own words.
 */
export const STATEMENT_WORDS: CsvWords = {
  noun: 'statement',
  tooLarge: STATEMENT_TOO_LARGE,
  notUtf8: STATEMENT_NOT_UTF8,
  fileRequired: STATEMENT_FILE_REQUIRED,
  notCsv: 'The statement could not be read as CSV',
  noHeader: STATEMENT_EMPTY,
};

/** Header names a statement commonly uses for each field, compared lower-cased without spaces. */
const USUAL_HEADERS: Record<StatementField, readonly string[]> = {
  number: ['casknumber', 'caskno', 'cask', 'number', 'caskid'],
  distillery: ['distillery', 'distillery name'],
  fillDate: ['filldate', 'filled', 'dateoffill', 'filledon', 'datefilled'],
  location: ['location', 'rack', 'bay', 'rackbay', 'position'],
  bulkLitres: ['bulklitres', 'bulkliters', 'bl', 'bulk', 'litres'],
  abv: ['abv', 'strength', 'abv%', 'strength%'],
  gaugedOn: ['gaugedate', 'gaugedon', 'regaugedate', 'lastgauge', 'dateofgauge'],
};

const squash = (header: string) => header.toLowerCase().replace(/[\s_\-.()/]/g, '');

/** The columns a header row suggests, for a warehouse whose statements were never mapped. */
export function guessColumns(headers: readonly string[]): StatementColumns {
  const columns: StatementColumns = {};
  for (const field of STATEMENT_FIELDS) {
    const header = headers.find((name) => USUAL_HEADERS[field].includes(squash(name)));
    if (header !== undefined) columns[field] = header;
  }
  return columns;
}

const refuse = (field: string, message: string) =>
  new BadRequestError(message, [{ field, message }]);

/** The options sent beside the file: the warehouse, the date order, the columns (JSON). */
function optionsOf(fields: Record<string, string>) {
  const warehouseId = fields.warehouseId?.trim() ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(warehouseId)) {
    throw refuse('warehouseId', STATEMENT_WAREHOUSE_REQUIRED);
  }
  const dateOrderText = fields.dateOrder ?? '';
  if (
    dateOrderText !== '' &&
    !(STATEMENT_DATE_ORDERS as readonly string[]).includes(dateOrderText)
  ) {
    throw refuse('dateOrder', 'Dates must be iso (2024-03-31) or dmy (31/03/2024)');
  }
  const dateOrder = dateOrderText === '' ? undefined : (dateOrderText as StatementDateOrder);
  let columns: StatementColumns | undefined;
  if (fields.columns !== undefined && fields.columns !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.columns);
    } catch {
      throw refuse('columns', 'Columns must be a JSON object of field to header');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw refuse('columns', 'Columns must be a JSON object of field to header');
    }
    columns = {};
    for (const [field, header] of Object.entries(parsed)) {
      if (!(STATEMENT_FIELDS as readonly string[]).includes(field)) {
        throw refuse('columns', `Unknown field '${field}'`);
      }
      if (header === null || header === '') continue;
      if (typeof header !== 'string')
        throw refuse('columns', `The column of ${field} must be a header`);
      columns[field as StatementField] = header;
    }
  }
  return { warehouseId, dateOrder, columns };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** A statement's day as ISO, or null when it is not one in the statement's order. */
export function statementDay(text: string, order: StatementDateOrder): string | null {
  const match = order === 'iso' ? ISO_DAY.exec(text) : DMY_DAY.exec(text);
  if (!match) return null;
  const [year, month, dayOfMonth] =
    order === 'iso'
      ? [Number(match[1]), Number(match[2]), Number(match[3])]
      : [Number(match[3]), Number(match[2]), Number(match[1])];
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  if (
    year < 1800 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== dayOfMonth
  ) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** A decimal as the statement writes it ('250.5', '250,5' in a semicolon file, '61.2%'). */
function statementAmount(text: string, unit: RegExp): string | null {
  const plain = text.replace(unit, '').trim().replace(',', '.');
  return /^\d{1,9}(\.\d{1,3})?$/.test(plain) ? String(Number(plain)) : null;
}

/**
 * Reads the statement's rows as the comparison takes them, one at a time (the import kit's rows,
 * decision 412): answers the row, or a clear error for a row that cannot be read: a required
 * cell empty, a day not in the statement's order, a number that is not one, a cask listed twice
 * (the reader remembers each identity it has read).
 */
export function statementRowReader(
  headers: readonly string[],
  columns: StatementColumns,
  dateOrder: StatementDateOrder,
): (row: CsvRow) => StatementRow | RowError {
  const seen = new Map<string, number>();
  const example = dateOrder === 'iso' ? '2024-03-31' : '31/03/2024';
  // Each field's cell by its index in the header row (-1: not mapped).
  const indexOf = Object.fromEntries(
    STATEMENT_FIELDS.map((field) => {
      const header = columns[field];
      return [field, header === undefined ? -1 : headers.indexOf(header)];
    }),
  ) as Record<StatementField, number>;
  const label = (field: StatementField) => STATEMENT_FIELD_LABELS[field];
  return ({ line, cells }) => {
    const cell = (field: StatementField) => {
      const index = indexOf[field];
      return index < 0 ? '' : (cells[index] ?? '').trim();
    };
    const problems: string[] = [];
    for (const field of REQUIRED_STATEMENT_FIELDS) {
      if (cell(field) === '') problems.push(`${label(field)} is empty`);
    }
    const fillDate = cell('fillDate') === '' ? null : statementDay(cell('fillDate'), dateOrder);
    if (cell('fillDate') !== '' && fillDate === null) {
      problems.push(`Fill date '${cell('fillDate')}' is not a day like ${example}`);
    }
    const gaugedOn = cell('gaugedOn') === '' ? null : statementDay(cell('gaugedOn'), dateOrder);
    if (cell('gaugedOn') !== '' && gaugedOn === null) {
      problems.push(`Gauge date '${cell('gaugedOn')}' is not a day like ${example}`);
    }
    const bulkLitres =
      cell('bulkLitres') === '' ? null : statementAmount(cell('bulkLitres'), /l$/i);
    if (cell('bulkLitres') !== '' && bulkLitres === null) {
      problems.push(`Bulk litres '${cell('bulkLitres')}' is not a number of litres`);
    }
    const abv = cell('abv') === '' ? null : statementAmount(cell('abv'), /%$/);
    if (cell('abv') !== '' && (abv === null || Number(abv) > 100)) {
      problems.push(`ABV '${cell('abv')}' is not a percentage from 0 to 100`);
    }
    if ((bulkLitres === null) !== (abv === null) && problems.length === 0) {
      problems.push('A gauge needs both bulk litres and ABV');
    }
    if (problems.length > 0) return { line, message: `${problems.join('; ')}.` };
    const number = cell('number');
    const distillery = cell('distillery');
    const key = `${number}\n${distillery.toLowerCase()}\n${fillDate?.slice(0, 4)}`;
    const first = seen.get(key);
    if (first !== undefined) {
      return {
        line,
        message: `Cask ${number} of ${distillery} (${fillDate?.slice(0, 4)}) is listed twice: lines ${first} and ${line}.`,
      };
    }
    seen.set(key, line);
    return {
      line,
      number,
      distillery,
      fillDate: fillDate ?? '',
      location: cell('location') === '' ? null : cell('location'),
      bulkLitres,
      abv,
      gaugedOn,
    };
  };
}

const DEMO_HEADER = [
  'Cask No',
  'Distillery',
  'Date Filled',
  'Rack/Bay',
  'BL',
  'ABV %',
  'Last Gauge',
];
/** An ISO day as the demo statement writes it: day/month/year, as many warehouses do. */
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The demo's stock statement (docs/screens/reconciliations.md#the-demo-statement): the casks held
 * in the demo's warehouse as the warehouse would list them, with deliberate mismatches of each
 * kind: the first two not listed (missing at the warehouse), the next two in another rack
 * (location differs), the next two gauged the same day with 10% less and 8% more alcohol
 * (gauge differs; the second one's regauge is refused, a cask gains no alcohol in bond), two casks
 * we do not know, and the rest as we hold them (matched). Every cell formula-neutralised
 * (db/csv.ts).
 */
export function demoStatementCsv(casks: readonly DemoStatementCask[]): string {
  const row = (cask: DemoStatementCask, change: Partial<DemoStatementCask> = {}) => {
    const c = { ...cask, ...change };
    return [
      c.number,
      c.distillery,
      dmy(c.fillDate),
      c.location ?? '',
      c.bulkLitres,
      c.abv,
      dmy(c.gaugedOn),
    ];
  };
  const scaled = (cask: DemoStatementCask, factor: number) =>
    row(cask, { bulkLitres: (Number(cask.bulkLitres) * factor).toFixed(1) });
  const rows = casks.slice(2).map((cask, index) => {
    if (index === 0) return row(cask, { location: 'Rack 40, Bay 12' });
    if (index === 1) return row(cask, { location: 'Rack 39, Bay 11' });
    if (index === 2) return scaled(cask, 0.9);
    if (index === 3) return scaled(cask, 1.08);
    return row(cask);
  });
  const distillery = casks[0]?.distillery ?? 'Glenfarclas';
  rows.push(
    [`X-9001`, distillery, '01/05/2012', 'Rack 1, Bay 1', '190.0', '58.5', '01/05/2020'],
    [`X-9002`, distillery, '15/09/2014', 'Rack 2, Bay 7', '', '', ''],
  );
  return BYTE_ORDER_MARK + csvLines([DEMO_HEADER, ...rows]);
}

/** The file opened, its header read, the columns settled (sent, remembered or guessed). */
async function openStatement(db: DbOrTx, upload: CsvUpload) {
  const options = optionsOf(upload.fields);
  const warehouse = await repo.findWarehouse(db, options.warehouseId);
  if (!warehouse) throw refuse('warehouseId', STATEMENT_WAREHOUSE_REQUIRED);
  const file = await openCsvRows(upload.bytes, STATEMENT_WORDS);
  const remembered = (await repo.listWarehouses(db)).find((w) => w.id === warehouse.id);
  const rememberedFits =
    remembered?.columns &&
    Object.values(remembered.columns).every((header) => file.headers.includes(header));
  const columns =
    options.columns ??
    (rememberedFits && remembered.columns ? remembered.columns : guessColumns(file.headers));
  for (const [field, header] of Object.entries(columns)) {
    if (!file.headers.includes(header)) {
      throw refuse('columns', `The statement has no column '${header}' for ${field}`);
    }
  }
  const dateOrder = options.dateOrder ?? remembered?.dateOrder ?? 'iso';
  const mapped = REQUIRED_STATEMENT_FIELDS.every((field) => columns[field] !== undefined);
  return { warehouse, file, columns, dateOrder, mapped };
}
type OpenedStatement = Awaited<ReturnType<typeof openStatement>>;

/**
 * Reads the statement's rows into the transaction's `statement_rows`, a batch at a time as the
 * file is read (decision 429: a 100,000-row statement is never held whole), when its columns are
 * mapped; answers how many rows the file has and, in line order, the rows that cannot be read.
 */
async function loadStatementRows(tx: Tx, statement: OpenedStatement) {
  const { file, mapped } = statement;
  const read = statementRowReader(file.headers, statement.columns, statement.dateOrder);
  const errors: RowError[] = [];
  let batch: StatementRow[] = [];
  let loaded = 0;
  let rows = 0;
  if (mapped) await repo.createStatementRows(tx);
  for await (const row of file.rows) {
    rows += 1;
    if (!mapped) continue;
    const result = read(row);
    if ('message' in result) errors.push(result);
    else batch.push(result);
    if (batch.length === repo.STATEMENT_ROWS_PER_INSERT) {
      await repo.insertStatementRows(tx, batch);
      loaded += batch.length;
      batch = [];
    }
  }
  if (mapped) {
    await repo.insertStatementRows(tx, batch);
    loaded += batch.length;
    await repo.analyzeStatementRows(tx);
  }
  // Without a mapping the rows are only counted (the file's errors are then the kit's alone).
  const rowErrors = [...file.errors, ...errors].sort((a, b) => a.line - b.line);
  return { loaded, fileRows: rows + file.errors.length, rowErrors };
}

/** A finding's resolution and its audit rows, in the caller's transaction (decision 410). */
async function applyResolution(
  tx: Tx,
  statementId: string,
  findingId: string,
  body: { resolution: FindingResolution; note?: string | undefined },
  actor: Actor,
): Promise<void> {
  const finding = await repo.lockFinding(tx, statementId, findingId);
  if (!finding) throw new NotFoundError(FINDING_NOT_FOUND);
  if (finding.resolution !== null) throw new ConflictError(FINDING_ALREADY_RESOLVED);
  const applies =
    (body.resolution === 'accept-location' && finding.kind === 'location') ||
    (body.resolution === 'record-gauge' && finding.kind === 'gauge') ||
    (body.resolution === 'investigate' && finding.kind !== 'matched');
  if (!applies) throw refuse('resolution', RESOLUTION_NOT_FOR_KIND);
  const note = body.note ? body.note : null;
  if (body.resolution === 'accept-location' && finding.caskId && finding.statement) {
    const cask = await lockCask(tx, finding.caskId);
    if (!cask) throw new ConflictError(RESOLUTION_CASK_GONE);
    const before = await repo.caskPlace(tx, finding.caskId);
    const location = finding.statement.location ?? before?.location ?? null;
    await repo.moveCask(tx, {
      caskId: finding.caskId,
      warehouseId: finding.warehouseId,
      location,
    });
    await writeAudit(tx, {
      adminId: actor.adminId,
      action: 'cask.relocated',
      entity: 'cask',
      entityId: finding.caskId,
      before: {
        warehouseId: before?.warehouseId ?? null,
        location: before?.location ?? null,
      },
      after: { warehouseId: finding.warehouseId, location, statementId },
      ip: actor.ip,
    });
  }
  if (body.resolution === 'record-gauge' && finding.caskId && finding.statement) {
    const side = finding.statement;
    // The cask page's contract and checks (docs/domain.md#impossible-gauges), unchanged.
    const gauge = regaugeBody.safeParse({
      gaugedOn: side.gaugedOn ?? '',
      bulkLitres: side.bulkLitres ?? '',
      abv: side.abv ?? '',
    });
    if (!gauge.success) {
      const issue = gauge.error.issues[0];
      throw refuse(String(issue?.path[0] ?? 'gaugedOn'), issue?.message ?? 'Bad gauge');
    }
    const cask = await lockCask(tx, finding.caskId);
    if (!cask) throw new ConflictError(RESOLUTION_CASK_GONE);
    await recordRegauge(tx, finding.caskId, gauge.data, actor);
  }
  await repo.markResolved(tx, {
    findingId,
    resolution: body.resolution,
    note,
    adminId: actor.adminId,
  });
  await writeAudit(tx, {
    adminId: actor.adminId,
    action: 'reconciliation.resolved',
    entity: 'warehouse_statement',
    entityId: statementId,
    after: {
      findingId,
      kind: finding.kind,
      caskId: finding.caskId,
      line: finding.statement?.line ?? null,
      resolution: body.resolution,
      note,
    },
    ip: actor.ip,
  });
}

/**
 * Reconcile (issue 44, docs/screens/reconciliations.md): a warehouse's stock statement read and
 * compared with our casks in one statement (decision 408); a preview writes nothing, 'Save report'
 * saves the same comparison with the file's hash, who and when; each finding resolved on its own
 * (decision 410), the statement's gauge through the cask page's one regauge path.
 */
export function createReconciliationsService(deps: { database: Database }) {
  const { db } = deps.database;

  async function saved(id: string): Promise<SavedReconciliation> {
    const statement = await repo.readStatement(db, id);
    if (!statement) throw new NotFoundError(RECONCILIATION_NOT_FOUND);
    const { findings, ...summary } = statement;
    return { ...summary, report: { counts: summary.counts, findings } };
  }

  return {
    async overview(): Promise<ReconciliationsOverview> {
      const [warehouses, statements] = await Promise.all([
        repo.listWarehouses(db),
        repo.listStatements(db),
      ]);
      return { warehouses, statements };
    },

    /**
     * Reads and compares the statement; writes nothing (a Viewer may call it): its rows live in
     * the transaction's temporary table only.
     */
    async preview(upload: CsvUpload): Promise<StatementPreview> {
      const statement = await openStatement(db, upload);
      return db.transaction(async (tx) => {
        const loaded = await loadStatementRows(tx, statement);
        const report = statement.mapped
          ? await repo.previewFindings(tx, statement.warehouse.id)
          : null;
        return {
          fileHash: statement.file.fileHash,
          rows: loaded.fileRows,
          headers: statement.file.headers,
          columns: statement.columns,
          mapped: statement.mapped,
          dateOrder: statement.dateOrder,
          rowErrors: loaded.rowErrors,
          report,
        };
      });
    },

    /**
     * Saves the report of the statement (its file sent again, as previewed): refused while a
     * required column is not mapped or a row cannot be read. Remembers the warehouse's columns.
     */
    async save(upload: CsvUpload, actor: Actor): Promise<SavedReconciliation> {
      const opened = await openStatement(db, upload);
      if (!opened.mapped) {
        const missing = REQUIRED_STATEMENT_FIELDS.filter((field) => !opened.columns[field]);
        throw new BadRequestError(
          'Map the columns first',
          missing.map((field) => ({
            field: `columns.${field}`,
            message: `Choose the column of ${STATEMENT_FIELD_LABELS[field]}`,
          })),
        );
      }
      const { warehouse, file } = opened;
      const id = await db.transaction(async (tx) => {
        const { loaded, rowErrors } = await loadStatementRows(tx, opened);
        if (rowErrors.length > 0) {
          throw new BadRequestError(
            STATEMENT_HAS_ROW_ERRORS,
            rowErrors
              .slice(0, 100)
              .map((error) => ({ field: `line ${error.line}`, message: error.message })),
          );
        }
        const statement = await repo.saveStatement(tx, {
          warehouseId: warehouse.id,
          fileName: upload.fileName,
          fileHash: file.fileHash,
          adminId: actor.adminId,
          rows: loaded,
        });
        await repo.rememberColumns(tx, {
          warehouseId: warehouse.id,
          columns: opened.columns,
          dateOrder: opened.dateOrder,
          adminId: actor.adminId,
        });
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'reconciliation.saved',
          entity: 'warehouse_statement',
          entityId: statement.id,
          after: {
            warehouse: warehouse.name,
            warehouseId: warehouse.id,
            fileName: upload.fileName,
            fileHash: file.fileHash,
            rows: loaded,
            ...statement.counts,
          },
          ip: actor.ip,
        });
        return statement.id;
      });
      return saved(id);
    },

    read: saved,

    /** The demo's statement as a file to download (404 without a warehouse holding casks). */
    async demoStatement(): Promise<DemoStatementResponse['data']> {
      const demo = await repo.demoStatementCasks(db);
      if (!demo || demo.casks.length < 8) {
        throw new NotFoundError('No warehouse holds enough numbered casks for a demo statement');
      }
      const slug = demo.warehouse.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return {
        fileName: `stock-statement-${slug}.csv`,
        csv: demoStatementCsv(demo.casks),
        warehouse: demo.warehouse,
      };
    },

    /**
     * Resolves one finding (decision 410), in one transaction with its audit row: the warehouse's
     * location accepted (the cask moves there), the statement's gauge recorded as a regauge (the
     * cask page's path and its checks: a 400 names what is impossible), or marked for
     * investigation with a note. A finding is resolved once (409 after).
     */
    async resolve(
      statementId: string,
      findingId: string,
      body: { resolution: ResolveFindingBody['resolution']; note?: string | undefined },
      actor: Actor,
    ): Promise<SavedReconciliation> {
      await db.transaction((tx) => applyResolution(tx, statementId, findingId, body, actor));
      return saved(statementId);
    },
  };
}
