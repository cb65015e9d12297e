import { http } from 'msw';
import {
  caskAlertsOf,
  valuationBodyAfter,
  type CaskRecordResponse,
  type CaskTransfer,
  type LatestValuation,
  type ProvenanceResponse,
  type Regauge,
} from '@cask/contracts/cask-records';
import {
  WAREHOUSE_NOT_FOUND,
  caskIdentityBodyFor,
  caskIdentityTaken,
  type Cask,
  type CaskDeletedChanges,
  type CaskDeletedChangesResponse,
  type CaskListResponse,
  type CaskResponse,
  type DeleteCaskResponse,
  type UpdateCaskBody,
  type WarehouseListResponse,
} from '@cask/contracts/casks';
import { uuidParam } from '@cask/contracts/common';
import {
  VALUATION_IMPORT_FLAG_PERCENT,
  VALUATION_IMPORT_STALE,
  valuationImportMessage,
  type ValuationImportPreview,
  type ValuationImportPreviewResponse,
  type ValuationImportRow,
  type ValuationImportReportResponse,
  type ValuationImportResultResponse,
} from '@cask/contracts/valuation-imports';
import { parseAbv, parseVolume } from '@cask/contracts/measures';
import { aCask, testUuid } from '../factories.ts';
import {
  apiError,
  bodyOf,
  bulkIdOf,
  etag,
  formFields,
  json,
  nextVersion,
  notFound,
  page,
  queryOf,
  refuseStaleSave,
} from '../respond.ts';
import { sendForApproval } from './approvals.ts';
import { db, deleteRow, restoreRow } from '../store.ts';

/** A typed ABV or volume as the API keeps it: the number, or null when it is none. */
function measured(
  typed: string | null,
  parse: (typed: string) => number | { error: string },
): number | null {
  if (typed === null) return null;
  const parsed = parse(typed);
  return typeof parsed === 'number' ? parsed : null;
}

const caskOf = (id: unknown) => db().casks.find((c) => c.id === id);

/** As the API's params check: an id that is no UUID at all answers 400 on the `id` field. */
const badId = (id: unknown) =>
  uuidParam.safeParse({ id }).success
    ? undefined
    : apiError(400, 'Invalid UUID', { errors: [{ field: 'id', message: 'Invalid UUID' }] });

/**
 * The cask's latest valuation (decision 395), or its month's (YYYY-MM): of those recorded here,
 * the latest day, then the last recorded; without any, its current value as of its purchase (an
 * add records its value as its first valuation, decision 397).
 */
function latestValuationOf(recorded: Cask, month?: string): LatestValuation | null {
  const own = db()
    .valuations.filter((v) => v.caskId === recorded.id)
    .map((v) => v.valuation)
    .filter((valuation) => month === undefined || valuation.valuedOn.startsWith(month));
  // Newest recorded first, so on a tie the one kept is the last recorded.
  const latest = own.reduce<LatestValuation | null>(
    (best, valuation) => (best === null || valuation.valuedOn > best.valuedOn ? valuation : best),
    null,
  );
  if (latest || month !== undefined || recorded.currentValue === null) return latest;
  const since = recorded.purchaseDate ?? recorded.createdAt;
  return { valuedOn: since.slice(0, 10), value: recorded.currentValue, source: 'Other' };
}

/** A cask's record page: the cask, its gauges, transfers, alerts and latest valuation. */
function record(recorded: Cask, status: number, message?: string) {
  const state = db();
  return json(status, {
    success: true,
    ...(message ? { message } : {}),
    data: {
      cask: recorded,
      regauges: state.regauges.filter((g) => g.caskId === recorded.id).map((g) => g.gauge),
      transfers: state.transfers.filter((t) => t.caskId === recorded.id).map((t) => t.transfer),
      alerts: caskAlertsOf(recorded),
      latestValuation: latestValuationOf(recorded),
    },
  } satisfies CaskRecordResponse);
}

/**
 * The preview of an import's file as the API answers it, for the rows this store can judge: a
 * row's cask by its `cask_id`, its date, value and source as written; its token names the casks'
 * versions, so a cask changed since answers 409 at the apply.
 */
