import { eq, sql } from 'drizzle-orm';
import type { CaskRecordResponse } from '@cask/contracts/cask-records';
import type { DashboardResponse } from '@cask/contracts/dashboard';
import type {
  Finding,
  FindingKind,
  SavedReconciliation,
  StatementPreview,
} from '@cask/contracts/reconciliations';
import { beforeAll, describe, expect, test } from 'vitest';
import { casks } from '../../db/schema/casks.ts';
import { warehouses } from '../../db/schema/warehouses.ts';
import { useTestContext } from '../../../test/support/app.ts';
import {
  auditActions,
  createCask,
  rowCount,
  uniqueMarker,
} from '../../../test/support/factories.ts';
import { getData, postCsvImport } from '../../../test/support/requests.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { warehouseStatements } from '../../db/schema/warehouse-statements.ts';

const ctx = useTestContext();
let admin: TestAdmin;
let viewer: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
  viewer = await createAdmin(ctx, { role: 'viewer' });
});

const HEADER = 'Cask No,Distillery,Filled,Rack,BL,Strength,Gauged';

async function newWarehouse(name = `Bond ${uniqueMarker('w')}`) {
  const [row] = await ctx.database.db.insert(warehouses).values({ name }).returning();
  if (!row) throw new Error('no warehouse');
  return row;
}

/**
 * A warehouse with four casks of ours: one the statement lists exactly, one in another rack,
 * one whose gauge lost far more than 2% a year, one it does not list; and a row we do not know.
 */
async function scenario() {
  const warehouse = await newWarehouse();
  const elsewhere = await newWarehouse();
  const distillery = `Glen ${uniqueMarker('d')}`;
  const cask = (number: string, overrides: Partial<typeof casks.$inferInsert> = {}) =>
    createCask(ctx, {
      caskNumber: number,
      distillery,
      fillDate: '2015-03-01',
      year: 2015,
      warehouseId: warehouse.id,
      location: 'Rack 1',
      volume: '200',
      abv: '60',
      ...overrides,
    });
  const matched = await cask('101');
  const moved = await cask('102', { location: 'Rack 2' });
  const thirsty = await cask('103');
  const missing = await cask('104');
  const otherWarehouse = await cask('105', { warehouseId: elsewhere.id });
  // 200 BL at 60% = 120 LPA filled in March 2015; after ~9 years 2% a year keeps about 98.
  const csv = [
    HEADER,
    `101,${distillery},01/03/2015,Rack 1,200,60,01/03/2015`,
    `102,${distillery},01/03/2015,Rack 9,,,`,
    `103,${distillery},01/03/2015,Rack 1,150,50,01/03/2024`,
    `105,${distillery},01/03/2015,Rack 1,,,`,
    `999,${distillery},01/03/2015,Rack 4,,,`,
  ].join('\n');
  return { warehouse, distillery, csv, matched, moved, thirsty, missing, otherWarehouse };
}

const columns = {
  number: 'Cask No',
  distillery: 'Distillery',
  fillDate: 'Filled',
  location: 'Rack',
  bulkLitres: 'BL',
  abv: 'Strength',
  gaugedOn: 'Gauged',
};

const fieldsFor = (warehouseId: string, extra: Record<string, string> = {}) => ({
  warehouseId,
  dateOrder: 'dmy',
  columns: JSON.stringify(columns),
  ...extra,
});

const numbersOf = (findings: Finding[], kind: FindingKind) =>
  findings
    .filter((finding) => finding.kind === kind)
    .map((finding) => finding.statement?.number ?? finding.ours?.number)
    .sort();

