import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_RECORD_TYPES,
  AUDIT_RECORD_TYPES,
  type AuditListResponse,
} from '@cask/contracts/audit';
import { BULK_UNDO_UNKNOWN, DATE_OUT_OF_RANGE } from '@cask/contracts/common';
import { beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, postLogin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import {
  createCask,
  createCustomer,
  auditRowCount,
  createOrder,
  uniqueMarker,
} from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';
import { auditTotalSlots, deactivateCustomer } from '../../../test/support/audit.ts';
import { refusalOf } from '../../../test/support/database.ts';
import { SECRET_WITHHELD, writeAudit } from '../../db/audit.ts';

const ctx = useTestContext();
let admin: TestAdmin;
let other: TestAdmin;

const api = adminApi(ctx, () => admin);

beforeAll(async () => {
  admin = await createAdmin(ctx, { fullName: 'Audrey Auditor' });
  other = await createAdmin(ctx, { fullName: 'Otto Other' });
});

describe('the audit log is append-only in the database', () => {
  test('UPDATE of an entry fails', async () => {
    await deactivateCustomer(ctx, admin, (await createCustomer(ctx)).id);
    expect(await refusalOf(ctx.database.db.execute(sql`update audit_log set action = 'x'`))).toBe(
      'audit_log is append-only: UPDATE is not allowed',
    );
    const rows = await ctx.database.readRows(
      sql`select count(*)::int from audit_log where action = 'x'`,
      { prepared: false },
    );
    expect(rows[0]![0]).toBe(0);
  });

  test('DELETE of an entry fails', async () => {
    const before = await api.data<AuditListResponse>('/api/audit');
    expect(await refusalOf(ctx.database.db.execute(sql`delete from audit_log`))).toBe(
      'audit_log is append-only: DELETE is not allowed',
    );
    expect((await api.data<AuditListResponse>('/api/audit')).pagination.total).toBe(
      before.pagination.total,
    );
  });

  test('deleting an admin leaves their entries as they were', async () => {
    const gone = await createAdmin(ctx, { fullName: 'Gone Admin' });
    const customer = await createCustomer(ctx);
    await deactivateCustomer(ctx, gone, customer.id);
    await ctx.database.db.execute(sql`delete from admins where id = ${gone.id}`);
    const page = await api.data<AuditListResponse>('/api/audit', { recordId: customer.id });
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ adminId: gone.id, admin: null });
  });
});

describe("the log's total is kept in slots (decision 222)", () => {
  test('every entry of one transaction adds to the same slot, so two never wait crosswise', async () => {
    const before = await auditTotalSlots(ctx);
    const marker = uniqueMarker('one-slot');
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 0; i < 6; i += 1)
        await writeAudit(tx, {
          adminId: admin.id,
          action: 'user.updated',
          entity: 'customer',
          entityId: null,
          after: { marker, i },
        });
    });
    const after = await auditTotalSlots(ctx);
    const moved = [...after].filter(([name, value]) => value !== (before.get(name) ?? 0));
    // Drawn at random per statement, six entries would share one slot once in 16^5 runs.
    expect(moved).toHaveLength(1);
    expect(moved[0]![1] - (before.get(moved[0]![0]) ?? 0)).toBe(6);
  });

  test('stays exact through concurrent audited transactions, and a recount agrees', async () => {
    const before = (await api.data<AuditListResponse>('/api/audit')).pagination.total;
    expect(before).toBe(await auditRowCount(ctx));
    const marker = uniqueMarker('slot');
    // On PostgreSQL they run side by side on the pool's connections; PGlite runs them in turn.
    await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        ctx.database.db.transaction(async (tx) => {
          await writeAudit(tx, {
            adminId: admin.id,
            action: 'user.updated',
            entity: 'customer',
            entityId: null,
            after: { marker, i },
          });
          if (i % 2 === 0)
            await writeAudit(tx, {
              adminId: admin.id,
              action: 'user.updated',
              entity: 'customer',
              entityId: null,
              after: { marker, i, second: true },
            });
        }),
      ),
    );
    const total = (await api.data<AuditListResponse>('/api/audit')).pagination.total;
    expect(total).toBe(before + 72);
    expect(total).toBe(await auditRowCount(ctx));
    // 48 transactions, each on the slot of its id modulo 16: consecutive ids use several.
    expect((await auditTotalSlots(ctx)).size).toBeGreaterThan(1);
    await ctx.database.db.execute(sql`select refresh_counters()`);
    expect((await auditTotalSlots(ctx)).size).toBe(0);
    expect((await api.data<AuditListResponse>('/api/audit')).pagination.total).toBe(total);
    await deactivateCustomer(ctx, admin, (await createCustomer(ctx)).id);
    expect((await api.data<AuditListResponse>('/api/audit')).pagination.total).toBe(total + 1);
  });
});

