import http from 'node:http';
import { sql } from 'drizzle-orm';
import { EXPORT_ALREADY_RUNNING, EXPORT_LINK_INVALID, EXPORTS_BUSY } from '@cask/contracts/exports';
import { beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { createTestContext, useTestContext } from '../../../test/support/app.ts';
import {
  createCask,
  createCustomer,
  createOffer,
  createOrder,
  createWarehouse,
  uniqueMarker,
} from '../../../test/support/factories.ts';
import { BULK_SEARCH_TERMS, seedListData } from '../../../test/support/list-against-sql.ts';
import { listDefinitions } from '../../../test/support/list-definitions.ts';
import {
  activeSessions,
  csvRows,
  downloadExport,
  exportCopies,
  exportsPool,
  listIds,
  listTotal,
  stalledDownload,
  startExport,
  type ScreenList,
} from '../../../test/support/exports.ts';
import { eventually } from '../../../test/support/waiting.ts';
import { neutralise } from '../../db/csv.ts';
import { csvExport, EXPORT_PAGE_ROWS } from '../../db/csv-export.ts';
import { EXPORTS_AT_ONCE } from './exports.service.ts';
import { CASK_SORTS } from '@cask/contracts/casks';
import { NOTIFICATION_SORTS } from '@cask/contracts/notifications';
import { OFFER_SORTS } from '@cask/contracts/offers';
import { ORDER_SORTS } from '@cask/contracts/orders';
import { REFERRAL_SORTS } from '@cask/contracts/referrals';
import { REWARD_SORTS } from '@cask/contracts/rewards';
import { USER_SORTS } from '@cask/contracts/users';

const ctx = useTestContext();
let admin: TestAdmin;

beforeAll(async () => {
  // More customers than one export page, so the users' exports read several pages.
  await seedListData(ctx, EXPORT_PAGE_ROWS + 700);
  admin = await createAdmin(ctx, { fullName: 'Edna Exporter' });
}, 120_000);

test("every named list's routes declare its export, by that name (decision 374)", async () => {
  const named = [...(await listDefinitions()).values()].flatMap(({ name }) => name ?? []);
  expect(ctx.app.listExports.names().sort()).toEqual(named.sort());
});

const term = BULK_SEARCH_TERMS.common;
const CASES: [ScreenList, Record<string, string>][] = [
  ['users', {}],
  ['users', { search: term }],
  ['rewards', { search: term }],
  ['casks', {}],
  ['casks', { search: term }],
  ['offers', { type: 'cask' }],
  ['offers', { search: term }],
  ['orders', {}],
  ['orders', { status: 'Pending', search: term }],
  ['referrals', { status: 'completed' }],
  ['referrals', { search: term }],
  ['notifications', {}],
  ['audit', {}],
  ['audit', { action: 'list.exported' }],
];

describe('an export has exactly the rows the screen counts', () => {
  test.each(CASES)('%s %j', async (list, query) => {
    const expected = await listTotal(ctx, admin, list, query);
    const started = await startExport(ctx, admin, list, query);
    const res = await downloadExport(ctx, started.url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = csvRows(res.body);
    expect(header).toContain('ID');
    // The audit list gains this export's own entry once the file is sent.
    expect(rows.length).toBe(expected);
    const ids = rows.map((row) => row[0]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

const SORTED: [ScreenList, readonly string[], Record<string, string>][] = [
  ['users', USER_SORTS, { search: term }],
  ['rewards', REWARD_SORTS, { search: term }],
  ['casks', CASK_SORTS, { search: term }],
  ['offers', OFFER_SORTS, { search: term }],
  ['orders', ORDER_SORTS, { search: term }],
  ['referrals', REFERRAL_SORTS, { search: term }],
  ['notifications', NOTIFICATION_SORTS, {}],
];
const SORTED_CASES = SORTED.flatMap(([list, sorts, query]) =>
  sorts.flatMap((sort) =>
    [sort, `-${sort}`].map((value) => [list, { ...query, sort: value }] as const),
  ),
);

describe("an export has the list's order (issue 29: the current search, filters and order)", () => {
  beforeAll(async () => {
    // Ties, and rows without a value (sorted last ascending, first descending, as the lists do).
    for (let i = 0; i < 3; i++) {
      await createCask(ctx, { name: `Cask ${term} tie`, distillery: null, currentValue: null });
      await createOffer(ctx, { title: `Offer ${term} tie`, priceNumeric: null });
    }
  });

  test.each(SORTED_CASES)('%s %j', async (list, query) => {
    const expected = await listIds(ctx, admin, list, query);
    const [header, ...rows] = csvRows(
      (await downloadExport(ctx, (await startExport(ctx, admin, list, query)).url)).body,
    );
    expect(rows.map((row) => row[header!.indexOf('ID')])).toEqual(expected);
  });

  test.each(['fullName', '-fullName', 'email'])(
    'the whole customer list sorted by %s, over several export pages',
    async (sort) => {
      const expected = await listIds(ctx, admin, 'users', { sort });
      expect(expected.length).toBeGreaterThan(EXPORT_PAGE_ROWS);
      const [header, ...rows] = csvRows(
        (await downloadExport(ctx, (await startExport(ctx, admin, 'users', { sort })).url)).body,
      );
      expect(rows.map((row) => row[header!.indexOf('ID')])).toEqual(expected);
    },
  );

  test('the Cask List keeps its gauge alert filter', async () => {
    const query = { alert: 'regauge-due', sort: 'name' };
    const expected = await listIds(ctx, admin, 'casks', query);
    const [header, ...rows] = csvRows(
      (await downloadExport(ctx, (await startExport(ctx, admin, 'casks', query)).url)).body,
    );
    expect(rows.map((row) => row[header!.indexOf('ID')])).toEqual(expected);
  });

  test("the Cask List keeps its warehouse filter; a cask's identity is in its columns", async () => {
    // Issue 44 (decisions 400 and 402).
    const warehouse = await createWarehouse(ctx);
    const cask = await createCask(ctx, {
      warehouseId: warehouse.id,
      caskNumber: 'RC-12/3',
      fillDate: '2012-05-04',
      location: 'Rack 12, Bay 3',
    });
    await createCask(ctx);
    const [header, ...rows] = csvRows(
      (
        await downloadExport(
          ctx,
          (await startExport(ctx, admin, 'casks', { warehouse: warehouse.id })).url,
        )
      ).body,
    );
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0]![header!.indexOf(name)];
    expect(cell('ID')).toBe(cask.id);
    expect(cell('Cask Number')).toBe('RC-12/3');
    expect(cell('Fill Date')).toBe('2012-05-04');
    expect(cell('Warehouse')).toBe(warehouse.name);
    expect(cell('Location')).toBe('Rack 12, Bay 3');
  });
});

test('money is exact, times ISO 8601, and the order is newest first', async () => {
  const marker = uniqueMarker('money');
  const customer = await createCustomer(ctx, { fullName: `Money ${marker}` });
  await createOrder(ctx, {
    customerId: customer.id,
    contactFullName: customer.fullName,
    investmentAmount: '12345.67',
  });
  await createOrder(ctx, {
    customerId: customer.id,
    contactFullName: customer.fullName,
    investmentAmount: '0.10',
  });
  const started = await startExport(ctx, admin, 'orders', { search: marker });
  const [header, ...rows] = csvRows((await downloadExport(ctx, started.url)).body);
  const budget = header!.indexOf('Budget');
  const created = header!.indexOf('Created At');
  expect(rows.map((row) => row[budget])).toEqual(['0.10', '12345.67']);
  for (const row of rows)
    expect(row[created]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

test('the orders export has the Reference and Ordered columns, the Ordered range and a reference search (issue 41)', async () => {
  const marker = uniqueMarker('ordered');
  const customer = await createCustomer(ctx, { fullName: `Tour ${marker}` });
  const placed = async (day: string) =>
    createOrder(ctx, {
      customerId: customer.id,
      contactFullName: customer.fullName,
      title: 'Campbeltown Heritage Tour',
      createdAt: new Date(`${day}T12:00:00.000Z`),
    });
  const [early, mid, late] = [
    await placed('2031-05-01'),
    await placed('2031-05-20'),
    await placed('2031-06-10'),
  ];
  const reference = (order: { orderNumber: number }) =>
    `ORD-${String(order.orderNumber).padStart(5, '0')}`;
  const exported = async (query: Record<string, string>) => {
    const [header, ...rows] = csvRows(
      (await downloadExport(ctx, (await startExport(ctx, admin, 'orders', query)).url)).body,
    );
    const at = (name: string) => header!.indexOf(name);
    return rows.map((row) => [row[at('Reference')], row[at('Ordered')]]);
  };
  const range = { orderedFrom: '2031-05-01T00:00:00Z', orderedTo: '2031-06-01T00:00:00+00:00' };
  expect(await exported({ ...range, search: marker })).toEqual([
    [reference(mid!), '2031-05-20T12:00:00.000Z'],
    [reference(early!), '2031-05-01T12:00:00.000Z'],
  ]);
  expect(await exported({ search: reference(late!) })).toEqual([
    [reference(late!), '2031-06-10T12:00:00.000Z'],
  ]);
});

test('a deleted cask and a deleted offer are in no export; the Casks column leaves the cask out', async () => {
  // Decision 273: deleted rows are kept for their undo, and hidden from every export.
  const marker = uniqueMarker('gone');
  const owner = await createCustomer(ctx, { fullName: `Owner ${marker}` });
  const kept = await createCask(ctx, { ownerId: owner.id, name: `Kept ${marker}` });
  const gone = await createCask(ctx, { ownerId: owner.id, name: `Gone ${marker}` });
  const offer = await createOffer(ctx, { title: `Offer ${marker}` });
  for (const url of [`/api/casks/${gone.id}`, `/api/offers/${offer.id}`]) {
    const res = await ctx.app.inject({ method: 'DELETE', url, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
  }
  const caskRows = csvRows(
    (await downloadExport(ctx, (await startExport(ctx, admin, 'casks', { search: marker })).url))
      .body,
  );
  expect(caskRows.slice(1).map((row) => row[0])).toEqual([kept.id]);
  const offerRows = csvRows(
    (await downloadExport(ctx, (await startExport(ctx, admin, 'offers', { search: marker })).url))
      .body,
  );
  expect(offerRows.slice(1)).toEqual([]);
  const [header, ...users] = csvRows(
    (await downloadExport(ctx, (await startExport(ctx, admin, 'users', { search: marker })).url))
      .body,
  );
  expect(users.map((row) => row[header!.indexOf('Casks')])).toEqual(['1']);
});

test('every injection prefix is neutralised, plain negative numbers stay numbers', async () => {
  const marker = uniqueMarker('inject');
  const prefixes = ['=', '+', '-', '@', '\t', '\r'];
  for (const prefix of prefixes) {
    await createCustomer(ctx, { fullName: `${prefix}SUM(1) ${marker}` });
  }
  const started = await startExport(ctx, admin, 'users', { search: marker });
  const [header, ...rows] = csvRows((await downloadExport(ctx, started.url)).body);
  const names = rows.map((row) => row[header!.indexOf('User Name')]).sort();
  expect(names).toEqual(prefixes.map((prefix) => `'${prefix}SUM(1) ${marker}`).sort());
  for (const prefix of prefixes) expect(neutralise(`${prefix}x`)).toBe(`'${prefix}x`);
  expect(neutralise('-12.50')).toBe('-12.50');
  expect(neutralise('plain')).toBe('plain');
  expect(neutralise(null)).toBe('');
});

describe('the download link', () => {
  test('works once, and is counted in the metrics when it streams', async () => {
    const counted = async () =>
      (await ctx.app.metrics.exports.get()).values.find((value) => value.labels.list === 'casks')
        ?.value ?? 0;
    const before = await counted();
    const started = await startExport(ctx, admin, 'casks');
    expect((await downloadExport(ctx, started.url)).statusCode).toBe(200);
    expect(await counted()).toBe(before + 1);
    const again = await downloadExport(ctx, started.url);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ success: false, message: EXPORT_LINK_INVALID });
  });

  test('expires', async () => {
    const started = await startExport(ctx, admin, 'casks');
    await ctx.database.db.execute(
      sql`update export_downloads set expires_at = now() - interval '1 second' where id = ${started.id}`,
    );
    expect((await downloadExport(ctx, started.url)).statusCode).toBe(403);
  });

  test('a made-up token, or none, opens nothing', async () => {
    expect((await downloadExport(ctx, '/exports/download?token=made-up')).statusCode).toBe(403);
    expect((await downloadExport(ctx, '/exports/download')).statusCode).toBe(400);
  });

  test('is refused once the admin who asked is inactive', async () => {
    const leaving = await createAdmin(ctx);
    const started = await startExport(ctx, leaving, 'users', {});
    await ctx.database.db.execute(
      sql`update admins set is_active = false where id = ${leaving.id}`,
    );
    expect((await downloadExport(ctx, started.url)).statusCode).toBe(403);
  });

  test('is refused once the session that asked for it has ended, or its tokens were (issue 40)', async () => {
    const ended = await createAdmin(ctx);
    const link = await startExport(ctx, ended, 'users', {});
    await ctx.database.db.execute(
      sql`update admin_sessions set ended_at = now() where id = ${ended.sessionId}`,
    );
    const refused = await downloadExport(ctx, link.url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: EXPORT_LINK_INVALID });

    // Logout everywhere or a password change raises the token version.
    const changed = await createAdmin(ctx);
    const other = await startExport(ctx, changed, 'users', {});
    await ctx.database.db.execute(
      sql`update admins set token_version = token_version + 1 where id = ${changed.id}`,
    );
    expect((await downloadExport(ctx, other.url)).statusCode).toBe(403);

    // Another session of the same admin ending changes nothing for this one.
    const kept = await createAdmin(ctx);
    const keptLink = await startExport(ctx, kept, 'casks', {});
    await ctx.database.db.execute(
      sql`insert into admin_sessions (id, admin_id, ended_at) values (gen_random_uuid(), ${kept.id}, now())`,
    );
    expect((await downloadExport(ctx, keptLink.url)).statusCode).toBe(200);
  });

  test('is refused while the two-factor policy holds its admin (issue 40)', async () => {
    const held = await createAdmin(ctx);
    const link = await startExport(ctx, held, 'casks', {});
    await ctx.database.db.execute(
      sql`insert into security_settings (id, require_two_factor) values (1, true)
          on conflict (id) do update set require_two_factor = true`,
    );
    try {
      expect((await downloadExport(ctx, link.url)).statusCode).toBe(403);
    } finally {
      await ctx.database.db.execute(
        sql`update security_settings set require_two_factor = false where id = 1`,
      );
    }
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/exports/${link.id}`,
      headers: held.headers,
    });
    expect(status.json().data).toEqual({ state: 'failed', rows: null });
  });

  test('asking for one needs a signed-in admin and valid filters', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/exports/users' })).statusCode).toBe(
      401,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/exports/orders?status=Lost',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});

test('each export is in the audit log with its list, filters and rows, and its state is known', async () => {
  const started = await startExport(ctx, admin, 'orders', { status: 'Delivered' });
  const status = (as = admin) =>
    ctx.app.inject({ method: 'GET', url: `/api/exports/${started.id}`, headers: as.headers });
  expect((await status()).json().data).toEqual({ state: 'waiting', rows: null });
  const [, ...rows] = csvRows(
    (await downloadExport(ctx, started.url, 'Mozilla/5.0 Exporter')).body,
  );
  expect((await status()).json().data).toEqual({ state: 'done', rows: rows.length });
  expect((await status(await createAdmin(ctx))).statusCode).toBe(404);

  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/audit',
    query: { action: 'list.exported', recordId: started.id },
    headers: admin.headers,
  });
  const [entry] = res.json().data.entries;
  expect(entry).toMatchObject({
    adminId: admin.id,
    recordId: started.id,
    userAgent: 'Mozilla/5.0 Exporter',
    after: { list: 'orders', filters: { status: 'Delivered' }, rows: rows.length, whole: true },
  });
});

test("the audit export writes actions and record types by the screen's labels, the action's code beside it (issue 41)", async () => {
  const started = await startExport(ctx, admin, 'orders', {});
  await downloadExport(ctx, started.url);
  const audit = await startExport(ctx, admin, 'audit', { action: 'list.exported' });
  const [header, ...rows] = csvRows((await downloadExport(ctx, audit.url)).body);
  const cell = (row: string[], name: string) => row[header!.indexOf(name)];
  const entry = rows.find((row) => cell(row, 'Record ID') === started.id);
  expect(entry).toBeDefined();
  expect(cell(entry!, 'Action')).toBe('List exported');
  expect(cell(entry!, 'Action Code')).toBe('list.exported');
  expect(cell(entry!, 'Record Type')).toBe('Export');
});

/** PostgreSQL writes the file with COPY (decision 279); PGlite reads it in keyset pages. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('on PostgreSQL the file is written by COPY (decision 279)', () => {
  test("byte for byte the file of the pages' path, whatever the cells hold", async () => {
    const marker = uniqueMarker('bytes');
    const names = [
      `Quote "me", please ${marker}`,
      `Line\nbreak ${marker}`,
      `Carriage\r\nreturn ${marker}`,
      `-12.50`,
      `-12.50 ${marker}`,
      `\tTab ${marker}`,
      `=1+1 ${marker}`,
      `+Plus ${marker}`,
      `@At ${marker}`,
      `Ünïcödé — ${marker}`,
      `Back\\slash ${marker}`,
    ];
    for (const fullName of names) await createCustomer(ctx, { fullName, phone: '' });
    const users = ctx.app.listExports.find('users')!;
    const queries: Record<string, string>[] = [
      { search: marker },
      { search: marker, sort: 'fullName' },
      {},
    ];
    for (const query of queries) {
      const filters = users.filters.parse(query) as { sort?: string; search?: string };
      let paged = '';
      for await (const text of csvExport(
        ctx.database,
        users.source,
        filters,
        { sort: filters.sort, searching: filters.search !== undefined },
        async () => {},
      ))
        paged += text;
      const copied = (
        await downloadExport(ctx, (await startExport(ctx, admin, 'users', query)).url)
      ).body;
      expect(copied).toBe(paged);
    }
    for (const list of ctx.app.listExports.names()) {
      const { filters: schema, source } = ctx.app.listExports.find(list)!;
      const filters = schema.parse({});
      let paged = '';
      for await (const text of csvExport(
        ctx.database,
        source,
        filters,
        { sort: undefined, searching: false },
        async () => {},
      ))
        paged += text;
      const copied = (await downloadExport(ctx, (await startExport(ctx, admin, list)).url)).body;
      expect(copied, list).toBe(paged);
    }
  });

  describe('a client that stops reading, then goes away', () => {
    let port = 0;
    beforeAll(async () => {
      // About 60 MB of notifications: more than every buffer between the database and a client.
      await ctx.database.db.execute(sql`
        insert into notifications (title, message, is_global)
        select 'Large ' || g, repeat('x', 200000), true from generate_series(1, 300) g`);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      port = address.port;
    }, 60_000);

    test('the COPY waits for the client, and ends, its connection closed, once the client is gone', async () => {
      const started = await startExport(ctx, admin, 'notifications');
      const request = await stalledDownload(port, started.url);
      // Backpressure all the way: the database waits to write to the API.
      const [copy] = activeSessions(
        await eventually(
          () => exportCopies(ctx),
          (rows) => activeSessions(rows)[0]?.wait === 'ClientWrite',
        ),
      );
      expect(exportsPool(ctx).total - exportsPool(ctx).idle).toBe(1);

      request.destroy();
      await eventually(
        () => exportCopies(ctx),
        (rows) => !rows.some((row) => row.pid === copy!.pid),
      );
      await eventually(
        async () => exportsPool(ctx).total - exportsPool(ctx).idle,
        (busy) => busy === 0,
      );
      const status = await eventually(
        async () =>
          (
            await ctx.app.inject({
              method: 'GET',
              url: `/api/exports/${started.id}`,
              headers: admin.headers,
            })
          ).json<{ data: { state: string } }>().data,
        (data) => data.state !== 'running',
      );
      expect(status).toEqual({ state: 'failed', rows: null });
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/audit',
        query: { action: 'list.exported', recordId: started.id },
        headers: admin.headers,
      });
      const [entry] = res.json().data.entries;
      expect(entry.after.whole).toBe(false);
      expect(entry.after.rows).toBeLessThan(300);

      // The pool opens a new connection for the next export.
      const next = await downloadExport(ctx, (await startExport(ctx, admin, 'offers')).url);
      expect(next.statusCode).toBe(200);
    });

    test("one admin's exports run one at a time; a second is refused with a 429, its link kept (issue 40)", async () => {
      const viewer = await createAdmin(ctx, { role: 'viewer' });
      const waiting = await startExport(ctx, viewer, 'offers', {});
      const request = await stalledDownload(
        port,
        (await startExport(ctx, viewer, 'notifications', {})).url,
      );

      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/exports/users',
        headers: viewer.headers,
      });
      expect(asked.statusCode).toBe(429);
      expect(asked.json()).toEqual({ success: false, message: EXPORT_ALREADY_RUNNING });
      expect(asked.headers['retry-after']).toBe('30');
      const followed = await downloadExport(ctx, waiting.url);
      expect(followed.statusCode).toBe(429);
      expect(followed.json()).toEqual({ success: false, message: EXPORT_ALREADY_RUNNING });
      // Another admin's export is not held up.
      expect(
        (await downloadExport(ctx, (await startExport(ctx, admin, 'offers')).url)).statusCode,
      ).toBe(200);

      request.destroy();
      const res = await eventually(
        () => downloadExport(ctx, waiting.url),
        (answer) => answer.statusCode !== 429,
      );
      expect(res.statusCode).toBe(200);
    });

    test(`at most ${EXPORTS_AT_ONCE} run at once; one more is refused with a 503, its link kept`, async () => {
      const waiting = await startExport(ctx, admin, 'offers');
      const requests = [];
      // Each by an admin of its own: one admin runs one export at a time (issue 40).
      for (let i = 0; i < EXPORTS_AT_ONCE; i++) {
        const exporter = await createAdmin(ctx);
        requests.push(
          await stalledDownload(port, (await startExport(ctx, exporter, 'notifications', {})).url),
        );
      }
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/exports/users',
        headers: admin.headers,
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ success: false, message: EXPORTS_BUSY });
      expect(refused.headers['retry-after']).toBe('30');
      expect((await downloadExport(ctx, waiting.url)).statusCode).toBe(503);

      for (const request of requests) request.destroy();
      await eventually(
        () => exportCopies(ctx),
        (rows) => activeSessions(rows).length === 0,
      );
      const res = await eventually(
        () => downloadExport(ctx, waiting.url),
        (answer) => answer.statusCode !== 503,
      );
      expect(res.statusCode).toBe(200);
      expect(csvRows(res.body).length).toBe(1 + (await listTotal(ctx, admin, 'offers', {})));
    });
  });
});

// On PostgreSQL, where a running export holds a connection and a snapshot. (PGlite's pages are all
// written into the answer's buffers here, 300 rows being one page, so its export ends at once.)
test.runIf(onPostgres)(
  'a download whose client takes nothing for EXPORT_STALL_SECONDS is cut',
  async () => {
    const other = await createTestContext({ EXPORT_STALL_SECONDS: '1' });
    try {
      const exporter = await createAdmin(other);
      // About 60 MB: more than every buffer between the database and a client.
      await other.database.db.execute(sql`
      insert into notifications (title, message, is_global)
      select 'Large ' || g, repeat('x', 200000), true from generate_series(1, 300) g`);
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const address = other.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const asked = await other.app.inject({
        method: 'POST',
        url: '/api/exports/notifications',
        headers: exporter.headers,
      });
      const started = asked.json<{ data: { export: { id: string; url: string } } }>().data.export;
      const request = http.get(`http://127.0.0.1:${address.port}/api${started.url}`);
      request.on('error', () => {});
      const response = await new Promise<http.IncomingMessage>((resolve) =>
        request.on('response', resolve),
      );
      response.on('error', () => {});
      await new Promise((resolve) => response.once('data', resolve));
      response.pause();
      const state = async () =>
        (
          await other.app.inject({
            method: 'GET',
            url: `/api/exports/${started.id}`,
            headers: exporter.headers,
          })
        ).json<{ data: { state: string } }>().data.state;
      expect(await state()).toBe('running');
      // Cut by the server, not by this client (which, paused, never reads that its socket was
      // closed), a second or so after the buffers filled.
      for (let i = 0; i < 200 && (await state()) === 'running'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await state()).toBe('failed');
      request.destroy();
    } finally {
      await other.close();
    }
  },
);

// On PostgreSQL, whose COPY sends the file in small chunks (PGlite's one 60 MB page is one write,
// which the socket's idle timeout already cuts).
test.runIf(onPostgres)(
  'a download slower than the minimum rate over a stall window is cut (issue 40)',
  async () => {
    const other = await createTestContext({ EXPORT_STALL_SECONDS: '5' });
    try {
      const exporter = await createAdmin(other);
      await other.database.db.execute(sql`
      insert into notifications (title, message, is_global)
      select 'Large ' || g, repeat('x', 200000), true from generate_series(1, 300) g`);
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const address = other.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const asked = await other.app.inject({
        method: 'POST',
        url: '/api/exports/notifications',
        headers: exporter.headers,
      });
      const started = asked.json<{ data: { export: { id: string; url: string } } }>().data.export;
      const request = http.get(`http://127.0.0.1:${address.port}/api${started.url}`);
      request.on('error', () => {});
      const response = await new Promise<http.IncomingMessage>((resolve) =>
        request.on('response', resolve),
      );
      response.on('error', () => {});
      response.pause();
      // A trickle: 2 kB every 100 ms, 20 kB/s, under the minimum but never idle for a window.
      let read = 0;
      const trickle = setInterval(() => {
        const chunk = response.read(2048) as Buffer | null;
        if (chunk) read += chunk.length;
      }, 100);
      const state = async () =>
        (
          await other.app.inject({
            method: 'GET',
            url: `/api/exports/${started.id}`,
            headers: exporter.headers,
          })
        ).json<{ data: { state: string } }>().data.state;
      try {
        expect(await state()).toBe('running');
        for (let i = 0; i < 50 && (await state()) === 'running'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        expect(await state()).toBe('failed');
        expect(read).toBeGreaterThan(0);
      } finally {
        clearInterval(trickle);
        request.destroy();
      }
    } finally {
      await other.close();
    }
  },
  60_000,
);
