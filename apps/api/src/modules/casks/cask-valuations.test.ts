import { eq, sql } from 'drizzle-orm';
import {
  GAUGE_DATE_IN_FUTURE,
  GAUGE_DATE_INVALID,
  VALUATION_NOTE_MAX,
  VALUATION_NOTE_ON_ADD,
  VALUATION_NOTE_TOO_LONG,
  VALUATION_SOURCE_REQUIRED,
  VALUATION_VALUE_INVALID,
  VALUATION_VALUE_NEGATIVE,
  VALUATION_VALUE_REQUIRED,
  todayIso,
  valuationBeforeLatest,
  type CaskRecordResponse,
  type ProvenanceResponse,
} from '@cask/contracts/cask-records';
import type { CaskListResponse } from '@cask/contracts/casks';
import { RECORD_CHANGED_ELSEWHERE, RECORD_IF_MATCH_INVALID } from '@cask/contracts/common';
import type { CustomerRecordResponse } from '@cask/contracts/customer-records';
import type { DashboardTrendsResponse } from '@cask/contracts/dashboard';
import { beforeAll, describe, expect, test } from 'vitest';
import { casks, caskValuations } from '../../db/schema/casks.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { countersKeptAndRecounted } from '../../../test/support/database.ts';
import { spelled } from '../../../test/support/days.ts';
import { getData } from '../../../test/support/requests.ts';
import {
  auditEntriesOf,
  auditRowCount,
  createCask,
  createCustomer,
} from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';
import {
  caskRecord,
  currentValuesNotLatest,
  monthPoints,
  storedValuations,
} from '../../../test/support/casks.ts';
import { monthStart } from '../../../test/support/days.ts';
import { ifMatchHeaders } from '@cask/contracts/common';

// Issue 44: a cask's valuations (docs/domain.md#valuation, decisions 395 to 397).
const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

/** Dollars as whole cents, so sums compare exactly. */
const inCents = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);

/**
 * Every figure a valuation may move, in cents: the cask's current value and gain (its page), the
 * Cask List's totals, its owner's 'Portfolio value' (the customer page) and the dashboard's
 * 'Portfolio value' this month.
 */
async function valueFigures(caskId: string, ownerId: string) {
  const { cask } = await caskRecord(ctx, admin, caskId);
  const list = await getData<CaskListResponse>(ctx, admin, '/api/casks');
  const owner = await getData<CustomerRecordResponse>(ctx, admin, `/api/users/${ownerId}/record`);
  const trends = await getData<DashboardTrendsResponse>(ctx, admin, '/api/admin/dashboard/trends');
  return {
    currentValue: inCents(cask.currentValue),
    gain: inCents(cask.gain),
    totalValue: inCents(list.stats.totalValue),
    totalGain: inCents(list.stats.totalGain),
    ownerPortfolio: inCents(owner.cards.portfolioValue),
    dashboardPortfolio: inCents(trends.portfolioValue.at(-1)?.value),
  };
}

