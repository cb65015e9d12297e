import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import {
  abvNearUntil,
  VALUATION_NOTE_ON_ADD,
  type CaskRecordResponse,
  type ProvenanceResponse,
  todayIso,
} from '@cask/contracts/cask-records';
import type { CaskListResponse } from '@cask/contracts/casks';
import { DATE_OUT_OF_RANGE } from '@cask/contracts/common';
import type { CustomerCasksResponse } from '@cask/contracts/customer-records';
import { beforeAll, describe, expect, test } from 'vitest';
import { casks, caskTransfers } from '../../db/schema/casks.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { spelled } from '../../../test/support/days.ts';
import { getData } from '../../../test/support/requests.ts';
import {
  createCask,
  createCustomer,
  uniqueMarker,
  auditEntriesOf,
} from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';
import { caskRecord, gaugeCount, insertGauges } from '../../../test/support/casks.ts';
import { yearsAgo } from '../../../test/support/days.ts';

const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

describe('POST /api/casks/:id/regauges', () => {
  test('records a gauge with its litres of pure alcohol and the yearly loss since the last', async () => {
    const cask = await createCask(ctx, { year: 2010, volume: '250', abv: '63.5' });
    await insertGauges(ctx, [
      { caskId: cask.id, gaugedOn: yearsAgo(3, '01-10'), bulkLitres: '240', abv: '60' },
    ]);
    const gaugedOn = yearsAgo(1, '01-10');
    const response = await api.post(`/api/casks/${cask.id}/regauges`, {
      gaugedOn,
      bulkLitres: '235L',
      abv: '58.5%',
    });
    expect(response.statusCode).toBe(201);
    const data = response.json<CaskRecordResponse>().data;
    expect(data.regauges).toHaveLength(2);
    const [latest, previous] = data.regauges;
    expect(latest).toMatchObject({ gaugedOn, bulkLitres: 235, abv: 58.5, lpa: 137.475 });
    // 144 LPA to 137.475 LPA over two years (730 or 731 days).
    const years = (Date.parse(gaugedOn) - Date.parse(yearsAgo(3, '01-10'))) / (365.25 * 864e5);
    const expected = (1 - (137.475 / 144) ** (1 / years)) * 100;
    expect(latest?.yearlyLoss).toBeCloseTo(expected, 2);
    expect(previous).toMatchObject({ lpa: 144, yearlyLoss: null });
    const audits = await auditEntriesOf(ctx, { entityId: cask.id, action: 'cask.regauged' });
    expect(audits).toHaveLength(1);
  });

  const impossible: [string, (caskId: string) => object, string, RegExp][] = [
    [
      'an ABV above 100',
      () => ({ gaugedOn: todayIso(), bulkLitres: '200', abv: '101' }),
      'abv',
      /0 to 100/,
    ],
    [
      'an ABV of 0',
      () => ({ gaugedOn: todayIso(), bulkLitres: '200', abv: '0' }),
      'abv',
      /more than 0/,
    ],
    [
      'more pure alcohol than the last gauge',
      () => ({ gaugedOn: todayIso(), bulkLitres: '241', abv: '60' }),
      'bulkLitres',
      /gains no alcohol/,
    ],
    [
      'a date before the fill',
      () => ({ gaugedOn: '2009-12-31', bulkLitres: '200', abv: '55' }),
      'gaugedOn',
      /before the cask was filled \(2010\)/,
    ],
    [
      'a date in the future',
      () => ({
        gaugedOn: `${new Date().getUTCFullYear() + 1}-01-01`,
        bulkLitres: '200',
        abv: '55',
      }),
      'gaugedOn',
      /future/,
    ],
    [
      'a day that does not exist',
      () => ({ gaugedOn: '2021-02-30', bulkLitres: '200', abv: '55' }),
      'gaugedOn',
      /a day/,
    ],
    ['no bulk litres', () => ({ gaugedOn: todayIso(), abv: '55' }), 'bulkLitres', /Bulk litres/],
  ];
  test.each(impossible)(
    'refuses %s with a field error and saves nothing',
    async (_, body, field, message) => {
      const cask = await createCask(ctx, { year: 2010, volume: '250', abv: '63.5' });
      await insertGauges(ctx, [
        { caskId: cask.id, gaugedOn: yearsAgo(2), bulkLitres: '240', abv: '60' },
      ]);
      const before = await caskRecord(ctx, admin, cask.id);
      const response = await api.post(`/api/casks/${cask.id}/regauges`, body(cask.id));
      expect(response.statusCode).toBe(400);
      const error = response.json<{
        success: false;
        errors: { field: string; message: string }[];
      }>();
      expect(error.success).toBe(false);
      const fieldError = error.errors.find((e) => e.field === field);
      expect(fieldError?.message).toMatch(message);
      expect(await gaugeCount(ctx, cask.id)).toBe(1);
      const after = await caskRecord(ctx, admin, cask.id);
      expect(after.cask.updatedAt).toBe(before.cask.updatedAt);
    },
  );

  test('before any regauge, the figures the cask was added with are its last gauge', async () => {
    const cask = await createCask(ctx, { year: 2015, volume: '200', abv: '60' });
    const refused = await api.post(`/api/casks/${cask.id}/regauges`, {
      gaugedOn: todayIso(),
      bulkLitres: '201',
      abv: '60',
    });
    expect(refused.statusCode).toBe(400);
    expect(await gaugeCount(ctx, cask.id)).toBe(0);
    const accepted = await api.post(`/api/casks/${cask.id}/regauges`, {
      gaugedOn: todayIso(),
      bulkLitres: '195',
      abv: '60.5',
    });
    expect(accepted.statusCode).toBe(201);
  });

  test('a higher ABV alone is no error (a warm, dry warehouse)', async () => {
    const cask = await createCask(ctx, { year: 2015, volume: '200', abv: '60' });
    await insertGauges(ctx, [
      { caskId: cask.id, gaugedOn: yearsAgo(2), bulkLitres: '200', abv: '60' },
    ]);
    const response = await api.post(`/api/casks/${cask.id}/regauges`, {
      gaugedOn: todayIso(),
      bulkLitres: '190',
      abv: '61',
    });
    expect(response.statusCode).toBe(201);
  });

  test('an unknown cask is 404', async () => {
    const response = await api.post('/api/casks/00000000-0000-4000-8000-000000000000/regauges', {
      gaugedOn: todayIso(),
      bulkLitres: '200',
      abv: '50',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('gauge alerts (docs/domain.md#gauge-alerts)', () => {
  test('Regauge due: older than 5 years and last gauged more than 3 years ago', async () => {
    const year = new Date().getUTCFullYear();
    const due = await createCask(ctx, { year: year - 8 });
    await insertGauges(ctx, [
      { caskId: due.id, gaugedOn: yearsAgo(4), bulkLitres: '240', abv: '60' },
    ]);
    const recent = await createCask(ctx, { year: year - 8 });
    await insertGauges(ctx, [
      { caskId: recent.id, gaugedOn: yearsAgo(1), bulkLitres: '240', abv: '60' },
    ]);
    const young = await createCask(ctx, { year: year - 3 });
    const old = await createCask(ctx, { year: year - 20 });
    await insertGauges(ctx, [
      { caskId: old.id, gaugedOn: yearsAgo(2), bulkLitres: '240', abv: '60' },
    ]);

    expect((await caskRecord(ctx, admin, due.id)).alerts).toMatchObject({
      regaugeDue: true,
      regaugeDueOn: yearsAgo(1),
    });
    expect((await caskRecord(ctx, admin, recent.id)).alerts.regaugeDue).toBe(false);
    expect((await caskRecord(ctx, admin, young.id)).alerts).toMatchObject({
      regaugeDue: false,
      regaugeDueOn: `${year + 2}-01-01`,
    });
    // Past 15 years: every year.
    expect((await caskRecord(ctx, admin, old.id)).alerts).toMatchObject({
      regaugeDue: true,
      regaugeDueOn: yearsAgo(1),
    });
  });

  test('ABV near 40%: the day the trend of the gauges crosses 40%', async () => {
    const cask = await createCask(ctx, { year: 1990 });
    // One point of ABV a year: 43% a year ago, so 40% two years from now.
    await insertGauges(ctx, [
      { caskId: cask.id, gaugedOn: yearsAgo(5, '01-01'), bulkLitres: '200', abv: '47' },
      { caskId: cask.id, gaugedOn: yearsAgo(3, '01-01'), bulkLitres: '190', abv: '45' },
      { caskId: cask.id, gaugedOn: yearsAgo(1, '01-01'), bulkLitres: '180', abv: '43' },
    ]);
    const { alerts } = await caskRecord(ctx, admin, cask.id);
    expect(alerts.abvNearForty).toBe(true);
    const crossing = Date.parse(`${yearsAgo(-2, '01-01')}T00:00:00Z`);
    expect(Math.abs(Date.parse(`${alerts.abvFortyOn}T00:00:00Z`) - crossing)).toBeLessThan(
      3 * 864e5,
    );

    const slow = await createCask(ctx, { year: 2000 });
    await insertGauges(ctx, [
      { caskId: slow.id, gaugedOn: yearsAgo(5), bulkLitres: '200', abv: '62' },
      { caskId: slow.id, gaugedOn: yearsAgo(1), bulkLitres: '190', abv: '61' },
    ]);
    const slowAlerts = (await caskRecord(ctx, admin, slow.id)).alerts;
    expect(slowAlerts.abvNearForty).toBe(false);
    expect(slowAlerts.abvFortyOn! > abvNearUntil()).toBe(true);

    const one = await createCask(ctx, { year: 2000 });
    await insertGauges(ctx, [
      { caskId: one.id, gaugedOn: yearsAgo(1), bulkLitres: '200', abv: '41' },
    ]);
    expect((await caskRecord(ctx, admin, one.id)).alerts).toMatchObject({
      abvFortyOn: null,
      abvNearForty: false,
    });
  });

  test('the Cask List filters by alert, counting exactly', async () => {
    const year = new Date().getUTCFullYear();
    const due = await createCask(ctx, { year: year - 30 });
    const fresh = await createCask(ctx, { year: year - 1 });
    const list = (alert: string) =>
      getData<CaskListResponse>(ctx, admin, '/api/casks', { alert, limit: 100 });
    const dueIds = (await list('regauge-due')).casks.map((c) => c.id);
    expect(dueIds).toContain(due.id);
    expect(dueIds).not.toContain(fresh.id);
    const [expected] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(casks)
      .where(sql`${casks.regaugeDueOn} <= current_date`);
    expect((await list('regauge-due')).pagination.total).toBe(expected?.n);
    // A regauge clears the alert, and the count follows at once.
    await api.post(`/api/casks/${due.id}/regauges`, {
      gaugedOn: todayIso(),
      bulkLitres: '100',
      abv: '45',
    });
    const after = await list('regauge-due');
    expect(after.casks.map((c) => c.id)).not.toContain(due.id);
    expect(after.pagination.total).toBe((expected?.n ?? 0) - 1);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/casks?alert=soon',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("a cask's Volume and ABV are its latest gauge (issue 41)", () => {
  test('a regauge changes them on the cask page, the Cask List, the customer page and the export; the filling stays', async () => {
    const owner = await createCustomer(ctx);
    const name = `Gauged ${uniqueMarker('g')}`;
    const cask = await createCask(ctx, {
      name,
      ownerId: owner.id,
      year: 2012,
      volume: '500',
      abv: '53.6',
    });
    const before = (await caskRecord(ctx, admin, cask.id)).cask;
    expect(before).toMatchObject({
      volume: 500,
      abv: 53.6,
      gaugedOn: null,
      filledVolume: 500,
      filledAbv: 53.6,
    });
    const gaugedOn = yearsAgo(0, '01-02');
    const response = await api.post(`/api/casks/${cask.id}/regauges`, {
      gaugedOn,
      bulkLitres: '361.5',
      abv: '51.7',
    });
    expect(response.statusCode).toBe(201);
    const shown = { volume: 361.5, abv: 51.7, gaugedOn };
    expect(response.json<CaskRecordResponse>().data.cask).toMatchObject({
      ...shown,
      filledVolume: 500,
      filledAbv: 53.6,
    });
    const list = await getData<CaskListResponse>(ctx, admin, '/api/casks', { search: name });
    expect(list.casks).toEqual([expect.objectContaining({ id: cask.id, ...shown })]);
    const section = await getData<CustomerCasksResponse>(
      ctx,
      admin,
      `/api/users/${owner.id}/casks`,
    );
    expect(section.items).toEqual([expect.objectContaining({ id: cask.id, ...shown })]);

    // A gauge dated before the latest one changes nothing shown.
    await api.post(`/api/casks/${cask.id}/regauges`, {
      gaugedOn: yearsAgo(2),
      bulkLitres: '400',
      abv: '52.5',
    });
    expect((await caskRecord(ctx, admin, cask.id)).cask).toMatchObject(shown);

    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/exports/casks',
      query: { search: name },
      headers: admin.headers,
    });
    expect(started.statusCode, started.body).toBe(201);
    const { url } = started.json<{ data: { export: { url: string } } }>().data.export;
    const file = await ctx.app.inject({ method: 'GET', url: `/api${url}` });
    const [header, row] = parse(file.body, { bom: true }) as string[][];
    const cell = (column: string) => row?.[header?.indexOf(column) ?? -1];
    expect(cell('Volume (L)')).toBe('361.500');
    expect(cell('ABV (%)')).toBe('51.70');
    expect(cell('Gauged On')).toBe(gaugedOn);
    expect(cell('Filled Volume (L)')).toBe('500.000');
    expect(cell('Filled ABV (%)')).toBe('53.60');
  });

  test('a cask gauged below 40% reaches 40% on the gauge that found it, and shows ABV near 40%', async () => {
    const cask = await createCask(ctx, { year: 1995, volume: '250', abv: '46' });
    // A rising-then-falling history whose trend line would cross 40% far away.
    await insertGauges(ctx, [
      { caskId: cask.id, gaugedOn: yearsAgo(6, '05-01'), bulkLitres: '240', abv: '41' },
      { caskId: cask.id, gaugedOn: yearsAgo(4, '05-01'), bulkLitres: '230', abv: '39.6' },
      { caskId: cask.id, gaugedOn: yearsAgo(3, '05-01'), bulkLitres: '228', abv: '40.4' },
      { caskId: cask.id, gaugedOn: yearsAgo(2, '05-01'), bulkLitres: '220', abv: '39.9' },
      { caskId: cask.id, gaugedOn: yearsAgo(1, '05-01'), bulkLitres: '210', abv: '38.13' },
    ]);
    const { cask: shown, alerts } = await caskRecord(ctx, admin, cask.id);
    expect(shown).toMatchObject({ abv: 38.13, volume: 210, gaugedOn: yearsAgo(1, '05-01') });
    expect(alerts.abvFortyOn).toBe(yearsAgo(2, '05-01'));
    expect(alerts.abvNearForty).toBe(true);
  });
});

test('a regauge or transfer day PostgreSQL cannot store is refused with a 400 (issue 40)', async () => {
  // Unknown year: no fill date bounds the day from below.
  const cask = await createCask(ctx, { year: null });
  const customer = await createCustomer(ctx);
  for (const [url, payload] of [
    [`/api/casks/${cask.id}/regauges`, { gaugedOn: '0000-01-01', bulkLitres: '190', abv: '60' }],
    [`/api/casks/${cask.id}/transfers`, { transferredOn: '0000-02-29', toCustomerId: customer.id }],
    [`/api/casks/${cask.id}/regauges`, { gaugedOn: '1799-12-31', bulkLitres: '190', abv: '60' }],
  ] as const) {
    const res = await api.post(url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: DATE_OUT_OF_RANGE });
  }
  expect(await gaugeCount(ctx, cask.id)).toBe(0);
});

describe('POST /api/casks/:id/transfers', () => {
  test('moves the cask to the new owner and keeps the transfer in its history', async () => {
    const from = await createCustomer(ctx);
    const to = await createCustomer(ctx);
    const cask = await createCask(ctx, { ownerId: from.id });
    const response = await api.post(`/api/casks/${cask.id}/transfers`, {
      toCustomerId: to.id,
      transferredOn: todayIso(),
      price: '15000.50',
      note: 'Delivery order 118',
    });
    expect(response.statusCode).toBe(201);
    const data = response.json<CaskRecordResponse>().data;
    expect(data.cask.owner.id).toBe(to.id);
    expect(data.transfers).toHaveLength(1);
    expect(data.transfers[0]).toMatchObject({
      from: { id: from.id, fullName: from.fullName },
      to: { id: to.id, fullName: to.fullName },
      price: 15000.5,
      note: 'Delivery order 118',
      transferredOn: todayIso(),
    });
    const back = await api.post(`/api/casks/${cask.id}/transfers`, {
      toCustomerId: from.id,
      transferredOn: todayIso(),
    });
    expect(back.statusCode).toBe(201);
    expect(back.json<CaskRecordResponse>().data.transfers).toHaveLength(2);
  });

  test.each([
    [
      'the owner it has',
      (owner: string) => ({ toCustomerId: owner, transferredOn: todayIso() }),
      'toCustomerId',
    ],
    [
      'an unknown customer',
      () => ({ toCustomerId: '00000000-0000-4000-8000-000000000000', transferredOn: todayIso() }),
      'toCustomerId',
    ],
    ['no owner', () => ({ transferredOn: todayIso() }), 'toCustomerId'],
    [
      'a future date',
      () => ({ toCustomerId: '00000000-0000-4000-8000-000000000000', transferredOn: '2999-01-01' }),
      'transferredOn',
    ],
    [
      'a bad price',
      () => ({
        toCustomerId: '00000000-0000-4000-8000-000000000000',
        transferredOn: todayIso(),
        price: '-5',
      }),
      'price',
    ],
  ])('refuses %s with a field error and moves nothing', async (_, body, field) => {
    const owner = await createCustomer(ctx);
    const cask = await createCask(ctx, { ownerId: owner.id });
    const response = await api.post(`/api/casks/${cask.id}/transfers`, body(owner.id));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toContain(
      field,
    );
    const transfers = await ctx.database.db
      .select()
      .from(caskTransfers)
      .where(eq(caskTransfers.caskId, cask.id));
    expect(transfers).toHaveLength(0);
    expect((await caskRecord(ctx, admin, cask.id)).cask.owner.id).toBe(owner.id);
  });
});

describe('GET /api/casks/:id/provenance', () => {
  test('lists added, valuations, status and note changes, regauges and transfers, newest first, with the admin', async () => {
    const to = await createCustomer(ctx);
    const create = new FormData();
    const owner = await createCustomer(ctx);
    for (const [name, value] of Object.entries({
      name: 'Provenance cask',
      owner: owner.id,
      year: '2012',
      volume: '250',
      abv: '60',
      currentValue: '12000',
    }))
      create.append(name, value);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/casks',
      headers: admin.headers,
      payload: create,
    });
    const id = created.json<{ data: { cask: { id: string } } }>().data.cask.id;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/casks/${id}/appreciation`,
      headers: admin.headers,
      payload: { status: 'Maturing', notes: 'Moved to warehouse 4' },
    });
    await api.post(`/api/casks/${id}/regauges`, {
      gaugedOn: todayIso(),
      bulkLitres: '240',
      abv: '59',
    });
    await api.post(`/api/casks/${id}/transfers`, {
      toCustomerId: to.id,
      transferredOn: todayIso(),
    });

    const { events } = await getData<ProvenanceResponse>(ctx, admin, `/api/casks/${id}/provenance`);
    const kinds = events.map((event) => event.kind);
    expect(kinds.slice(0, 2)).toEqual(['transfer', 'regauge']);
    expect(kinds).toEqual(expect.arrayContaining(['added', 'valuation', 'status', 'note']));
    expect(kinds.at(-1)).toMatch(/added|valuation/);
    const at = events.map((event) => event.at);
    expect([...at].sort().reverse()).toEqual(at);
    expect(events.find((e) => e.kind === 'transfer')?.summary).toBe(
      `Transferred from ${owner.fullName} to ${to.fullName} on ${spelled(todayIso())}`,
    );
    expect(events.find((e) => e.kind === 'regauge')?.summary).toBe(
      `Regauged on ${spelled(todayIso())}: 240 BL at 59% ABV, 141.6 LPA`,
    );
    expect(events.find((e) => e.kind === 'status')).toMatchObject({
      summary: 'Status changed from Ready to Maturing',
      admin: admin.fullName,
    });
    expect(events.find((e) => e.kind === 'note')?.summary).toBe('Note: Moved to warehouse 4');
    // The value it was added with is its first valuation (decision 397).
    expect(events.find((e) => e.kind === 'valuation')).toMatchObject({
      summary: `Valued at $12,000.00 on ${spelled(todayIso())} (Other): ${VALUATION_NOTE_ON_ADD}`,
      admin: admin.fullName,
    });
  });

  test('a gauge no admin recorded (the seeds) is dated by its gauge day, not when it was written', async () => {
    const cask = await createCask(ctx, { year: 2001, volume: '250', abv: '63' });
    await insertGauges(ctx, [
      { caskId: cask.id, gaugedOn: '2004-03-01', bulkLitres: '240', abv: '61' },
      { caskId: cask.id, gaugedOn: '2007-03-01', bulkLitres: '230', abv: '60' },
    ]);
    const { events } = await getData<ProvenanceResponse>(
      ctx,
      admin,
      `/api/casks/${cask.id}/provenance`,
    );
    expect(events.filter((e) => e.kind === 'regauge').map((e) => e.at)).toEqual([
      '2007-03-01T00:00:00.000Z',
      '2004-03-01T00:00:00.000Z',
    ]);
  });
});
