import { eq, sql } from 'drizzle-orm';
import type { CaskRecordResponse } from '@cask/contracts/cask-records';
import type { DashboardResponse } from '@cask/contracts/dashboard';
import type { SavedReconciliation, StatementPreview } from '@cask/contracts/reconciliations';
import { beforeAll, describe, expect, test } from 'vitest';
import { casks } from '../../db/schema/casks.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { auditActions, rowCount } from '../../../test/support/factories.ts';
import { getData, postCsvImport } from '../../../test/support/requests.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import {
  findingIdOf,
  findingNumbers,
  reconciliationScenario,
  resolveFinding,
  saveStatement,
  STATEMENT_COLUMNS,
  STATEMENT_HEADER,
  statementFields,
} from '../../../test/support/reconciliations.ts';
import { warehouseStatements } from '../../db/schema/warehouse-statements.ts';

const ctx = useTestContext();
let admin: TestAdmin;
let viewer: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
  viewer = await createAdmin(ctx, { role: 'viewer' });
});

describe('POST /api/reconciliations/preview', () => {
  test('finds each kind of mismatch in one statement and saves nothing', async () => {
    const s = await reconciliationScenario(ctx);
    const before = await rowCount(ctx, warehouseStatements);
    const res = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations/preview',
      s.csv,
      statementFields(s.warehouse.id),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: StatementPreview }>().data;
    expect(preview.rowErrors).toEqual([]);
    const report = preview.report;
    if (!report) throw new Error('no report');
    expect(findingNumbers(report.findings, 'missing')).toEqual(['104']);
    expect(findingNumbers(report.findings, 'unknown')).toEqual(['999']);
    expect(findingNumbers(report.findings, 'location')).toEqual(['102', '105']);
    expect(findingNumbers(report.findings, 'gauge')).toEqual(['103']);
    expect(findingNumbers(report.findings, 'matched')).toEqual(['101']);
    expect(report.counts.location).toEqual({ total: 2, open: 2 });
    const gauge = report.findings.find((finding) => finding.kind === 'gauge');
    expect(gauge?.statement).toMatchObject({ rla: '75.000', gaugedOn: '2024-03-01' });
    expect(gauge?.ours).toMatchObject({ rla: '120.000', caskId: s.thirsty.id });
    expect(await rowCount(ctx, warehouseStatements)).toBe(before);
  });

  test('a gauge within 2% a year of evaporation is a match', async () => {
    const s = await reconciliationScenario(ctx);
    // 120 LPA x 0.98^9 = 100.05: 167 BL at 60% is 100.2 LPA nine years on.
    const csv = [STATEMENT_HEADER, `103,${s.distillery},01/03/2015,Rack 1,167,60,01/03/2024`].join(
      '\n',
    );
    const res = await postCsvImport(ctx, admin, '/api/reconciliations/preview', csv, {
      ...statementFields(s.warehouse.id),
    });
    const report = res.json<{ data: StatementPreview }>().data.report;
    expect(findingNumbers(report?.findings ?? [], 'matched')).toEqual(['103']);
    expect(findingNumbers(report?.findings ?? [], 'gauge')).toEqual([]);
  });

  test('reads a semicolon file with a byte-order mark and ISO dates, and guesses usual headers', async () => {
    const s = await reconciliationScenario(ctx);
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
    expect(findingNumbers(preview.report?.findings ?? [], 'matched')).toEqual(['101']);
  });

  test('without the columns of a cask identity there is no report, only the headers to map', async () => {
    const s = await reconciliationScenario(ctx);
    const res = await postCsvImport(ctx, admin, '/api/reconciliations/preview', 'A,B\n1,2\n', {
      warehouseId: s.warehouse.id,
    });
    const preview = res.json<{ data: StatementPreview }>().data;
    expect(preview).toMatchObject({ headers: ['A', 'B'], mapped: false, report: null });
  });

  test('names each row that cannot be read by its line', async () => {
    const s = await reconciliationScenario(ctx);
    const csv = [
      STATEMENT_HEADER,
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
      statementFields(s.warehouse.id),
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
    const s = await reconciliationScenario(ctx);
    const latin1 = new Uint8Array([...new TextEncoder().encode('Cask No\n'), 0xe9, 0x0a]);
    const bad = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations/preview',
      latin1,
      statementFields(s.warehouse.id),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'The statement must be a CSV file in UTF-8' });
    const big = `${STATEMENT_HEADER}\n${'x'.repeat(10 * 1024 * 1024)}`;
    const tooLarge = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations/preview',
      big,
      statementFields(s.warehouse.id),
    );
    expect(tooLarge.statusCode).toBe(413);
  });

  test('a Viewer may preview, but not save or resolve', async () => {
    const s = await reconciliationScenario(ctx);
    const preview = await postCsvImport(
      ctx,
      viewer,
      '/api/reconciliations/preview',
      s.csv,
      statementFields(s.warehouse.id),
    );
    expect(preview.statusCode).toBe(200);
    const save = await postCsvImport(
      ctx,
      viewer,
      '/api/reconciliations',
      s.csv,
      statementFields(s.warehouse.id),
    );
    expect(save.statusCode).toBe(403);
  });
});