describe('GET /api/audit', () => {
  test('a change is listed newest first with who, when, from where, before and after', async () => {
    const customer = await createCustomer(ctx);
    await deactivateCustomer(ctx, admin, customer.id, 'Mozilla/5.0 AuditBrowser');
    const page = await api.data<AuditListResponse>('/api/audit');
    const entry = page.entries[0]!;
    expect(entry).toMatchObject({
      action: 'user.updated',
      recordType: 'customer',
      recordId: customer.id,
      recordName: customer.fullName,
      admin: { id: admin.id, fullName: 'Audrey Auditor', email: admin.email },
      userAgent: 'Mozilla/5.0 AuditBrowser',
      before: { isActive: true },
      after: { isActive: false },
    });
    expect(entry.ip).toBeTruthy();
    expect(Date.parse(entry.time)).toBeGreaterThan(Date.now() - 60_000);
    const times = page.entries.map((each) => each.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('the filters combine and each narrows the list', async () => {
    const marker = uniqueMarker('narrow');
    const mine = await createCustomer(ctx, { fullName: `Narrow ${marker}` });
    const theirs = await createCustomer(ctx);
    await deactivateCustomer(ctx, admin, mine.id);
    await deactivateCustomer(ctx, other, theirs.id);

    const byAdmin = await api.data<AuditListResponse>('/api/audit', { admin: other.id });
    expect(byAdmin.entries.every((entry) => entry.adminId === other.id)).toBe(true);
    expect(byAdmin.entries.map((entry) => entry.recordId)).toContain(theirs.id);
    expect(byAdmin.entries.map((entry) => entry.recordId)).not.toContain(mine.id);

    const byName = await api.data<AuditListResponse>('/api/audit', { search: marker });
    expect(byName.entries.map((entry) => entry.recordId)).toEqual([mine.id]);
    expect(byName.pagination.total).toBe(1);
    expect(
      (await api.data<AuditListResponse>('/api/audit', { search: theirs.id })).entries.map(
        (entry) => entry.recordId,
      ),
    ).toEqual([theirs.id]);

    const combined = await api.data<AuditListResponse>('/api/audit', {
      admin: admin.id,
      action: 'user.updated',
      recordType: 'customer',
    });
    expect(combined.entries.length).toBeGreaterThan(0);
    for (const entry of combined.entries) {
      expect(entry).toMatchObject({ adminId: admin.id, action: 'user.updated' });
    }
    expect(
      (await api.data<AuditListResponse>('/api/audit', { recordType: 'cask', admin: admin.id }))
        .pagination.total,
    ).toBe(0);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await api.data<AuditListResponse>('/api/audit', { from: future })).pagination.total,
    ).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await api.data<AuditListResponse>('/api/audit', { to: past })).pagination.total).toBe(
      0,
    );
    const whole = await api.data<AuditListResponse>('/api/audit');
    expect(
      (await api.data<AuditListResponse>('/api/audit', { from: past, to: future })).pagination
        .total,
    ).toBe(whole.pagination.total);
  });

  test("a filter's total follows new entries", async () => {
    const customer = await createCustomer(ctx);
    const first = await api.data<AuditListResponse>('/api/audit', { recordId: customer.id });
    expect(first.pagination.total).toBe(0);
    await deactivateCustomer(ctx, admin, customer.id);
    expect(
      (await api.data<AuditListResponse>('/api/audit', { recordId: customer.id })).pagination.total,
    ).toBe(1);
  });

  test('sign-ins, failed and successful, are listed with the browser and no password', async () => {
    const password = 'correct horse 42';
    const wrong = 'a-wrong-Password-99';
    const login = (pw: string) =>
      postLogin(
        ctx,
        { email: other.email, password: pw },
        { headers: { 'user-agent': 'SignInBrowser/2' } },
      );
    expect((await login(wrong)).statusCode).toBe(401);
    expect((await login(password)).statusCode).toBe(200);
    const failed = await api.data<AuditListResponse>('/api/audit', {
      action: 'auth.sign_in_failed',
      admin: other.id,
    });
    expect(failed.entries[0]).toMatchObject({ recordType: 'admin', userAgent: 'SignInBrowser/2' });
    const signedIn = await api.data<AuditListResponse>('/api/audit', {
      action: 'auth.signed_in',
      admin: other.id,
    });
    expect(signedIn.entries[0]).toMatchObject({ recordName: 'Otto Other' });
    const text = JSON.stringify([failed, signedIn]);
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(password);
  });

  test('needs a signed-in admin and refuses bad filters with a 400', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    for (const query of ['recordType=planet', 'admin=nope', 'from=yesterday', "action=x'y"]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/audit?${query}`,
        headers: admin.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  test('a From or To PostgreSQL cannot store is refused with a 400, on the list and its export (issue 40)', async () => {
    for (const query of [
      'from=0000-01-01T00:00:00Z',
      'to=0000-01-01T00:00:00Z',
      'from=0001-01-01T00:30:00%2B01:00',
      'to=9999-12-31T23:00:00-05:00',
      'from=1799-12-31T23:59:59Z',
    ]) {
      for (const [method, url] of [
        ['GET', '/api/audit'],
        ['POST', '/api/exports/audit'],
      ] as const) {
        const res = await ctx.app.inject({
          method,
          url: `${url}?${query}`,
          headers: admin.headers,
        });
        expect(res.statusCode, `${method} ${query}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message: DATE_OUT_OF_RANGE });
      }
    }
    // The first and last instants of the years a date may name are fine.
    const edges = await api.data<AuditListResponse>('/api/audit', {
      from: '1800-01-01T00:00:00Z',
      to: '9999-12-31T23:59:59.999Z',
    });
    expect(edges.pagination.total).toBe(
      (await api.data<AuditListResponse>('/api/audit')).pagination.total,
    );
  });

  test('the Admin filter finds admins by name or e-mail', async () => {
    const res = await api.data<{ data: { admins: { id: string }[] } }>('/api/audit/admins', {
      search: 'otto',
    });
    expect(res.admins.map((each) => each.id)).toEqual([other.id]);
  });
});