describe('POST /api/casks/:id/valuations', () => {
  test('the latest valuation moves the current value, gain, totals, the owner and the dashboard by exactly the difference', async () => {
    const owner = await createCustomer(ctx);
    await createCask(ctx, { ownerId: owner.id, currentValue: '4000.10' });
    const cask = await createCask(ctx, {
      ownerId: owner.id,
      currentValue: '12000.00',
      purchasePrice: '9000.00',
    });
    const before = await valueFigures(cask.id, owner.id);
    const { cask: shown } = await caskRecord(ctx, admin, cask.id);

    const response = await api.post(
      `/api/casks/${cask.id}/valuations`,
      {
        valuedOn: todayIso(),
        value: '12500.55',
        source: 'Broker quote',
        note: 'Quote from the broker, March',
      },
      ifMatchHeaders(shown.version),
    );
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<CaskRecordResponse & { message: string }>();
    expect(answer.message).toBe('Valuation recorded');
    expect(answer.data.cask).toMatchObject({ currentValue: 12500.55, gain: 3500.55 });
    expect(answer.data.cask.version).not.toBe(shown.version);
    expect(answer.data.latestValuation).toEqual({
      valuedOn: todayIso(),
      value: 12500.55,
      source: 'Broker quote',
    });
    expect(await valueFigures(cask.id, owner.id)).toEqual(
      Object.fromEntries(Object.entries(before).map(([name, value]) => [name, value + 50055])),
    );
    // The value chart's point of this month is the month's latest valuation (decision 396).
    expect(await monthPoints(ctx, cask.id)).toEqual({ [monthStart()]: '12500.55' });
    expect(await currentValuesNotLatest(ctx)).toBe(0);
    const { kept, recounted } = await countersKeptAndRecounted(ctx);
    expect(kept).toEqual(recounted);

    const [audit, ...more] = await auditEntriesOf(ctx, {
      entityId: cask.id,
      action: 'cask.valued',
    });
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      adminId: admin.id,
      entity: 'cask',
      before: { currentValue: '12000.00' },
      after: {
        currentValue: '12500.55',
        valuedOn: todayIso(),
        value: '12500.55',
        source: 'Broker quote',
        note: 'Quote from the broker, March',
      },
    });
    const { events } = await getData<ProvenanceResponse>(
      ctx,
      admin,
      `/api/casks/${cask.id}/provenance`,
    );
    expect(events[0]).toMatchObject({
      kind: 'valuation',
      summary: `Valued at $12,500.55 on ${spelled(todayIso())} (Broker quote): Quote from the broker, March`,
      admin: admin.fullName,
    });
  });

  test('a valuation dated before the latest is refused without the flag; with it, it is history only', async () => {
    const owner = await createCustomer(ctx);
    const cask = await createCask(ctx, { ownerId: owner.id, currentValue: '12000.00' });
    const before = await valueFigures(cask.id, owner.id);
    const earlier = { valuedOn: '2024-01-20', value: '9000', source: 'Auction comparable' };

    const refused = await api.post(`/api/casks/${cask.id}/valuations`, earlier);
    expect(refused.statusCode).toBe(400);
    const message = valuationBeforeLatest(todayIso());
    expect(refused.json()).toMatchObject({
      success: false,
      message,
      errors: [{ field: 'valuedOn', message }],
    });
    expect(await storedValuations(ctx, cask.id)).toHaveLength(1);

    const version = (await caskRecord(ctx, admin, cask.id)).cask.version;
    const kept = await api.post(
      `/api/casks/${cask.id}/valuations`,
      { ...earlier, earlierThanLatest: true },
      ifMatchHeaders(version),
    );
    expect(kept.statusCode, kept.body).toBe(201);
    const data = kept.json<CaskRecordResponse>().data;
    expect(data.cask.currentValue).toBe(12000);
    expect(data.latestValuation).toMatchObject({ valuedOn: todayIso(), value: 12000 });
    // Nothing shown as a value moved; the history has the earlier month now.
    expect(await valueFigures(cask.id, owner.id)).toEqual(before);
    expect(await monthPoints(ctx, cask.id)).toEqual({
      '2024-01-01': '9000.00',
      [monthStart()]: '12000.00',
    });
    expect(data.cask.appreciationData.at(0)).toEqual({ month: '2024-01', value: 9000 });
    const [audit] = await auditEntriesOf(ctx, { entityId: cask.id, action: 'cask.valued' });
    expect(audit).toMatchObject({
      before: { currentValue: '12000.00' },
      after: { currentValue: '12000.00', valuedOn: '2024-01-20', value: '9000.00' },
    });
    expect(await currentValuesNotLatest(ctx)).toBe(0);
  });

  test("a month's point is its latest valuation by day, then by when it was recorded", async () => {
    const cask = await createCask(ctx, { currentValue: '5000.00' });
    const earlier = (valuedOn: string, value: string) =>
      api.post(`/api/casks/${cask.id}/valuations`, {
        valuedOn,
        value,
        source: 'Internal model',
        earlierThanLatest: true,
      });
    expect((await earlier('2024-05-20', '100')).statusCode).toBe(201);
    expect((await monthPoints(ctx, cask.id))['2024-05-01']).toBe('100.00');
    // An earlier day of the month, recorded later, is not the month's latest.
    expect((await earlier('2024-05-10', '200')).statusCode).toBe(201);
    expect((await monthPoints(ctx, cask.id))['2024-05-01']).toBe('100.00');
    // The same day, recorded later, is.
    expect((await earlier('2024-05-20', '300')).statusCode).toBe(201);
    expect((await monthPoints(ctx, cask.id))['2024-05-01']).toBe('300.00');
    // And the same day as the latest valuation counts as no earlier: it is the current value.
    const same = await api.post(`/api/casks/${cask.id}/valuations`, {
      valuedOn: todayIso(),
      value: '5100',
      source: 'Other',
    });
    expect(same.statusCode, same.body).toBe(201);
    expect(same.json<CaskRecordResponse>().data.cask.currentValue).toBe(5100);
    expect((await monthPoints(ctx, cask.id))[monthStart()]).toBe('5100.00');
    expect(await currentValuesNotLatest(ctx)).toBe(0);
  });

  test('a cask never valued takes its first valuation as its current value, whatever its day', async () => {
    const owner = await createCustomer(ctx);
    const cask = await createCask(ctx, {
      ownerId: owner.id,
      currentValue: null,
      purchasePrice: '1000.00',
    });
    const before = await valueFigures(cask.id, owner.id);
    const response = await api.post(`/api/casks/${cask.id}/valuations`, {
      valuedOn: '2023-07-04',
      value: 1500.25,
      source: 'Other',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CaskRecordResponse>().data.cask).toMatchObject({
      currentValue: 1500.25,
      gain: 500.25,
    });
    const after = await valueFigures(cask.id, owner.id);
    // Without a value the cask had no gain: the gain appears whole, every value moves by 1500.25.
    expect(after).toEqual({
      ...Object.fromEntries(Object.entries(before).map(([name, value]) => [name, value + 150025])),
      gain: 50025,
      totalGain: before.totalGain + 50025,
    });
    expect(await monthPoints(ctx, cask.id)).toEqual({ '2023-07-01': '1500.25' });
  });

  const refusals: [string, object, string, string][] = [
    ['a day in the future', { valuedOn: '2999-01-01' }, 'valuedOn', GAUGE_DATE_IN_FUTURE],
    ['a day that does not exist', { valuedOn: '2025-02-30' }, 'valuedOn', GAUGE_DATE_INVALID],
    ['no value', { value: '' }, 'value', VALUATION_VALUE_REQUIRED],
    ['a negative value', { value: '-5' }, 'value', VALUATION_VALUE_NEGATIVE],
    ['a third decimal', { value: '10.005' }, 'value', VALUATION_VALUE_INVALID],
    ['a value over numeric(14,2)', { value: '1000000000000' }, 'value', VALUATION_VALUE_INVALID],
    ['words for a value', { value: 'a lot' }, 'value', VALUATION_VALUE_INVALID],
    ['no source', { source: undefined }, 'source', VALUATION_SOURCE_REQUIRED],
    ['an unknown source', { source: 'Hunch' }, 'source', VALUATION_SOURCE_REQUIRED],
    [
      'a note too long',
      { note: 'x'.repeat(VALUATION_NOTE_MAX + 1) },
      'note',
      VALUATION_NOTE_TOO_LONG,
    ],
  ];
  test.each(refusals)('refuses %s with a field error and changes nothing', async (...args) => {
    const [, change, field, message] = args;
    const owner = await createCustomer(ctx);
    const cask = await createCask(ctx, { ownerId: owner.id });
    const before = await valueFigures(cask.id, owner.id);
    const { version } = (await caskRecord(ctx, admin, cask.id)).cask;
    const audits = await auditRowCount(ctx);
    const body = { valuedOn: todayIso(), value: '13000', source: 'Broker quote', ...change };
    const response = await api.post(`/api/casks/${cask.id}/valuations`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message,
      errors: [{ field, message }],
    });
    expect(await valueFigures(cask.id, owner.id)).toEqual(before);
    expect((await caskRecord(ctx, admin, cask.id)).cask.version).toBe(version);
    expect(await storedValuations(ctx, cask.id)).toHaveLength(1);
    expect(await auditRowCount(ctx)).toBe(audits);
  });

  test('an unknown or deleted cask is 404, a stale version 412, a Viewer 403: nothing changes', async () => {
    const owner = await createCustomer(ctx);
    const cask = await createCask(ctx, { ownerId: owner.id });
    const body = { valuedOn: todayIso(), value: '13000', source: 'Broker quote' };
    const { version } = (await caskRecord(ctx, admin, cask.id)).cask;
    const before = await valueFigures(cask.id, owner.id);
    const audits = await auditRowCount(ctx);
    const viewer = await createAdmin(ctx, { role: 'viewer' });

    const stale = await api.post(
      `/api/casks/${cask.id}/valuations`,
      body,
      ifMatchHeaders(String(Number(version) - 1)),
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ success: false, message: RECORD_CHANGED_ELSEWHERE });
    const badHeader = await api.post(`/api/casks/${cask.id}/valuations`, body, {
      'If-Match': 'not a tag',
    });
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.json()).toMatchObject({ message: RECORD_IF_MATCH_INVALID });
    const refused = await adminApi(ctx, viewer).post(
      `/api/casks/${cask.id}/valuations`,
      body,
      ifMatchHeaders(version),
    );
    expect(refused.statusCode).toBe(403);
    const unknown = await api.post(`/api/casks/${crypto.randomUUID()}/valuations`, body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Cask not found' });
    expect(await valueFigures(cask.id, owner.id)).toEqual(before);
    expect((await caskRecord(ctx, admin, cask.id)).cask.version).toBe(version);
    expect(await storedValuations(ctx, cask.id)).toHaveLength(1);
    expect(await auditRowCount(ctx)).toBe(audits);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/casks/${cask.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await api.post(`/api/casks/${cask.id}/valuations`, body);
    expect(gone.statusCode).toBe(404);
    expect(await storedValuations(ctx, cask.id)).toHaveLength(1);
    const [row] = await ctx.database.db
      .select({ currentValue: casks.currentValue })
      .from(casks)
      .where(eq(casks.id, cask.id));
    expect(row?.currentValue).toBe('12000.00');
  });
});