describe('POST /api/reconciliations and resolutions', () => {
  test('saves the report with the hash, who and when, remembers the columns, and audits it', async () => {
    const s = await reconciliationScenario(ctx);
    const saved = await saveStatement(ctx, admin, s);
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
      columns: STATEMENT_COLUMNS,
      dateOrder: 'dmy',
    });
    // The next statement of this warehouse needs no columns: they are remembered.
    const again = await postCsvImport(ctx, admin, '/api/reconciliations/preview', s.csv, {
      warehouseId: s.warehouse.id,
    });
    expect(again.json<{ data: StatementPreview }>().data).toMatchObject({
      columns: STATEMENT_COLUMNS,
      dateOrder: 'dmy',
      mapped: true,
    });
  });

  test('a statement with a row that cannot be read is not saved', async () => {
    const s = await reconciliationScenario(ctx);
    const res = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations',
      `${STATEMENT_HEADER}\n,x,01/01/2015,,,,\n`,
      statementFields(s.warehouse.id),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: [{ field: 'line 2', message: 'Cask number is empty.' }],
    });
  });

  test("accepting the warehouse's location moves the cask there, once, with audit rows", async () => {
    const s = await reconciliationScenario(ctx);
    const saved = await saveStatement(ctx, admin, s);
    const res = await resolveFinding(ctx, admin, saved, findingIdOf(saved, 'location', '102'), {
      resolution: 'accept-location',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: SavedReconciliation }>().data;
    expect(after.counts.location).toEqual({ total: 2, open: 1 });
    const [cask] = await ctx.database.db.select().from(casks).where(eq(casks.id, s.moved.id));
    expect(cask).toMatchObject({ location: 'Rack 9', warehouseId: s.warehouse.id });
    expect(await auditActions(ctx, { entityId: s.moved.id })).toContain('cask.relocated');
    expect(await auditActions(ctx, { entityId: saved.id })).toContain('reconciliation.resolved');
    const twice = await resolveFinding(ctx, admin, saved, findingIdOf(saved, 'location', '102'), {
      resolution: 'accept-location',
    });
    expect(twice.statusCode).toBe(409);
  });

  test("recording the statement's gauge goes through the regauge path and its checks", async () => {
    const s = await reconciliationScenario(ctx);
    const saved = await saveStatement(ctx, admin, s);
    const res = await resolveFinding(ctx, admin, saved, findingIdOf(saved, 'gauge', '103'), {
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
    const s = await reconciliationScenario(ctx);
    const distillery = s.distillery;
    // More alcohol than the filling: a cask gains none in bond.
    const csv = [STATEMENT_HEADER, `101,${distillery},01/03/2015,Rack 1,250,70,01/03/2020`].join(
      '\n',
    );
    const res = await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations',
      csv,
      statementFields(s.warehouse.id),
    );
    const saved = res.json<{ data: SavedReconciliation }>().data;
    const refused = await resolveFinding(ctx, admin, saved, findingIdOf(saved, 'gauge', '101'), {
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
    const s = await reconciliationScenario(ctx);
    const saved = await saveStatement(ctx, admin, s);
    const missing = findingIdOf(saved, 'missing', '104');
    expect(
      (await resolveFinding(ctx, admin, saved, missing, { resolution: 'investigate' })).statusCode,
    ).toBe(400);
    expect(
      (await resolveFinding(ctx, admin, saved, missing, { resolution: 'record-gauge' })).statusCode,
    ).toBe(400);
    const viewerTry = await resolveFinding(ctx, viewer, saved, missing, {
      resolution: 'investigate',
      note: 'x',
    });
    expect(viewerTry.statusCode).toBe(403);
    const res = await resolveFinding(ctx, admin, saved, missing, {
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
    const s = await reconciliationScenario(ctx);
    await saveStatement(ctx, admin, s);
    expect(await read()).toBe(before + 1);
    // A later statement of the same warehouse that lists the cask replaces the count.
    await postCsvImport(
      ctx,
      admin,
      '/api/reconciliations',
      `${s.csv}\n104,${s.distillery},01/03/2015,Rack 1,,,`,
      statementFields(s.warehouse.id),
    );
    expect(await read()).toBe(before);
    expect(
      await ctx.database.db.execute(sql`select 1 from warehouse_statements limit 1`),
    ).toBeTruthy();
  });
});
