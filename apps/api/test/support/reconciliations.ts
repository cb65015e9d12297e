import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';
import type { Finding, FindingKind, SavedReconciliation } from '@cask/contracts/reconciliations';
import type { casks } from '../../src/db/schema/casks.ts';
import type { TestContext } from './app.ts';
import { createCask, createWarehouse, uniqueMarker } from './factories.ts';
import { postCsvImport } from './requests.ts';
import type { TestAdmin } from './sign-in.ts';

/** A warehouse statement's header row, as the scenario's statement spells its columns. */
export const STATEMENT_HEADER = 'Cask No,Distillery,Filled,Rack,BL,Strength,Gauged';

/** The statement's columns mapped to a cask's fields, as the screen sends them. */
export const STATEMENT_COLUMNS = {
  number: 'Cask No',
  distillery: 'Distillery',
  fillDate: 'Filled',
  location: 'Rack',
  bulkLitres: 'BL',
  abv: 'Strength',
  gaugedOn: 'Gauged',
};

/**
 * A warehouse with four casks of ours: one the statement lists exactly, one in another rack,
 * one whose gauge lost far more than 2% a year, one it does not list; a fifth in another
 * warehouse; and the statement (`csv`) with a row we do not know.
 */
export async function reconciliationScenario(ctx: Pick<TestContext, 'database'>) {
  const warehouse = await createWarehouse(ctx, { name: `Bond ${uniqueMarker('w')}` });
  const elsewhere = await createWarehouse(ctx, { name: `Bond ${uniqueMarker('w')}` });
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
    STATEMENT_HEADER,
    `101,${distillery},01/03/2015,Rack 1,200,60,01/03/2015`,
    `102,${distillery},01/03/2015,Rack 9,,,`,
    `103,${distillery},01/03/2015,Rack 1,150,50,01/03/2024`,
    `105,${distillery},01/03/2015,Rack 1,,,`,
    `999,${distillery},01/03/2015,Rack 4,,,`,
  ].join('\n');
  return { warehouse, distillery, csv, matched, moved, thirsty, missing, otherWarehouse };
}

export type ReconciliationScenario = Awaited<ReturnType<typeof reconciliationScenario>>;

/** A statement upload's form fields for `warehouseId`: its columns mapped, days as 31/03/2024. */
export const statementFields = (warehouseId: string, extra: Record<string, string> = {}) => ({
  warehouseId,
  dateOrder: 'dmy',
  columns: JSON.stringify(STATEMENT_COLUMNS),
  ...extra,
});

/** The cask numbers of the findings of `kind`, sorted. */
export const findingNumbers = (findings: Finding[], kind: FindingKind) =>
  findings
    .filter((finding) => finding.kind === kind)
    .map((finding) => finding.statement?.number ?? finding.ours?.number)
    .sort();

/** Saves the scenario's statement as `admin` (as `statement.csv`); expects 201, answers the report. */
export async function saveStatement(
  ctx: Pick<TestContext, 'app'>,
  admin: TestAdmin,
  s: ReconciliationScenario,
): Promise<SavedReconciliation> {
  const res = await postCsvImport(
    ctx,
    admin,
    '/api/reconciliations',
    s.csv,
    statementFields(s.warehouse.id),
    'statement.csv',
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SavedReconciliation }>().data;
}

/** The id of the saved report's finding of `kind` for cask `number` (throws when there is none). */
export function findingIdOf(report: SavedReconciliation, kind: FindingKind, number: string) {
  const found = report.report.findings.find(
    (finding) =>
      finding.kind === kind && (finding.statement?.number ?? finding.ours?.number) === number,
  );
  if (!found?.id) throw new Error(`no ${kind} finding for ${number}`);
  return found.id;
}

/** POSTs a finding's resolution (`body`) as `who`: the answer, whatever it is. */
export function resolveFinding(
  ctx: Pick<TestContext, 'app'>,
  who: TestAdmin,
  report: SavedReconciliation,
  findingId: string,
  body: object,
): Promise<InjectResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/reconciliations/${report.id}/findings/${findingId}/resolution`,
    headers: who.headers,
    payload: body,
  });
}