describe('the valuations are a history', () => {
  test('a cask added with a value has it as its first valuation, today, by the admin', async () => {
    const owner = await createCustomer(ctx);
    const form = new FormData();
    form.append('name', 'Valued on arrival');
    form.append('owner', owner.id);
    form.append('currentValue', '2500.5');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/casks',
      headers: admin.headers,
      payload: form,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { cask: { id: string } } }>().data.cask.id;
    expect(await storedValuations(ctx, id)).toEqual([
      {
        valuedOn: todayIso(),
        value: '2500.50',
        source: 'Other',
        note: VALUATION_NOTE_ON_ADD,
        adminId: admin.id,
      },
    ]);
    expect((await caskRecord(ctx, admin, id)).latestValuation).toEqual({
      valuedOn: todayIso(),
      value: 2500.5,
      source: 'Other',
    });
  });

  test("the database refuses to change or remove a valuation; only the foreign keys' actions pass", async () => {
    const cask = await createCask(ctx);
    await expect(
      ctx.database.db
        .update(caskValuations)
        .set({ value: '1.00' })
        .where(eq(caskValuations.caskId, cask.id)),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.delete(caskValuations).where(eq(caskValuations.caskId, cask.id)),
    ).rejects.toThrow();
    expect(await storedValuations(ctx, cask.id)).toHaveLength(1);
    // An admin erased: their valuations stay, recorded by nobody.
    const valuer = await createAdmin(ctx);
    const valued = await adminApi(ctx, valuer).post(`/api/casks/${cask.id}/valuations`, {
      valuedOn: todayIso(),
      value: '12345',
      source: 'Internal model',
    });
    expect(valued.statusCode, valued.body).toBe(201);
    await ctx.database.db.execute(sql`delete from admins where id = ${valuer.id}`);
    expect((await storedValuations(ctx, cask.id)).map((valuation) => valuation.adminId)).toEqual([
      null,
      null,
    ]);
    // The cask erased: its valuations go with it.
    await ctx.database.db.delete(casks).where(eq(casks.id, cask.id));
    expect(await storedValuations(ctx, cask.id)).toHaveLength(0);
  });
});
