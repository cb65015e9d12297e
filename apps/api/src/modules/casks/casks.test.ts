import { eq, sql } from 'drizzle-orm';
import { ifMatchHeaders, RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import {
  CASK_NUMBER_INVALID,
  CASK_NUMBER_NEEDS_IDENTITY,
  FILL_DATE_IN_FUTURE,
  WAREHOUSE_NOT_FOUND,
  YEAR_NOT_FILL_YEAR,
  type Cask,
  type CaskListResponse,
  type WarehouseListResponse,
} from '@cask/contracts/casks';
import type { CaskRecordResponse } from '@cask/contracts/cask-records';
import { beforeAll, describe, expect, test } from 'vitest';
import { caskAppreciation, casks } from '../../db/schema/casks.ts';
import { customers } from '../../db/schema/customers.ts';
import { files } from '../../db/schema/files.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { getData } from '../../../test/support/requests.ts';
import {
  createCask,
  createCustomer,
  createWarehouse,
  uniqueMarker,
  auditEntriesOf,
} from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';
import {
  caskForm,
  caskIdentityOf,
  caskStatsFromTable,
  thisMonth,
} from '../../../test/support/casks.ts';
import { solidPng } from '../../../test/support/images.ts';

const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

describe('GET /casks', () => {
  test('lists newest first with the owner, the gain from exact numbers and the history', async () => {
    const owner = await createCustomer(ctx, { fullName: 'Isla Grant' });
    const older = await createCask(ctx, { ownerId: owner.id, name: `Older ${uniqueMarker()}` });
    const cask = await createCask(ctx, {
      ownerId: owner.id,
      currentValue: '10000.10',
      purchasePrice: '8000.05',
      valuations: [
        { valuedOn: '2024-01-01', value: '8000.05' },
        { valuedOn: '2024-02-01', value: '9000.00' },
      ],
    });

    const data = await api.data<CaskListResponse>('/api/casks');
    expect(data.casks.map((row) => row.id).slice(0, 2)).toEqual([cask.id, older.id]);
    const first = data.casks[0]!;
    expect(first).toMatchObject({
      name: cask.name,
      distillery: 'Springbank',
      year: 2012,
      volume: 200,
      abv: 58.2,
      currentValue: 10000.1,
      purchasePrice: 8000.05,
      status: 'Maturing',
      type: 'cask',
      owner: { id: owner.id, fullName: 'Isla Grant', email: owner.email },
      gain: 2000.05,
      calculatedGain: 2000.05,
      gainPercentage: 25,
      caskImages: null,
    });
    // The two given valuations' months and this month's, written by the database from the
    // valuations (the current value's is today's).
    expect(first.appreciationData).toEqual([
      { month: '2024-01', value: 8000.05 },
      { month: '2024-02', value: 9000 },
      { month: thisMonth(), value: 10000.1 },
    ]);
    expect(data.pagination).toMatchObject({ current: 1, limit: 10 });
  });

  test('a cask without a purchase price has no gain and adds nothing to the total gain', async () => {
    const cask = await createCask(ctx, { purchasePrice: null, currentValue: '500.00' });
    const data = await api.data<CaskListResponse>('/api/casks', { search: cask.name });
    expect(data.casks[0]).toMatchObject({ gain: null, gainPercentage: null });
    expect(data.stats).toMatchObject(await caskStatsFromTable(ctx));
  });

  test('searches name and distillery, case-insensitively, with an exact total', async () => {
    const marker = uniqueMarker('s');
    await createCask(ctx, { name: `Alpha ${marker}` });
    await createCask(ctx, { distillery: `Glen ${marker.toUpperCase()}` });
    await createCask(ctx);
    const data = await api.data<CaskListResponse>('/api/casks', { search: marker.toLowerCase() });
    expect(data.casks).toHaveLength(2);
    expect(data.pagination).toMatchObject({ total: 2, pages: 1 });

    // The cached count follows a new match.
    await createCask(ctx, { name: `Beta ${marker}` });
    expect(
      (await api.data<CaskListResponse>('/api/casks', { search: marker })).pagination.total,
    ).toBe(3);
  });

  test('pages of 10 read the same rows from either end; stats are those of the table', async () => {
    const marker = uniqueMarker('p');
    for (let index = 0; index < 23; index++) {
      await createCask(ctx, { name: `Paged ${marker} ${index}` });
    }
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      pages.push(
        ...(await api.data<CaskListResponse>('/api/casks', { search: marker, page })).casks.map(
          (row) => row.name,
        ),
      );
    }
    expect(pages).toEqual(
      Array.from({ length: 23 }, (_, index) => `Paged ${marker} ${22 - index}`),
    );
    const all = await api.data<CaskListResponse>('/api/casks', { page: 1 });
    const last = await api.data<CaskListResponse>('/api/casks', { page: all.pagination.pages });
    expect(last.casks.length).toBe(all.pagination.total - (all.pagination.pages - 1) * 10);
    expect(all.stats).toMatchObject(await caskStatsFromTable(ctx));
    expect(all.stats.avgValue).toBeCloseTo(all.stats.totalValue / all.stats.totalCasks, 2);
  });

  test('refuses a bad page or limit and needs a signed-in admin', async () => {
    for (const query of ['page=0', 'limit=101', 'search=%00']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/casks?${query}`,
        headers: admin.headers,
      });
      expect(res.statusCode, query).toBe(400);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/casks' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /casks', () => {
  test('adds a cask with its image for a customer; audited; first in the list', async () => {
    const owner = await createCustomer(ctx);
    const before = await api.data<CaskListResponse>('/api/casks');
    const res = await api.post(
      '/api/casks',
      caskForm(
        {
          type: 'bottle',
          name: '  Glenfarclas 2004 ',
          distillery: 'Glenfarclas',
          year: '2004',
          volume: '70cl',
          abv: '',
          location: 'Speyside',
          currentValue: '1250.50',
          purchasePrice: '1000',
          status: 'Maturing',
          owner: owner.id,
        },
        await solidPng('#b8860b'),
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Cask added successfully!');
    const cask: Cask = res.json().data.cask;
    expect(cask).toMatchObject({
      type: 'bottle',
      name: 'Glenfarclas 2004',
      year: 2004,
      volume: 0.7,
      abv: null,
      estimatedValue: null,
      currentValue: 1250.5,
      purchasePrice: 1000,
      gain: 250.5,
      gainPercentage: 25.05,
      status: 'Maturing',
      owner: { id: owner.id, fullName: owner.fullName, email: owner.email },
      appreciationData: [{ month: thisMonth(), value: 1250.5 }],
    });
    expect(cask.purchaseDate).not.toBeNull();
    expect(cask.caskImages).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
    const image = await ctx.app.inject({ method: 'GET', url: cask.caskImages! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const after = await api.data<CaskListResponse>('/api/casks');
    expect(after.casks[0]!.id).toBe(cask.id);
    expect(after.stats.totalCasks).toBe(before.stats.totalCasks + 1);
    expect(after.stats.maturingCasks).toBe(before.stats.maturingCasks + 1);
    expect(after.stats).toMatchObject(await caskStatsFromTable(ctx));

    const [audit] = await auditEntriesOf(ctx, { entity: 'cask', entityId: cask.id });
    expect(audit).toMatchObject({ action: 'cask.created', adminId: admin.id });
    expect(audit!.after).toMatchObject({ name: 'Glenfarclas 2004', ownerId: owner.id });
  });

  test('defaults to a Ready cask and needs no image', async () => {
    const owner = await createCustomer(ctx);
    const res = await api.post('/api/casks', caskForm({ name: 'Plain', owner: owner.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.cask).toMatchObject({
      type: 'cask',
      status: 'Ready',
      currentValue: null,
      caskImages: null,
      appreciationData: [],
    });
  });

  test('refuses a missing, unknown or deleted owner and stores nothing', async () => {
    const deleted = await createCustomer(ctx);
    await ctx.database.db
      .update(customers)
      .set({ deletedAt: new Date() })
      .where(eq(customers.id, deleted.id));
    const [{ n: filesBefore }] = (await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)) as [{ n: number }];
    const image = await solidPng('#b8860b');
    for (const owner of ['', 'not-an-id', crypto.randomUUID(), deleted.id]) {
      const res = await api.post(
        '/api/casks',
        caskForm({ name: `No owner ${uniqueMarker()}`, owner }, image),
      );
      expect(res.statusCode, owner).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'owner', message: expect.any(String) }]);
    }
    const [{ n: filesAfter }] = (await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)) as [{ n: number }];
    expect(filesAfter).toBe(filesBefore);
  });

  test('validates the fields: name, numbers, status, text', async () => {
    const owner = await createCustomer(ctx);
    const cases: [Record<string, string>, string][] = [
      [{ name: '' }, 'name'],
      [{ year: 'nineteen' }, 'year'],
      [{ year: '1700' }, 'year'],
      [{ currentValue: '-5' }, 'currentValue'],
      [{ purchasePrice: '1.234' }, 'purchasePrice'],
      [{ status: 'Experience' }, 'status'],
      [{ type: 'barrel' }, 'type'],
      [{ location: 'a\u0000b' }, 'location'],
    ];
    for (const [fields, field] of cases) {
      const res = await api.post(
        '/api/casks',
        caskForm({ name: 'Valid', owner: owner.id, ...fields }),
      );
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
  });

  test('takes the year in plain digits only, from 1800 to next year, and stores nothing else', async () => {
    const owner = await createCustomer(ctx);
    const nextYear = new Date().getUTCFullYear() + 1;
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(casks);
    // Each once read as 2015 (Number() takes hex, binary, exponents and spaces) or stored as is.
    for (const year of [
      '0x7DF',
      '0b11111011111',
      '2.015e3',
      ' 2015 ',
      '2015.0',
      '+2015',
      '１９９９',
    ]) {
      const res = await api.post(
        '/api/casks',
        caskForm({ name: `Year ${uniqueMarker()}`, owner: owner.id, year }),
      );
      expect(res.statusCode, year).toBe(400);
      expect(res.json().errors, year).toEqual([
        { field: 'year', message: 'Year must be a year in plain digits, e.g. 2015' },
      ]);
    }
    for (const year of ['1799', String(nextYear + 1)]) {
      const res = await api.post(
        '/api/casks',
        caskForm({ name: `Year ${uniqueMarker()}`, owner: owner.id, year }),
      );
      expect(res.statusCode, year).toBe(400);
      expect(res.json().errors, year).toEqual([
        { field: 'year', message: `Year must be from 1800 to ${nextYear}` },
      ]);
    }
    expect(await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(casks)).toEqual(
      before,
    );
    for (const year of ['1800', '2015', String(nextYear)]) {
      const res = await api.post(
        '/api/casks',
        caskForm({ name: `Year ${uniqueMarker()}`, owner: owner.id, year }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.cask.year).toBe(Number(year));
    }
  });

  test('takes ABV and volume as the form types them and keeps them as numbers', async () => {
    const owner = await createCustomer(ctx);
    for (const [volume, abv, litres, percent] of [
      ['250', '58.4', 250, 58.4],
      ['250L', '58.4%', 250, 58.4],
      ['2000 l', '63.25 %', 2000, 63.25],
      ['70cl', '40%', 0.7, 40],
    ] as const) {
      const name = `Measured ${uniqueMarker()}`;
      const res = await api.post('/api/casks', caskForm({ name, owner: owner.id, volume, abv }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.cask).toMatchObject({ volume: litres, abv: percent });
      const listed = await api.data<CaskListResponse>('/api/casks', { search: name });
      expect(listed.casks[0]).toMatchObject({ volume: litres, abv: percent });
    }
  });

  test('refuses an ABV or a volume that is no such number, and stores nothing', async () => {
    const owner = await createCustomer(ctx);
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(casks);
    const abvInvalid = 'ABV must be a percentage, e.g. 58.4 or 58.4%';
    const volumeInvalid = 'Volume must be a number of litres, e.g. 250 or 250L (or 70cl, 700ml)';
    // Each was stored as it came while the fields were free text (issue 27).
    const cases: [Record<string, string>, string, string][] = [
      [{ abv: '-5%' }, 'abv', abvInvalid],
      [{ abv: 'NaN' }, 'abv', abvInvalid],
      [{ abv: '1e999' }, 'abv', abvInvalid],
      [{ abv: '100.5%' }, 'abv', 'ABV must be from 0 to 100%'],
      [{ volume: '-5' }, 'volume', volumeInvalid],
      [{ volume: 'NaN' }, 'volume', volumeInvalid],
      [{ volume: '1e999' }, 'volume', volumeInvalid],
      [{ volume: '0L' }, 'volume', 'Volume must be more than 0 and at most 1,000,000 litres'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await api.post(
        '/api/casks',
        caskForm({ name: 'Bad measure', owner: owner.id, ...fields }),
      );
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().errors).toEqual([{ field, message }]);
    }
    expect(await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(casks)).toEqual(
      before,
    );
  });

  test('refuses a file that is not an image, one in another field, and JSON', async () => {
    const owner = await createCustomer(ctx);
    const notImage = await api.post(
      '/api/casks',
      caskForm({ name: 'X', owner: owner.id }, Buffer.from('hello')),
    );
    expect(notImage.statusCode).toBe(415);

    const form = new FormData();
    form.append('name', 'X');
    form.append('owner', owner.id);
    form.append(
      'photo',
      new Blob([new Uint8Array(await solidPng('#b8860b'))], { type: 'image/png' }),
      'x.png',
    );
    const wrongField = await ctx.app.inject({
      method: 'POST',
      url: '/api/casks',
      headers: admin.headers,
      payload: form,
    });
    expect(wrongField.statusCode).toBe(400);

    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/casks',
      headers: admin.headers,
      payload: { name: 'X', owner: owner.id },
    });
    expect(json.statusCode).toBe(415);
    const anonymous = await api.post('/api/casks', caskForm({ name: 'X', owner: owner.id }), {
      authorization: '',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /casks/{id}/appreciation', () => {
  test('saves status and notes, audited with before and after', async () => {
    const cask = await createCask(ctx, { status: 'Ready', notes: null });
    const res = await api.put(`/api/casks/${cask.id}/appreciation`, {
      status: 'Maturing',
      notes: 'Regauged in May.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Cask updated successfully!');
    expect(res.json().data.cask).toMatchObject({ status: 'Maturing', notes: 'Regauged in May.' });
    const [audit] = await auditEntriesOf(ctx, { entity: 'cask', entityId: cask.id });
    expect(audit).toMatchObject({
      action: 'cask.updated',
      before: { status: 'Ready', notes: null },
      after: { status: 'Maturing', notes: 'Regauged in May.' },
    });
    // Empty notes clear them.
    const cleared = await api.put(`/api/casks/${cask.id}/appreciation`, {
      status: 'Maturing',
      notes: '',
    });
    expect(cleared.json().data.cask.notes).toBeNull();
  });

  test('an edit that names the version it opened is refused once another save replaced it', async () => {
    const cask = await createCask(ctx, { status: 'Ready', notes: null, name: uniqueMarker('v') });
    const listed = await getData<CaskListResponse>(
      ctx,
      admin,
      `/api/casks?page=1&limit=10&search=${encodeURIComponent(cask.name)}`,
    );
    const opened = listed.casks[0]?.version;
    if (!opened) throw new Error('the cask is not listed');

    const mine = await api.put(
      `/api/casks/${cask.id}/appreciation`,
      { status: 'Maturing', notes: 'Mine' },
      { ...admin.headers, ...ifMatchHeaders(opened) },
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const saved: Cask = mine.json().data.cask;
    expect(saved.version).not.toBe(opened);

    const theirs = await api.put(
      `/api/casks/${cask.id}/appreciation`,
      { status: 'Ready', notes: 'Theirs' },
      { ...admin.headers, ...ifMatchHeaders(opened) },
    );
    expect(theirs.statusCode, theirs.body).toBe(412);
    expect(theirs.json()).toEqual({ success: false, message: RECORD_CHANGED_ELSEWHERE });
    const [row] = await ctx.database.db
      .select({ status: casks.status, notes: casks.notes })
      .from(casks)
      .where(eq(casks.id, cask.id));
    expect(row).toEqual({ status: 'Maturing', notes: 'Mine' });

    const again = await api.put(
      `/api/casks/${cask.id}/appreciation`,
      { status: 'Ready', notes: 'Theirs' },
      { ...admin.headers, ...ifMatchHeaders(saved.version) },
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  test('refuses Experience, other statuses and an unknown cask', async () => {
    const cask = await createCask(ctx);
    for (const status of ['Experience', 'ready', '']) {
      expect(
        (await api.put(`/api/casks/${cask.id}/appreciation`, { status, notes: '' })).statusCode,
        status,
      ).toBe(400);
    }
    // An experience keeps its status while its notes change.
    const experience = await createCask(ctx, { status: 'Experience', type: 'experience' });
    const kept = await api.put(`/api/casks/${experience.id}/appreciation`, {
      status: 'Experience',
      notes: 'Booked.',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.cask).toMatchObject({ status: 'Experience', notes: 'Booked.' });
    const unknown = await api.put(`/api/casks/${crypto.randomUUID()}/appreciation`, {
      status: 'Ready',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Cask not found');
  });

  test('a valuation writes its month point; a status or notes change writes none', async () => {
    const cask = await createCask(ctx, { currentValue: '100.00' });
    const points = () =>
      ctx.database.db
        .select({ month: caskAppreciation.month, value: caskAppreciation.value })
        .from(caskAppreciation)
        .where(eq(caskAppreciation.caskId, cask.id));
    expect(await points()).toEqual([{ month: `${thisMonth()}-01`, value: '100.00' }]);
    const valued = await ctx.app.inject({
      method: 'POST',
      url: `/api/casks/${cask.id}/valuations`,
      headers: admin.headers,
      payload: {
        valuedOn: new Date().toISOString().slice(0, 10),
        value: '150.25',
        source: 'Broker quote',
      },
    });
    expect(valued.statusCode, valued.body).toBe(201);
    expect(await points()).toEqual([{ month: `${thisMonth()}-01`, value: '150.25' }]);
    await api.put(`/api/casks/${cask.id}/appreciation`, { status: 'Ready', notes: 'x' });
    expect(await points()).toEqual([{ month: `${thisMonth()}-01`, value: '150.25' }]);
  });
});

describe('DELETE /casks/{id}', () => {
  test('hides the cask everywhere, keeps it as it was with its image and history; stats follow; audited', async () => {
    const owner = await createCustomer(ctx);
    const created = await api.post(
      '/api/casks',
      caskForm(
        {
          name: 'To go',
          owner: owner.id,
          currentValue: '300',
          purchasePrice: '100',
          status: 'Ready',
        },
        await solidPng('#b8860b'),
      ),
    );
    const cask: Cask = created.json().data.cask;
    const [stored] = await ctx.database.db.select().from(casks).where(eq(casks.id, cask.id));
    const before = await api.data<CaskListResponse>('/api/casks');

    const res = await api.delete(`/api/casks/${cask.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Cask deleted successfully!',
      data: { id: cask.id },
    });
    const after = await api.data<CaskListResponse>('/api/casks');
    expect(after.stats).toMatchObject({
      totalCasks: before.stats.totalCasks - 1,
      readyCasks: before.stats.readyCasks - 1,
      totalValue: before.stats.totalValue - 300,
      totalGain: before.stats.totalGain - 200,
    });
    expect(after.stats).toMatchObject(await caskStatsFromTable(ctx));
    expect(after.pagination.total).toBe(before.pagination.total - 1);
    expect(after.casks.map((row) => row.id)).not.toContain(cask.id);
    // Decision 273: a soft delete. Every read that shows a cask answers as for an unknown one.
    for (const url of [
      `/api/casks/${cask.id}`,
      `/api/casks/${cask.id}/record`,
      `/api/casks/${cask.id}/provenance`,
    ]) {
      const read = await ctx.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(read.statusCode, url).toBe(404);
    }
    expect(
      (await api.put(`/api/casks/${cask.id}/appreciation`, { status: 'Maturing' })).statusCode,
    ).toBe(404);
    const regauge = await ctx.app.inject({
      method: 'POST',
      url: `/api/casks/${cask.id}/regauges`,
      payload: { gaugedOn: new Date().toISOString().slice(0, 10), bulkLitres: '200L', abv: '50%' },
      headers: admin.headers,
    });
    expect(regauge.statusCode, regauge.body).toBe(404);
    const transfer = await ctx.app.inject({
      method: 'POST',
      url: `/api/casks/${cask.id}/transfers`,
      payload: {
        toCustomerId: (await createCustomer(ctx)).id,
        transferredOn: new Date().toISOString().slice(0, 10),
      },
      headers: admin.headers,
    });
    expect(transfer.statusCode, transfer.body).toBe(404);
    // Kept as it was (only deleted_at and the save time move), its image and history too, so
    // the undo brings back exactly what was there.
    const [row] = await ctx.database.db.select().from(casks).where(eq(casks.id, cask.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const { deletedAt: _deleted, updatedAt: _moved, ...kept } = row!;
    const { deletedAt: _none, updatedAt: _was, ...was } = stored!;
    expect(kept).toEqual(was);
    expect((await ctx.app.inject({ method: 'GET', url: cask.caskImages! })).statusCode).toBe(200);
    const history = await ctx.database.db
      .select()
      .from(caskAppreciation)
      .where(eq(caskAppreciation.caskId, cask.id));
    expect(history).toHaveLength(1);
    const audits = await auditEntriesOf(ctx, { entity: 'cask', entityId: cask.id });
    expect(audits.map((entry) => entry.action).sort()).toEqual(['cask.created', 'cask.deleted']);

    const again = await api.delete(`/api/casks/${cask.id}`);
    expect(again.statusCode).toBe(404);
  });
});

test("the Dashboard's Total Casks and the owner's Casks column follow", async () => {
  const owner = await createCustomer(ctx, { fullName: `Owner ${uniqueMarker()}` });
  const dashboard = async () =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.headers })
    ).json().data.casks.totalCasks as number;
  const balance = async () =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/users?search=${encodeURIComponent(owner.fullName)}`,
        headers: admin.headers,
      })
    ).json().data.users[0].balance as number;
  const total = await dashboard();
  const created = await api.post('/api/casks', caskForm({ name: 'Counted', owner: owner.id }));
  expect(await dashboard()).toBe(total + 1);
  expect(await balance()).toBe(1);
  await api.delete(`/api/casks/${created.json().data.cask.id}`);
  expect(await dashboard()).toBe(total);
  expect(await balance()).toBe(0);
});

describe("A cask's identity (issue 44, decision 400)", () => {
  test('adds a cask with its number, fill date and warehouse; the year is the fill year; read back everywhere; audited', async () => {
    const owner = await createCustomer(ctx);
    const warehouse = await createWarehouse(ctx, { name: `Bonded No. 4 ${uniqueMarker()}` });
    const number = uniqueMarker('n').toUpperCase();
    const res = await api.post(
      '/api/casks',
      caskForm({
        name: 'Glenlivet Hogshead',
        distillery: 'Glenlivet',
        caskNumber: ` ${number} `,
        fillDate: '2014-06-12',
        warehouse: warehouse.id,
        location: 'Rack 12, Bay 3',
        owner: owner.id,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const cask: Cask = res.json().data.cask;
    const identity = {
      caskNumber: number,
      fillDate: '2014-06-12',
      year: 2014,
      warehouse: { id: warehouse.id, name: warehouse.name },
      location: 'Rack 12, Bay 3',
    };
    expect(cask).toMatchObject(identity);

    const list = await api.data<CaskListResponse>('/api/casks', { warehouse: warehouse.id });
    expect(list.casks.map((row) => row.id)).toEqual([cask.id]);
    expect(list.casks[0]).toMatchObject(identity);
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/casks/${cask.id}/record`,
      headers: admin.headers,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(JSON.stringify(one.json())).toContain(warehouse.name);

    const [audit] = await auditEntriesOf(ctx, { entity: 'cask', entityId: cask.id });
    expect(audit!.after).toMatchObject({
      caskNumber: number,
      fillDate: '2014-06-12',
      year: 2014,
      warehouseId: warehouse.id,
      location: 'Rack 12, Bay 3',
    });
  });

  test('a second cask of the same number, distillery (in any case) and fill year is a 409 naming it; another year or distillery is free', async () => {
    const owner = await createCustomer(ctx);
    const number = uniqueMarker('n');
    const first = await api.post(
      '/api/casks',
      caskForm({
        name: 'First',
        distillery: 'Springbank',
        caskNumber: number,
        year: '2010',
        owner: owner.id,
      }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const before = (await api.data<CaskListResponse>('/api/casks')).stats.totalCasks;

    const again = await api.post(
      '/api/casks',
      caskForm({
        name: 'Second',
        distillery: 'SPRINGBANK',
        caskNumber: number,
        fillDate: '2010-11-30',
        owner: owner.id,
      }),
    );
    expect(again.statusCode, again.body).toBe(409);
    const message = `A cask with number ${number} of SPRINGBANK filled in 2010 already exists`;
    expect(again.json()).toMatchObject({
      message,
      errors: [{ field: 'caskNumber', message }],
    });
    expect((await api.data<CaskListResponse>('/api/casks')).stats.totalCasks).toBe(before);

    for (const other of [
      { distillery: 'Springbank', year: '2011' },
      { distillery: 'Glen Scotia', year: '2010' },
    ]) {
      const free = await api.post(
        '/api/casks',
        caskForm({ name: 'Other', caskNumber: number, ...other, owner: owner.id }),
      );
      expect(free.statusCode, free.body).toBe(201);
    }
  });

  test("refuses a Year that is not the fill date's, a fill date in the future, a number without its distillery and year, and an unknown warehouse", async () => {
    const owner = await createCustomer(ctx);
    const before = (await api.data<CaskListResponse>('/api/casks')).stats.totalCasks;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, string>, string, string][] = [
      [{ year: '2015', fillDate: '2014-06-12' }, 'year', YEAR_NOT_FILL_YEAR],
      [{ fillDate: tomorrow }, 'fillDate', FILL_DATE_IN_FUTURE],
      [{ fillDate: '2014-02-30' }, 'fillDate', 'Fill date must be a day, e.g. 2015-03-31'],
      [{ caskNumber: '12', year: '2014' }, 'caskNumber', CASK_NUMBER_NEEDS_IDENTITY],
      [{ caskNumber: '12', distillery: 'Ardbeg' }, 'caskNumber', CASK_NUMBER_NEEDS_IDENTITY],
      [
        { caskNumber: '12 3', distillery: 'Ardbeg', year: '2014' },
        'caskNumber',
        "Cask number may hold only letters, digits, '-' and '/'",
      ],
      [{ warehouse: crypto.randomUUID() }, 'warehouse', WAREHOUSE_NOT_FOUND],
      [{ warehouse: 'nope' }, 'warehouse', WAREHOUSE_NOT_FOUND],
    ];
    for (const [fields, field, message] of cases) {
      const res = await api.post(
        '/api/casks',
        caskForm({ name: 'Refused', owner: owner.id, ...fields }),
      );
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().errors, JSON.stringify(fields)).toContainEqual({ field, message });
    }
    expect((await api.data<CaskListResponse>('/api/casks')).stats.totalCasks).toBe(before);
  });

  test('the warehouse filter lists its casks only, with an exact total that follows a move; search finds a number and a location', async () => {
    const [east, west] = [await createWarehouse(ctx), await createWarehouse(ctx)];
    const marker = uniqueMarker('r');
    const inEast = await createCask(ctx, {
      warehouseId: east.id,
      caskNumber: `${marker}A`,
      location: 'Rack 1, Bay 1',
    });
    await createCask(ctx, { warehouseId: west.id, location: `Rack ${marker}, Bay 9` });
    await createCask(ctx, { warehouseId: east.id });
    const data = await api.data<CaskListResponse>('/api/casks', { warehouse: east.id });
    expect(data.pagination.total).toBe(2);
    expect(data.casks.every((cask) => cask.warehouse?.id === east.id)).toBe(true);
    expect(data.casks.map((cask) => cask.id)).toContain(inEast.id);

    // The kept count follows a cask moved to another warehouse (the search version moves).
    await ctx.database.db
      .update(casks)
      .set({ warehouseId: west.id })
      .where(eq(casks.id, inEast.id));
    expect(
      (await api.data<CaskListResponse>('/api/casks', { warehouse: east.id })).pagination.total,
    ).toBe(1);
    expect(
      (await api.data<CaskListResponse>('/api/casks', { warehouse: west.id })).pagination.total,
    ).toBe(2);

    // Search matches the cask number and the location (search_text, decision 400), with a filter.
    const byNumber = await api.data<CaskListResponse>('/api/casks', { search: `${marker}a` });
    expect(byNumber.casks.map((cask) => cask.id)).toEqual([inEast.id]);
    expect(
      (await api.data<CaskListResponse>('/api/casks', { search: `rack ${marker}` })).pagination
        .total,
    ).toBe(1);
    expect(
      (await api.data<CaskListResponse>('/api/casks', { search: marker, warehouse: west.id }))
        .pagination.total,
    ).toBe(2);
    expect(
      (await api.data<CaskListResponse>('/api/casks', { search: marker, warehouse: east.id }))
        .pagination.total,
    ).toBe(0);

    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/casks?warehouse=nope',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  test('GET /warehouses lists every warehouse by name, with its town', async () => {
    const marker = uniqueMarker();
    const b = await createWarehouse(ctx, { name: `b ${marker}`, city: 'Elgin' });
    const a = await createWarehouse(ctx, { name: `A ${marker}`, city: null });
    const data = (await getData<WarehouseListResponse>(ctx, admin, '/api/warehouses', {}))
      .warehouses;
    const mine = data.filter((row) => row.name.endsWith(marker));
    expect(mine).toEqual([
      { id: a.id, name: a.name, city: null },
      { id: b.id, name: b.name, city: 'Elgin' },
    ]);
  });
});