describe('secrets never reach the log', () => {
  test('a password change and a refresh are listed without the passwords or tokens', async () => {
    const me = await createAdmin(ctx, { password: 'old-Password-1' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: me.headers,
      payload: { currentPassword: 'old-Password-1', newPassword: 'new-Password-2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { refreshToken, accessToken } = res.json<{
      data: { refreshToken: string; accessToken: string };
    }>().data;
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBeLessThan(500);
    const page = await api.data<AuditListResponse>('/api/audit', { admin: me.id });
    expect(page.entries.map((entry) => entry.action)).toContain('auth.password_changed');
    const text = JSON.stringify(page);
    for (const secret of ['old-Password-1', 'new-Password-2', refreshToken, accessToken]) {
      expect(text).not.toContain(secret);
    }
  });

  test('a field named like a secret is withheld whatever a caller passes', async () => {
    const marker = uniqueMarker('secret');
    await writeAudit(ctx.database.db, {
      adminId: admin.id,
      action: 'admin.profile_updated',
      entity: 'admin',
      entityId: marker,
      after: { password: 'hunter2', nested: { refreshToken: 'abc', code: '1234' }, name: 'kept' },
    });
    const [entry] = (await api.data<AuditListResponse>('/api/audit', { recordId: marker })).entries;
    expect(entry!.after).toEqual({
      password: SECRET_WITHHELD,
      nested: { refreshToken: SECRET_WITHHELD, code: SECRET_WITHHELD },
      name: 'kept',
    });
  });
});

describe('every action and record type the API writes is labelled (decision 310)', () => {
  test('each action found in the source has a label', async () => {
    // Every `action: '...'` (or `? '...' : '...'`) string literal the API's source writes.
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const actions = new Set<string>();
    for (const file of await readdir(root, { recursive: true })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = await readFile(join(root, file), 'utf8');
      for (const line of source.split('\n')) {
        if (!/\baction\b/.test(line)) continue;
        for (const [, action] of line.matchAll(/'([a-z_]{2,}\.[a-z_]+)'/g)) actions.add(action!);
      }
    }
    expect(actions.size).toBeGreaterThan(50);
    const labelled = new Set<string>(AUDIT_ACTIONS);
    expect([...actions].filter((action) => !labelled.has(action))).toEqual([]);
    expect(actions).toContain('cask.transferred');
    expect(actions).toContain('admin.invite_sent');
  });

  test('each entity has a record type, and each record type a label and a filter', async () => {
    for (const [entity, type] of Object.entries(AUDIT_ENTITY_RECORD_TYPES)) {
      expect(AUDIT_RECORD_TYPES, entity).toContain(type);
    }
    await ctx.database.db.transaction(async (tx) => {
      await writeAudit(tx, {
        adminId: admin.id,
        action: 'admin.invite_sent',
        entity: 'admin_invite',
        entityId: uniqueMarker('invite'),
      });
    });
    const invites = await api.data<AuditListResponse>('/api/audit', { recordType: 'invite' });
    expect(invites.entries.length).toBeGreaterThan(0);
    expect(invites.entries.every((entry) => entry.recordType === 'invite')).toBe(true);
  });
});

describe('ids in a change come with their names (decision 312)', () => {
  test("a transfer's entry holds the old and the new owner, each with its name", async () => {
    const from = await createCustomer(ctx, { fullName: 'Fiona From' });
    const to = await createCustomer(ctx, { fullName: 'Toby To' });
    const cask = await createCask(ctx, { ownerId: from.id });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/casks/${cask.id}/transfers`,
      headers: admin.headers,
      payload: { toCustomerId: to.id, transferredOn: new Date().toISOString().slice(0, 10) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = (
      await api.data<AuditListResponse>('/api/audit', { recordType: 'cask', recordId: cask.id })
    ).entries;
    expect(entry).toMatchObject({
      action: 'cask.transferred',
      before: { ownerId: from.id },
      after: { ownerId: to.id },
      references: {
        [from.id]: { type: 'customer', name: 'Fiona From' },
        [to.id]: { type: 'customer', name: 'Toby To' },
      },
      bulk: null,
    });
  });
  test("a notification's entry names its recipient and the admin who sent it", async () => {
    const isla = await createCustomer(ctx, { fullName: 'Isla Recipient' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: admin.headers,
      payload: {
        title: 'Bottling day',
        message: 'Your cask is ready',
        type: 'system',
        isGlobal: false,
        recipient: isla.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = (
      await api.data<AuditListResponse>('/api/audit', {
        recordType: 'notification',
        search: 'Bottling day',
      })
    ).entries;
    expect(entry?.references).toEqual({
      [isla.id]: { type: 'customer', name: 'Isla Recipient' },
      [admin.id]: { type: 'admin', name: 'Audrey Auditor' },
    });
  });
});

describe('a bulk change and its undo share one bulk id (decision 311)', () => {
  test("each row's entry names the bulk change and how many records it changed", async () => {
    const orders = await Promise.all([1, 2, 3].map(() => createOrder(ctx)));
    const done = await api.post('/api/purchases/bulk/status', {
      changes: orders.map((order) => ({ id: order.id, status: 'Delivered' })),
    });
    expect(done.statusCode, done.body).toBe(200);
    const { bulkId, changes } = done.json<{
      data: { bulkId: string; changes: { id: string; before: { status: string } }[] };
    }>().data;
    const undone = await api.post('/api/purchases/bulk/status', {
      bulkId,
      changes: changes.map((change) => ({ id: change.id, ...change.before })),
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<{ data: { bulkId: string } }>().data.bulkId).toBe(bulkId);
    for (const order of orders) {
      const entries = (
        await api.data<AuditListResponse>('/api/audit', { recordType: 'order', recordId: order.id })
      ).entries;
      expect(entries).toHaveLength(2);
      for (const entry of entries) expect(entry.bulk).toEqual({ id: bulkId, size: 3 });
    }
  });

  test('an undo naming a bulk change never written is refused and changes nothing', async () => {
    const order = await createOrder(ctx, { status: 'Pending' });
    const res = await api.post('/api/purchases/bulk/status', {
      bulkId: '00000000-0000-4000-8000-000000000000',
      changes: [{ id: order.id, status: 'Delivered' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: BULK_UNDO_UNKNOWN });
    expect(
      (await api.data<AuditListResponse>('/api/audit', { recordId: order.id })).entries,
    ).toHaveLength(0);
  });
});