describe('POST /api/reconciliations/preview', () => {
  test('finds each kind of mismatch in one statement and saves nothing', async () => {
    const s = await scenario();
    const before = await rowCount(ctx, warehouseStatements);
    const res = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations/preview',
      s.csv,
      fieldsFor(s.warehouse.id),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: StatementPreview }>().data;
    expect(preview.rowErrors).toEqual([]);
    const report = preview.report;
    if (!report) throw new Error('no report');
    expect(numbersOf(report.findings, 'missing')).toEqual(['104']);
    expect(numbersOf(report.findings, 'unknown')).toEqual(['999']);
    expect(numbersOf(report.findings, 'location')).toEqual(['102', '105']);
    expect(numbersOf(report.findings, 'gauge')).toEqual(['103']);
    expect(numbersOf(report.findings, 'matched')).toEqual(['101']);
    expect(report.counts.location).toEqual({ total: 2, open: 2 });
    const gauge = report.findings.find((finding) => finding.kind === 'gauge');
    expect(gauge?.statement).toMatchObject({ rla: '75.000', gaugedOn: '2024-03-01' });
    expect(gauge?.ours).toMatchObject({ rla: '120.000', caskId: s.thirsty.id });
    expect(await rowCount(ctx, warehouseStatements)).toBe(before);
  });

  test('a gauge within 2% a year of evaporation is a match', async () => {
    const s = await scenario();
    // 120 LPA x 0.98^9 = 100.05: 167 BL at 60% is 100.2 LPA nine years on.
    const csv = [HEADER, `103,${s.distillery},01/03/2015,Rack 1,167,60,01/03/2024`].join('\n');
    const res = await postCsvImport(ctx, admin, '/api/reconciliations/preview', csv, {
      ...fieldsFor(s.warehouse.id),
    });
    const report = res.json<{ data: StatementPreview }>().data.report;
    expect(numbersOf(report?.findings ?? [], 'matched')).toEqual(['103']);
    expect(numbersOf(report?.findings ?? [], 'gauge')).toEqual([]);
  });

  test('reads a semicolon file with a byte-order mark and ISO dates, and guesses usual headers', async () => {
    const s = await scenario();
    const csv = `\uFEFFCask number;Distillery;Fill date;Location\n101;${s.distillery};2015-03-01;Rack 1\n`;
    const res = await postCsvImport(ctx, admin, '/api/reconciliations/preview', csv, {
      warehouseId: s.warehouse.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: StatementPreview }>().data;
    expect(preview.columns).toEqual({
      number: 'Cask number',
      distillery: 'Distillery',
      fillDate: 'Fill date',
      location: 'Location',
    });
    expect(preview.dateOrder).toBe('iso');
    expect(numbersOf(preview.report?.findings ?? [], 'matched')).toEqual(['101']);
  });

  test('without the columns of a cask identity there is no report, only the headers to map', async () => {
    const s = await scenario();
    const res = await postCsvImport(ctx, admin, '/api/reconciliations/preview', 'A,B\n1,2\n', {
      warehouseId: s.warehouse.id,
    });
    const preview = res.json<{ data: StatementPreview }>().data;
    expect(preview).toMatchObject({ headers: ['A', 'B'], mapped: false, report: null });
  });

  test('names each row that cannot be read by its line', async () => {
    const s = await scenario();
    const csv = [
      HEADER,
      `101,${s.distillery},2015-03-01,Rack 1,,,`,
      `,${s.distillery},01/03/2015,Rack 1,,,`,
      `102,${s.distillery},01/03/2015,Rack 1,abc,61,01/03/2020`,
      `104,${s.distillery},01/03/2015,Rack 1,,,`,
      `104,${s.distillery},02/03/2015,Rack 1,,,`,
    ].join('\r\n');
    const res = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations/preview',
      csv,
      fieldsFor(s.warehouse.id),
    );
    expect(res.json<{ data: StatementPreview }>().data.rowErrors).toEqual([
      { line: 2, message: "Fill date '2015-03-01' is not a day like 31/03/2024." },
      { line: 3, message: 'Cask number is empty.' },
      { line: 4, message: "Bulk litres 'abc' is not a number of litres." },
      {
        line: 6,
        message: `Cask 104 of ${s.distillery} (2015) is listed twice: lines 5 and 6.`,
      },
    ]);
  });

  test('refuses a file that is not UTF-8 and one over 10 MB', async () => {
    const s = await scenario();
    const latin1 = new Uint8Array([...new TextEncoder().encode('Cask No\n'), 0xe9, 0x0a]);
    const bad = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations/preview',
      latin1,
      fieldsFor(s.warehouse.id),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'The statement must be a CSV file in UTF-8' });
    const big = `${HEADER}\n${'x'.repeat(10 * 1024 * 1024)}`;
    const tooLarge = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations/preview',
      big,
      fieldsFor(s.warehouse.id),
    );
    expect(tooLarge.statusCode).toBe(413);
  });

  test('a Viewer may preview, but not save or resolve', async () => {
    const s = await scenario();
    const preview = await postCsvImport(
      ctx,
      viewer,
      '/api/reconciliations/preview',
      s.csv,
      fieldsFor(s.warehouse.id),
    );
    expect(preview.statusCode).toBe(200);
    const save = await postCsvImport(
      ctx,
      viewer,
      '/api/reconciliations',
      s.csv,
      fieldsFor(s.warehouse.id),
    );
    expect(save.statusCode).toBe(403);
  });
});