async function importPreview(request: Request): Promise<ValuationImportPreview> {
  const { files } = await formFields(request);
  const text = (await files.file?.[0]?.text()) ?? '';
  const [header = '', ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const names = header.split(',').map((name) => name.trim().toLowerCase());
  const matched: ValuationImportRow[] = [];
  const refused: { line: number; message: string }[] = [];
  lines.forEach((line, index) => {
    const cells = Object.fromEntries(line.split(',').map((cell, at) => [names[at], cell.trim()]));
    const lineNumber = index + 2;
    const recorded = caskOf(cells.cask_id);
    const newValue = Number(cells.value);
    if (!recorded)
      return refused.push({ line: lineNumber, message: `No cask with id ${cells.cask_id}` });
    if (!(newValue >= 0))
      return refused.push({ line: lineNumber, message: 'Value cannot be negative' });
    const oldValue = recorded.currentValue;
    const changePercent = oldValue
      ? Math.round(((newValue - oldValue) / oldValue) * 1000) / 10
      : null;
    matched.push({
      line: lineNumber,
      caskId: recorded.id,
      caskName: recorded.name,
      caskNumber: recorded.caskNumber,
      distillery: recorded.distillery,
      valuedOn: cells.date ?? '',
      source: (cells.source ?? 'Other') as ValuationImportRow['source'],
      note: cells.note ?? '',
      oldValue,
      newValue,
      changePercent,
      flagged: changePercent !== null && Math.abs(changePercent) > VALUATION_IMPORT_FLAG_PERCENT,
      becomesCurrent: true,
      alreadyRecorded: false,
    });
  });
  return {
    fileName: files.file?.[0]?.name ?? null,
    fileHash: 'test-hash',
    rows: lines.length,
    matched,
    refused,
    toRecord: matched.length,
    alreadyRecorded: 0,
    flagged: matched.filter((row) => row.flagged).length,
    appliedBefore: null,
    previewToken: matched.map((row) => `${row.caskId}@${caskOf(row.caskId)?.version}`).join(','),
  };
}

/** Casks (modules/casks) and a cask's record: regauges, transfers and provenance. */
export const casksHandlers = [
  http.get('/api/casks', ({ request }) => {
    const query = queryOf(request);
    const state = db();
    const search = (query.search ?? '').trim().toLowerCase();
    const alert = query.alert as 'regauge-due' | 'abv-near-40' | undefined;
    const found = state.casks.filter((c) => {
      const alerts = caskAlertsOf(c);
      // The search's fields (decision 400): name, distillery, cask number, location.
      return (
        [c.name, c.distillery, c.caskNumber, c.location]
          .join('\n')
          .toLowerCase()
          .includes(search) &&
        (alert === undefined ||
          (alert === 'regauge-due' ? alerts.regaugeDue : alerts.abvNearForty)) &&
        (query.warehouse === undefined || c.warehouse?.id === query.warehouse)
      );
    });
    const { rows, pagination } = page(found, query, 10);
    const totalValue = state.casks.reduce((sum, c) => sum + (c.currentValue ?? 0), 0);
    return json(200, {
      success: true,
      data: {
        casks: rows,
        stats: {
          totalCasks: state.casks.length,
          readyCasks: state.casks.filter((c) => c.status === 'Ready').length,
          maturingCasks: state.casks.filter((c) => c.status === 'Maturing').length,
          totalValue,
          avgValue: state.casks.length ? totalValue / state.casks.length : 0,
          totalGain: state.casks.reduce((sum, c) => sum + (c.gain ?? 0), 0),
        },
        pagination,
      },
    } satisfies CaskListResponse);
  }),
  http.post('/api/casks', async ({ request }) => {
    const state = db();
    const { form } = await formFields(request);
    const field = (name: string) => (form.get(name) as string | null) ?? null;
    const owner = state.customers.find((c) => c.id === field('owner'));
    if (!owner) return apiError(400, 'Owner not found');
    const money = (name: string) => (field(name) === null ? null : Number(field(name)));
    const warehouse = state.warehouses.find((w) => w.id === field('warehouse'));
    if (field('warehouse') !== null && !warehouse) {
      const message = 'Warehouse not found';
      return apiError(400, message, { errors: [{ field: 'warehouse', message }] });
    }
    const fillDate = field('fillDate');
    const created = aCask({
      name: field('name') ?? '',
      distillery: field('distillery'),
      year: fillDate === null ? money('year') : Number(fillDate.slice(0, 4)),
      caskNumber: field('caskNumber'),
      fillDate,
      warehouse: warehouse ? { id: warehouse.id, name: warehouse.name } : null,
      // Read as the API reads them: '70cl' is 0.7 litres, '46%' is 46.
      volume: measured(field('volume'), parseVolume),
      abv: measured(field('abv'), parseAbv),
      location: field('location'),
      currentValue: money('currentValue'),
      purchasePrice: money('purchasePrice'),
      status: (field('status') ?? 'Ready') as Cask['status'],
      type: (field('type') ?? 'cask') as Cask['type'],
      owner: { id: owner.id, fullName: owner.fullName, email: owner.email },
      caskImages: form.get('caskImages') ? `/uploads/${testUuid()}` : null,
      createdAt: new Date().toISOString(),
    });
    state.casks.unshift(created);
    state.totals.totalCasks += 1;
    return json(201, {
      success: true,
      message: 'Cask added successfully!',
      data: { cask: created },
    } satisfies CaskResponse);
  }),
  http.get('/api/warehouses', () =>
    json(200, {
      success: true,
      data: { warehouses: db().warehouses },
    } satisfies WarehouseListResponse),
  ),
  http.post('/api/casks/bulk/deleted', async ({ request }) => {
    const body = await bodyOf<CaskDeletedChanges>(request);
    const state = db();
    const done = body.changes.map(({ id }) => {
      restoreRow('casks', id);
      state.totals.totalCasks += 1;
      return { id, before: { deleted: true }, after: { deleted: false } };
    });
    return json(200, {
      success: true,
      data: { bulkId: bulkIdOf(body), changes: done },
    } satisfies CaskDeletedChangesResponse);
  }),
  http.put('/api/casks/:id/appreciation', async ({ request, params }) => {
    const target = caskOf(params.id);
    if (!target) return notFound('Cask not found');
    const stale = refuseStaleSave(request, target.version);
    if (stale) return stale;
    const body = await bodyOf<UpdateCaskBody>(request);
    target.status = body.status;
    target.notes = body.notes ? body.notes : null;
    target.version = nextVersion(target.version);
    return json(200, {
      success: true,
      message: 'Cask updated successfully!',
      data: { cask: target },
    } satisfies CaskResponse);
  }),
  http.put('/api/casks/:id/identity', async ({ request, params }) => {
    const state = db();
    const target = caskOf(params.id);
    if (!target) return badId(params.id) ?? notFound('Cask not found');
    const stale = refuseStaleSave(request, target.version);
    if (stale) return stale;
    // The contract the API parses with; the identity's uniqueness against the other casks here.
    const parsed = caskIdentityBodyFor(target).safeParse(await bodyOf(request));
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
      }));
      return apiError(400, errors[0]?.message, { errors });
    }
    const { caskNumber, fillDate, warehouse, location } = parsed.data;
    const place = state.warehouses.find((w) => w.id === warehouse);
    if (warehouse !== undefined && !place) {
      return apiError(400, WAREHOUSE_NOT_FOUND, {
        errors: [{ field: 'warehouse', message: WAREHOUSE_NOT_FOUND }],
      });
    }
    const year = fillDate ? Number(fillDate.slice(0, 4)) : target.year;
    const taken = state.casks.find(
      (other) =>
        other.id !== target.id &&
        caskNumber !== undefined &&
        other.caskNumber === caskNumber &&
        other.distillery?.toLowerCase() === target.distillery?.toLowerCase() &&
        other.year === year,
    );
    if (taken) {
      const message = caskIdentityTaken(caskNumber ?? '', target.distillery ?? '', year ?? 0);
      return apiError(409, message, { errors: [{ field: 'caskNumber', message }] });
    }
    Object.assign(target, {
      caskNumber: caskNumber ?? null,
      fillDate: fillDate ?? null,
      year,
      warehouse: place ? { id: place.id, name: place.name } : null,
      location: location ?? null,
      version: nextVersion(target.version),
    });
    return record(target, 200, 'Cask identity saved');
  }),
  http.get('/api/casks/:id/record', ({ params }) => {
    const recorded = caskOf(params.id);
    return badId(params.id) ?? (recorded ? record(recorded, 200) : notFound('Cask not found'));
  }),
  http.get('/api/casks/:id/provenance', ({ params }) => {
    const recorded = caskOf(params.id);
    if (!recorded) return badId(params.id) ?? notFound('Cask not found');
    const events = db()
      .provenance.filter((e) => e.caskId === recorded.id)
      .map((e) => e.event);
    return json(200, { success: true, data: { events } } satisfies ProvenanceResponse);
  }),
  http.post('/api/casks/:id/regauges', async ({ request, params }) => {
    const state = db();
    const recorded = caskOf(params.id);
    if (!recorded) return badId(params.id) ?? notFound('Cask not found');
    // The server's checks are tested against the real API; this one refuses one for the
    // screen's sake: an ABV above 100, under the field.
    const body = await bodyOf<{ gaugedOn: string; bulkLitres: string; abv: string }>(request);
    const abv = parseAbv(body.abv, 'ABV (%)');
    if (typeof abv !== 'number') {
      return apiError(400, abv.error, { errors: [{ field: 'abv', message: abv.error }] });
    }
    const bulkLitres = Number(body.bulkLitres);
    const gauge: Regauge = {
      id: testUuid(),
      gaugedOn: body.gaugedOn,
      bulkLitres,
      abv,
      lpa: Math.round(bulkLitres * abv * 10) / 1000,
      yearlyLoss: null,
      admin: state.profile.fullName,
      createdAt: new Date().toISOString(),
    };
    state.regauges.unshift({ caskId: recorded.id, gauge });
    // The latest gauge is the cask's Volume and ABV (docs/decisions/305).
    if (recorded.gaugedOn === null || gauge.gaugedOn >= recorded.gaugedOn)
      Object.assign(recorded, { volume: bulkLitres, abv, gaugedOn: gauge.gaugedOn });
    state.provenance.unshift({
      caskId: recorded.id,
      event: {
        kind: 'regauge',
        at: gauge.createdAt,
        summary: `Regauged on ${gauge.gaugedOn}`,
        admin: state.profile.fullName,
      },
    });
    return record(recorded, 201, 'Regauge recorded successfully!');
  }),
  http.post('/api/casks/:id/transfers', async ({ request, params }) => {
    const state = db();
    const recorded = caskOf(params.id);
    if (!recorded) return badId(params.id) ?? notFound('Cask not found');
    const body = await bodyOf<{
      toCustomerId: string;
      transferredOn: string;
      price: string;
      reason?: string;
    }>(request);
    const to = state.customers.find((c) => c.id === body.toCustomerId);
    if (!to || to.id === recorded.owner.id) {
      const message = to ? 'The new owner already owns this cask' : 'Customer not found';
      return apiError(400, message, { errors: [{ field: 'toCustomerId', message }] });
    }
    // Issue 45: while the Approvals policy has 'Transfer Ownership' on, it waits for approval.
    if (state.approvalPolicy.transferOwnership.on) {
      return sendForApproval(body.reason, {
        action: 'transferOwnership',
        recordId: recorded.id,
        record: recorded.name,
        summary: `Owner: ${recorded.owner.fullName} -> ${to.fullName}`,
        before: { owner: recorded.owner.fullName },
        after: { owner: to.fullName, transferredOn: body.transferredOn },
      });
    }
    const transfer: CaskTransfer = {
      id: testUuid(),
      transferredOn: body.transferredOn,
      from: { id: recorded.owner.id, fullName: recorded.owner.fullName },
      to: { id: to.id, fullName: to.fullName },
      price: body.price ? Number(body.price) : null,
      note: null,
      admin: state.profile.fullName,
      createdAt: new Date().toISOString(),
    };
    state.transfers.unshift({ caskId: recorded.id, transfer });
    recorded.owner = { id: to.id, fullName: to.fullName, email: to.email };
    return record(recorded, 201, 'Ownership transferred successfully!');
  }),
  http.post('/api/casks/:id/valuations', async ({ request, params }) => {
    const state = db();
    const recorded = caskOf(params.id);
    if (!recorded) return badId(params.id) ?? notFound('Cask not found');
    const stale = refuseStaleSave(request, recorded.version);
    if (stale) return stale;
    // The contract the API parses with, against this cask's latest valuation (decision 395).
    const latest = latestValuationOf(recorded);
    const parsed = valuationBodyAfter(latest?.valuedOn ?? null).safeParse(await bodyOf(request));
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
      }));
      return apiError(400, errors[0]?.message, { errors });
    }
    const body = parsed.data;
    const value = Number(body.value);
    // Until now the cask's first valuation stood in for its current value (latestValuationOf).
    if (latest && !state.valuations.some((v) => v.caskId === recorded.id))
      state.valuations.push({ caskId: recorded.id, valuation: latest });
    state.valuations.unshift({
      caskId: recorded.id,
      valuation: { valuedOn: body.valuedOn, value, source: body.source },
    });
    if (latest === null || body.valuedOn >= latest.valuedOn) {
      const gain = recorded.purchasePrice === null ? null : value - recorded.purchasePrice;
      Object.assign(recorded, { currentValue: value, gain, calculatedGain: gain });
    }
    // The month's point: its latest valuation (decision 396).
    const month = body.valuedOn.slice(0, 7);
    const ofMonth = latestValuationOf(recorded, month);
    recorded.appreciationData = [
      ...recorded.appreciationData.filter((point) => point.month !== month),
      ...(ofMonth ? [{ month, value: ofMonth.value }] : []),
    ].sort((a, b) => a.month.localeCompare(b.month));
    recorded.version = nextVersion(recorded.version);
    state.provenance.unshift({
      caskId: recorded.id,
      event: {
        kind: 'valuation',
        at: new Date().toISOString(),
        summary: `Valued at $${value.toFixed(2)} on ${body.valuedOn} (${body.source})`,
        admin: state.profile.fullName,
      },
    });
    return record(recorded, 201, 'Valuation recorded');
  }),
  http.get('/api/casks/:id', ({ params }) => {
    const target = caskOf(params.id);
    if (!target) return notFound('Cask not found');
    return json(
      200,
      { success: true, data: { cask: target } } satisfies CaskResponse,
      etag(target.version),
    );
  }),
  http.delete('/api/casks/:id', ({ params }) => {
    const state = db();
    const target = caskOf(params.id);
    if (!target) return notFound('Cask not found');
    deleteRow('casks', target);
    state.totals.totalCasks -= 1;
    return json(200, {
      success: true,
      message: 'Cask deleted successfully!',
      data: { id: target.id },
    } satisfies DeleteCaskResponse);
  }),
  // 'Import valuations' (issue 44): rows by cask_id only, comma-separated, ISO dates.
  http.post('/api/casks/valuation-imports/preview', async ({ request }) =>
    json(200, {
      success: true,
      data: await importPreview(request),
    } satisfies ValuationImportPreviewResponse),
  ),
  http.post('/api/casks/valuation-imports/report', async ({ request }) => {
    const preview = await importPreview(request);
    const lines = [
      'line,status,message',
      ...preview.matched.map((row) => `${row.line},to record,`),
      ...preview.refused.map((row) => `${row.line},refused,${row.message}`),
    ];
    return json(200, {
      success: true,
      data: { fileName: 'import-preview.csv', csv: lines.join('\r\n') },
    } satisfies ValuationImportReportResponse);
  }),
  http.post('/api/casks/valuation-imports', async ({ request }) => {
    const preview = await importPreview(request.clone());
    const { fields } = await formFields(request);
    if (fields.previewToken !== preview.previewToken) return apiError(409, VALUATION_IMPORT_STALE);
    // Issue 45 (decision 433): while 'Valuation change above' is on, every apply waits.
    if (db().approvalPolicy.valuationChange.on) {
      const file = preview.fileName ?? 'Unnamed file';
      return sendForApproval(fields.reason, {
        action: 'valuationImport',
        recordId: null,
        record: file,
        summary: `${preview.toRecord} valuations from ${file}`,
        before: {},
        after: { file, valuations: preview.toRecord, refusedRows: preview.refused.length },
      });
    }
    for (const row of preview.matched) {
      const recorded = caskOf(row.caskId);
      if (!recorded || !row.becomesCurrent) continue;
      const gain = recorded.purchasePrice === null ? null : row.newValue - recorded.purchasePrice;
      Object.assign(recorded, { currentValue: row.newValue, gain, calculatedGain: gain });
      recorded.version = nextVersion(recorded.version);
    }
    const result = {
      importId: testUuid(),
      recorded: preview.toRecord,
      alreadyRecorded: 0,
      refused: preview.refused.length,
    };
    return json(201, {
      success: true,
      message: valuationImportMessage(result),
      data: result,
    } satisfies ValuationImportResultResponse);
  }),
];
