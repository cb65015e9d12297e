import { http } from 'msw';
import {
  FINDING_KINDS,
  type DemoStatementResponse,
  type Finding,
  type FindingCounts,
  type ReconciliationsOverview,
  type ReconciliationWarehouse,
  type SavedReconciliation,
  type StatementPreview,
} from '@cask/contracts/reconciliations';
import { json } from '../respond.ts';
import { db } from '../store.ts';

/** The warehouse Reconcile offers in the tests. */
export const TEST_WAREHOUSE: ReconciliationWarehouse = {
  id: '7a1c0c7e-4a55-4c1e-9a0e-3f1b2a4c5d6e',
  name: 'Bonded Warehouse No. 4',
  city: 'Dufftown',
  columns: null,
  dateOrder: null,
};

const CASK_ID = '0b5f7c1e-2d3a-4b5c-8d9e-1f2a3b4c5d6e';
const side = (line: number, number: string, location: string) => ({
  line,
  number,
  distillery: 'Glenfarclas',
  fillDate: '2015-03-01',
  location,
  bulkLitres: '200',
  abv: '60',
  gaugedOn: '2015-03-01',
  rla: '120.000',
});
const ours = (number: string, location: string) => ({
  caskId: CASK_ID,
  name: `Glenfarclas ${number}`,
  number,
  distillery: 'Glenfarclas',
  fillDate: '2015-03-01',
  warehouse: TEST_WAREHOUSE.name,
  location,
  bulkLitres: '200',
  abv: '60',
  gaugedOn: null,
  rla: '120.000',
});

/** One finding of each kind, as the API's comparison gives them. */
function previewFindings(): Finding[] {
  return [
    { id: null, kind: 'missing', statement: null, ours: ours('101', 'Rack 1'), resolved: null },
    {
      id: null,
      kind: 'unknown',
      statement: side(2, 'X-9001', 'Rack 4'),
      ours: null,
      resolved: null,
    },
    {
      id: null,
      kind: 'location',
      statement: side(3, '102', 'Rack 9'),
      ours: ours('102', 'Rack 2'),
      resolved: null,
    },
    {
      id: null,
      kind: 'gauge',
      statement: { ...side(4, '103', 'Rack 1'), bulkLitres: '150', rla: '90.000' },
      ours: ours('103', 'Rack 1'),
      resolved: null,
    },
    {
      id: null,
      kind: 'matched',
      statement: side(5, '104', 'Rack 1'),
      ours: ours('104', 'Rack 1'),
      resolved: null,
    },
  ];
}

const countsOf = (findings: readonly Finding[]): FindingCounts =>
  Object.fromEntries(
    FINDING_KINDS.map((kind) => {
      const of = findings.filter((f) => f.kind === kind);
      return [
        kind,
        { total: of.length, open: kind === 'matched' ? 0 : of.filter((f) => !f.resolved).length },
      ];
    }),
  ) as FindingCounts;

const HEADERS = ['Cask No', 'Distillery', 'Date Filled', 'Rack/Bay'];

/** Reconcile (docs/screens/reconciliations.md#api-calls), from the store's saved reports. */
export const reconciliationsHandlers = [
  http.get('/api/reconciliations', () =>
    json(200, {
      success: true,
      data: {
        warehouses: [TEST_WAREHOUSE],
        statements: db().reconciliations.map(({ report: _report, ...summary }) => summary),
      } satisfies ReconciliationsOverview,
    }),
  ),
  http.get('/api/reconciliations/demo-statement', () =>
    json(200, {
      success: true,
      data: {
        fileName: 'stock-statement-bonded-warehouse-no-4.csv',
        csv: 'Cask No\r\n',
        warehouse: { id: TEST_WAREHOUSE.id, name: TEST_WAREHOUSE.name },
      },
    } satisfies DemoStatementResponse),
  ),
  http.post('/api/reconciliations/preview', async ({ request }) => {
    const form = await request.formData();
    const sent = form.get('columns');
    const columns =
      typeof sent === 'string'
        ? (JSON.parse(sent) as StatementPreview['columns'])
        : { number: 'Cask No', distillery: 'Distillery', fillDate: 'Date Filled' };
    const findings = previewFindings();
    const preview: StatementPreview = {
      fileHash: 'a'.repeat(64),
      rows: 4,
      headers: HEADERS,
      columns,
      mapped: Boolean(columns.number && columns.distillery && columns.fillDate),
      dateOrder: form.get('dateOrder') === 'dmy' ? 'dmy' : 'iso',
      rowErrors:
        form.get('dateOrder') === 'dmy'
          ? []
          : [{ line: 2, message: "Fill date '01/03/2015' is not a day like 2024-03-31." }],
      report: { counts: countsOf(findings), findings },
    };
    return json(200, { success: true, data: preview });
  }),
  http.post('/api/reconciliations', () => {
    const findings = previewFindings().map((f, index) => ({
      ...f,
      id: `${index + 1}0000000-0000-4000-8000-000000000000`,
    }));
    const saved: SavedReconciliation = {
      id: '5e0c1d2e-3f4a-4b5c-9d6e-7f8a9b0c1d2e',
      warehouse: { id: TEST_WAREHOUSE.id, name: TEST_WAREHOUSE.name },
      fileName: 'statement.csv',
      fileHash: 'a'.repeat(64),
      rows: 4,
      admin: 'Ada Admin',
      createdAt: new Date().toISOString(),
      counts: countsOf(findings),
      report: { counts: countsOf(findings), findings },
    };
    db().reconciliations.unshift(saved);
    return json(201, { success: true, message: 'Report saved', data: saved });
  }),
  http.get('/api/reconciliations/:id', ({ params }) => {
    const saved = db().reconciliations.find((r) => r.id === params.id);
    return saved
      ? json(200, { success: true, data: saved })
      : json(404, { success: false, message: 'This reconciliation was not found' });
  }),
  http.post(
    '/api/reconciliations/:id/findings/:findingId/resolution',
    async ({ params, request }) => {
      const state = db();
      const index = state.reconciliations.findIndex((r) => r.id === params.id);
      const saved = state.reconciliations[index];
      if (!saved) return json(404, { success: false, message: 'This finding was not found' });
      const body = (await request.json()) as { resolution: Finding['kind']; note?: string };
      const findings = saved.report.findings.map((f) =>
        f.id === params.findingId
          ? {
              ...f,
              resolved: {
                resolution: body.resolution as 'investigate',
                note: body.note ?? null,
                admin: 'Ada Admin',
                resolvedAt: new Date().toISOString(),
              },
            }
          : f,
      );
      const next = {
        ...saved,
        counts: countsOf(findings),
        report: { counts: countsOf(findings), findings },
      };
      state.reconciliations[index] = next;
      return json(200, { success: true, message: 'Finding resolved', data: next });
    },
  ),
];