describe('PUT /casks/{id}/identity (issue 44, decision 430)', () => {
  test("sets a cask's number, fill date (its year the cask's Year), warehouse and place; audited; a blank field clears it", async () => {
    const cask = await createCask(ctx, { distillery: 'Glenlivet', year: 2012, location: null });
    const warehouse = await createWarehouse(ctx, { name: `Bond ${uniqueMarker()}` });
    const number = uniqueMarker('n').toUpperCase();
    const res = await api.put(`/api/casks/${cask.id}/identity`, {
      caskNumber: ` ${number} `,
      fillDate: '2013-04-02',
      warehouse: warehouse.id,
      location: 'Rack 7, Bay 2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Cask identity saved');
    expect(res.json().data.cask).toMatchObject({
      caskNumber: number,
      fillDate: '2013-04-02',
      year: 2013,
      warehouse: { id: warehouse.id, name: warehouse.name },
      location: 'Rack 7, Bay 2',
    });
    const [audit] = await auditEntriesOf(ctx, { entity: 'cask', entityId: cask.id });
    expect(audit).toMatchObject({
      action: 'cask.identity_updated',
      before: { caskNumber: null, fillDate: null, year: 2012, warehouseId: null, location: null },
      after: {
        caskNumber: number,
        fillDate: '2013-04-02',
        year: 2013,
        warehouseId: warehouse.id,
        location: 'Rack 7, Bay 2',
      },
    });

    const cleared = await api.put(`/api/casks/${cask.id}/identity`, {
      caskNumber: '',
      fillDate: '',
      warehouse: '',
      location: ' ',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    // Without a fill date the Year stays as it was.
    expect(await caskIdentityOf(ctx, cask.id)).toEqual({
      caskNumber: null,
      fillDate: null,
      year: 2013,
      warehouseId: null,
      location: null,
    });
  });

  test("another cask's identity is a 409 naming it, and the version an edit opened is kept: 412 after another save", async () => {
    const number = uniqueMarker('n');
    await createCask(ctx, { distillery: 'Ardbeg', year: 2011, caskNumber: number });
    const cask = await createCask(ctx, { distillery: 'ARDBEG', year: 2010 });
    const before = await caskIdentityOf(ctx, cask.id);

    const taken = await api.put(`/api/casks/${cask.id}/identity`, {
      caskNumber: number,
      fillDate: '2011-05-01',
    });
    expect(taken.statusCode, taken.body).toBe(409);
    const message = `A cask with number ${number} of ARDBEG filled in 2011 already exists`;
    expect(taken.json()).toMatchObject({ message, errors: [{ field: 'caskNumber', message }] });
    expect(await caskIdentityOf(ctx, cask.id)).toEqual(before);
    expect(await auditEntriesOf(ctx, { entity: 'cask', entityId: cask.id })).toEqual([]);

    const opened = (await getData<CaskRecordResponse>(ctx, admin, `/api/casks/${cask.id}/record`))
      .cask.version;
    const mine = await api.put(
      `/api/casks/${cask.id}/identity`,
      { caskNumber: number },
      { ...admin.headers, ...ifMatchHeaders(opened) },
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = await api.put(
      `/api/casks/${cask.id}/identity`,
      { caskNumber: `${number}B` },
      { ...admin.headers, ...ifMatchHeaders(opened) },
    );
    expect(theirs.statusCode, theirs.body).toBe(412);
    expect((await caskIdentityOf(ctx, cask.id))?.caskNumber).toBe(number);
  });

  test('refuses a number without a distillery or fill year, an unknown warehouse, bad fields, an unknown cask, and a Viewer', async () => {
    const noDistillery = await createCask(ctx, { distillery: null, year: 2012 });
    const noYear = await createCask(ctx, { distillery: 'Talisker', year: null });
    const cask = await createCask(ctx);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cases: [string, Record<string, string>, string, string][] = [
      [noDistillery.id, { caskNumber: '12' }, 'caskNumber', CASK_NUMBER_NEEDS_IDENTITY],
      [noYear.id, { caskNumber: '12' }, 'caskNumber', CASK_NUMBER_NEEDS_IDENTITY],
      [cask.id, { warehouse: crypto.randomUUID() }, 'warehouse', WAREHOUSE_NOT_FOUND],
      [cask.id, { fillDate: tomorrow }, 'fillDate', FILL_DATE_IN_FUTURE],
      [cask.id, { caskNumber: '12 B' }, 'caskNumber', CASK_NUMBER_INVALID],
    ];
    for (const [id, body, field, message] of cases) {
      const res = await api.put(`/api/casks/${id}/identity`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    // A number with the fill date that gives the year is fine for the cask without a Year.
    const dated = await api.put(`/api/casks/${noYear.id}/identity`, {
      caskNumber: '12',
      fillDate: '2016-01-04',
    });
    expect(dated.statusCode, dated.body).toBe(200);

    expect((await api.put(`/api/casks/${crypto.randomUUID()}/identity`, {})).statusCode).toBe(404);
    const viewer = await createAdmin(ctx, { role: 'viewer' });
    const refused = await api.put(
      `/api/casks/${cask.id}/identity`,
      { location: 'Rack 1' },
      viewer.headers,
    );
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await caskIdentityOf(ctx, cask.id))?.location).toBe('Campbeltown');
  });
});