async function saveReport(s: Awaited<ReturnType<typeof scenario>>) {
  const res = await postCsvImport(
    ctx,
    admin,
    '/api/reconciliations',
    s.csv,
    fieldsFor(s.warehouse.id),
    'statement.csv',
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SavedReconciliation }>().data;
}

const findingOf = (report: SavedReconciliation, kind: FindingKind, number: string) => {
  const found = report.report.findings.find(
    (finding) =>
      finding.kind === kind && (finding.statement?.number ?? finding.ours?.number) === number,
  );
  if (!found?.id) throw new Error(`no ${kind} finding for ${number}`);
  return found.id;
};

const resolve = (
  report: SavedReconciliation,
  findingId: string,
  body: object,
  who: TestAdmin = admin,
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/reconciliations/${report.id}/findings/${findingId}/resolution`,
    headers: who.headers,
    payload: body,
  });

describe('POST /api/reconciliations and resolutions', () => {
  test('saves the report with the hash, who and when, remembers the columns, and audits it', async () => {
    const s = await scenario();
    const saved = await saveReport(s);
    expect(saved).toMatchObject({
      warehouse: { id: s.warehouse.id, name: s.warehouse.name },
      fileName: 'statement.csv',
      rows: 5,
      admin: 'Ada Admin',
      counts: {
        missing: { total: 1, open: 1 },
        unknown: { total: 1, open: 1 },
        location: { total: 2, open: 2 },
        gauge: { total: 1, open: 1 },
        matched: { total: 1, open: 0 },
      },
    });
    expect(saved.fileHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await auditActions(ctx, { entityId: saved.id })).toEqual(['reconciliation.saved']);
    const overview = await getData<{
      data: { warehouses: { id: string; columns: unknown; dateOrder: string }[] };
    }>(ctx, admin, '/api/reconciliations');
    expect(overview.warehouses.find((w) => w.id === s.warehouse.id)).toMatchObject({
      columns,
      dateOrder: 'dmy',
    });
    // The next statement of this warehouse needs no columns: they are remembered.
    const again = await postCsvImport(ctx, admin, '/api/reconciliations/preview', s.csv, {
      warehouseId: s.warehouse.id,
    });
    expect(again.json<{ data: StatementPreview }>().data).toMatchObject({
      columns,
      dateOrder: 'dmy',
      mapped: true,
    });
  });

  test('a statement with a row that cannot be read is not saved', async () => {
    const s = await scenario();
    const res = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations',
      `${HEADER}\n,x,01/01/2015,,,,\n`,
      fieldsFor(s.warehouse.id),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: [{ field: 'line 2', message: 'Cask number is empty.' }],
    });
  });

  test("accepting the warehouse's location moves the cask there, once, with audit rows", async () => {
    const s = await scenario();
    const saved = await saveReport(s);
    const res = await resolve(saved, findingOf(saved, 'location', '102'), {
      resolution: 'accept-location',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: SavedReconciliation }>().data;
    expect(after.counts.location).toEqual({ total: 2, open: 1 });
    const [cask] = await ctx.database.db.select().from(casks).where(eq(casks.id, s.moved.id));
    expect(cask).toMatchObject({ location: 'Rack 9', warehouseId: s.warehouse.id });
    expect(await auditActions(ctx, { entityId: s.moved.id })).toContain('cask.relocated');
    expect(await auditActions(ctx, { entityId: saved.id })).toContain('reconciliation.resolved');
    const twice = await resolve(saved, findingOf(saved, 'location', '102'), {
      resolution: 'accept-location',
    });
    expect(twice.statusCode).toBe(409);
  });

  test("recording the statement's gauge goes through the regauge path and its checks", async () => {
    const s = await scenario();
    const saved = await saveReport(s);
    const res = await resolve(saved, findingOf(saved, 'gauge', '103'), {
      resolution: 'record-gauge',
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = await getData<CaskRecordResponse>(
      ctx,
      admin,
      `/api/casks/${s.thirsty.id}/record`,
    );
    expect(record.regauges[0]).toMatchObject({ gaugedOn: '2024-03-01', lpa: 75 });
    expect(await auditActions(ctx, { entityId: s.thirsty.id })).toContain('cask.regauged');
  });

  test('a gauge the regauge path refuses leaves the finding open', async () => {
    const s = await scenario();
    const distillery = s.distillery;
    // More alcohol than the filling: a cask gains none in bond.
    const csv = [HEADER, `101,${distillery},01/03/2015,Rack 1,250,70,01/03/2020`].join('\n');
    const res = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations',
      csv,
      fieldsFor(s.warehouse.id),
    );
    const saved = res.json<{ data: SavedReconciliation }>().data;
    const refused = await resolve(saved, findingOf(saved, 'gauge', '101'), {
      resolution: 'record-gauge',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('bulkLitres');
    const read = await getData<{ data: SavedReconciliation }>(
      ctx,
      admin,
      `/api/reconciliations/${saved.id}`,
    );
    expect(read.counts.gauge.open).toBe(1);
  });

  test('a finding marked for investigation needs a note; the wrong resolution is refused', async () => {
    const s = await scenario();
    const saved = await saveReport(s);
    const missing = findingOf(saved, 'missing', '104');
    expect((await resolve(saved, missing, { resolution: 'investigate' })).statusCode).toBe(400);
    expect((await resolve(saved, missing, { resolution: 'record-gauge' })).statusCode).toBe(400);
    const viewerTry = await resolve(
      saved,
      missing,
      { resolution: 'investigate', note: 'x' },
      viewer,
    );
    expect(viewerTry.statusCode).toBe(403);
    const res = await resolve(saved, missing, {
      resolution: 'investigate',
      note: 'Asked the warehouse',
    });
    expect(res.statusCode, res.body).toBe(200);
    const finding = res
      .json<{ data: SavedReconciliation }>()
      .data.report.findings.find((f) => f.id === missing);
    expect(finding?.resolved).toMatchObject({
      resolution: 'investigate',
      note: 'Asked the warehouse',
      admin: 'Ada Admin',
    });
  });

  test("the dashboard counts the casks missing in each warehouse's latest statement", async () => {
    const read = async () =>
      (await getData<DashboardResponse>(ctx, admin, '/api/admin/dashboard')).reconciliation
        ?.missingAtWarehouses ?? 0;
    const before = await read();
    const s = await scenario();
    await saveReport(s);
    expect(await read()).toBe(before + 1);
    // A later statement of the same warehouse that lists the cask replaces the count.
    await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations',
      `${s.csv}\n104,${s.distillery},01/03/2015,Rack 1,,,`,
      fieldsFor(s.warehouse.id),
    );
    expect(await read()).toBe(before);
    expect(
      await ctx.database.db.execute(sql`select 1 from warehouse_statements limit 1`),
    ).toBeTruthy();
  });
});
