import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { BULK_USER_NOT_FOUND } from '@cask/contracts/users';
import { customers } from '../src/db/schema/customers.ts';
import { orders } from '../src/db/schema/orders.ts';
import { referrals } from '../src/db/schema/referrals.ts';
import { useTestContext } from './support/app.ts';
import { queryRows, statementsSent, whileRowLocked } from './support/database.ts';
import {
  auditEntriesOf,
  createCask,
  createCustomer,
  createNotification,
  createOrder,
  createReferral,
  pointsBalanceOf,
} from './support/factories.ts';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';

// Issue 46 (decisions 389, 390 and 437): a save is at most three round trips to the database (a
// single edit one statement; a bulk action one statement, or BEGIN, one statement, COMMIT when
// JavaScript decides a refusal), counted on the real database, and saves of one row still take
// turns.
const ctx = useTestContext();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

/** The browser every request names: the audit rows written inside a statement record it. */
const BROWSER = 'Round trips test browser';

const send = (method: 'PUT' | 'POST', url: string, payload: object, ifMatch?: string) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: {
      ...admin.headers,
      'user-agent': BROWSER,
      ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
    },
  });

test('a customer status save with If-Match is one statement, audited as before', async () => {
  const customer = await createCustomer(ctx);
  const version = `"${customer.updatedAt.getTime()}"`;
  let status = 0;
  const sent = await statementsSent(ctx, async () => {
    status = (await send('PUT', `/api/users/${customer.id}`, { isActive: false }, version))
      .statusCode;
  });
  expect(status).toBe(200);
  expect(sent).toHaveLength(1);
  const [entry] = await auditEntriesOf(ctx, { action: 'user.updated', entityId: customer.id });
  expect(entry).toMatchObject({
    adminId: admin.id,
    entity: 'customer',
    before: { isActive: true },
    after: { isActive: false },
    userAgent: BROWSER,
    bulkId: null,
  });
});

test('a refused customer save (412, 404) is one statement and writes nothing', async () => {
  const customer = await createCustomer(ctx);
  const answers: number[] = [];
  const sent = await statementsSent(ctx, async () => {
    answers.push(
      (await send('PUT', `/api/users/${customer.id}`, { isActive: false }, '"1"')).statusCode,
    );
    answers.push(
      (await send('PUT', '/api/users/00000000-0000-4000-8000-000000000000', { isActive: false }))
        .statusCode,
    );
  });
  expect(answers).toEqual([412, 404]);
  expect(sent).toHaveLength(2);
  expect(await auditEntriesOf(ctx, { entityId: customer.id })).toEqual([]);
});

const onServer = process.env.TEST_DATABASE_URL !== undefined;

test.skipIf(!onServer)(
  'two saves of one customer with the same If-Match take turns: the second is refused',
  async () => {
    const customer = await createCustomer(ctx);
    const version = `"${customer.updatedAt.getTime()}"`;
    const answers = await whileRowLocked(
      ctx,
      sql`select 1 from ${customers} where id = ${customer.id} for update`,
      [false, true].map(
        (isActive) => () => send('PUT', `/api/users/${customer.id}`, { isActive }, version),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    expect(await auditEntriesOf(ctx, { entityId: customer.id })).toHaveLength(1);
  },
);

test('a bulk status change of 10 orders is one statement, without BEGIN and COMMIT', async () => {
  const customer = await createCustomer(ctx);
  const chosen = await Promise.all(
    Array.from({ length: 10 }, () => createOrder(ctx, { customerId: customer.id })),
  );
  let status = 0;
  const sent = await statementsSent(ctx, async () => {
    status = (
      await send('POST', '/api/purchases/bulk/status', {
        changes: chosen.map(({ id }) => ({ id, status: 'Delivered' })),
      })
    ).statusCode;
  });
  expect(status).toBe(200);
  expect(sent).toHaveLength(1);
  expect(sent[0]).not.toMatch(/^(begin|commit)/i);
  const entries = await auditEntriesOf(ctx, { entityId: chosen.map(({ id }) => id) });
  expect(entries).toHaveLength(10);
  expect(entries[0]).toMatchObject({
    adminId: admin.id,
    action: 'order.updated',
    entity: 'purchase',
    before: { status: 'Pending' },
    after: { status: 'Delivered' },
    userAgent: BROWSER,
  });
  expect(new Set(entries.map((entry) => entry.bulkId)).size).toBe(1);
  expect(entries[0]?.bulkId).not.toBeNull();
});

test('a refused bulk status change is one statement and keeps nothing', async () => {
  const customer = await createCustomer(ctx);
  const order = await createOrder(ctx, { customerId: customer.id });
  const gone = '00000000-0000-4000-8000-000000000000';
  let answer: { statusCode: number; json(): unknown } | undefined;
  const sent = await statementsSent(ctx, async () => {
    answer = await send('POST', '/api/purchases/bulk/status', {
      changes: [
        { id: order.id, status: 'Delivered' },
        { id: gone, status: 'Delivered' },
      ],
    });
  });
  expect(answer?.statusCode).toBe(409);
  expect(answer?.json()).toMatchObject({ errors: [{ field: 'changes.1.id' }] });
  expect(sent).toHaveLength(1);
  expect(await auditEntriesOf(ctx, { entityId: order.id })).toEqual([]);
});

test('a bulk delete, its undo and a delete refused are one statement each (decision 437)', async () => {
  const chosen = await Promise.all([createCustomer(ctx), createCustomer(ctx)]);
  const changes = (deleted: boolean) => chosen.map(({ id }) => ({ id, deleted }));
  const answers: { statusCode: number; json(): unknown }[] = [];
  const sent = await statementsSent(ctx, async () => {
    answers.push(await send('POST', '/api/users/bulk/deleted', { changes: changes(true) }));
    // Already hidden: refused, as its single delete answers 404.
    answers.push(await send('POST', '/api/users/bulk/deleted', { changes: changes(true) }));
    const { bulkId } = (answers[0]!.json() as { data: { bulkId: string } }).data;
    answers.push(
      await send('POST', '/api/users/bulk/deleted', { bulkId, changes: changes(false) }),
    );
  });
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 409, 200]);
  expect(answers[1]!.json()).toMatchObject({
    errors: [
      { field: 'changes.0.id', message: BULK_USER_NOT_FOUND },
      { field: 'changes.1.id', message: BULK_USER_NOT_FOUND },
    ],
  });
  expect(sent).toHaveLength(3);
  const entries = await auditEntriesOf(ctx, { entityId: chosen.map(({ id }) => id) });
  expect(entries.map((entry) => entry.action).sort()).toEqual([
    'user.deleted',
    'user.deleted',
    'user.restored',
    'user.restored',
  ]);
});

test('bringing back two customers with one e-mail at once names the later one', async () => {
  const email = `twice-${Date.now()}@example.com`;
  const first = await createCustomer(ctx, { email, deletedAt: new Date() });
  const second = await createCustomer(ctx, { email, deletedAt: new Date() });
  const answer = await send('POST', '/api/users/bulk/deleted', {
    changes: [
      { id: first.id, deleted: false },
      { id: second.id, deleted: false },
    ],
  });
  expect(answer.statusCode, answer.body).toBe(409);
  expect(answer.json()).toMatchObject({
    errors: [{ field: 'changes.1.id', message: 'Another user has this e-mail now' }],
  });
});

test.skipIf(!onServer)(
  'a customer brought back while another with their e-mail comes back elsewhere is named, not a 500',
  async () => {
    const email = `race-${Date.now()}@example.com`;
    const elsewhere = await createCustomer(ctx, { email, deletedAt: new Date() });
    const chosen = await createCustomer(ctx, { email, deletedAt: new Date() });
    // The other transaction brings its customer back after this action's check, before its write:
    // the write waits on the unique index, which refuses it once the other commits.
    const [answer] = await whileRowLocked(
      ctx,
      sql`update ${customers} set deleted_at = null where id = ${elsewhere.id}`,
      [
        () =>
          send('POST', '/api/users/bulk/deleted', { changes: [{ id: chosen.id, deleted: false }] }),
      ],
    );
    expect(answer?.statusCode, answer?.body).toBe(409);
    expect(answer?.json()).toMatchObject({
      errors: [{ field: 'changes.0.id', message: 'Another user has this e-mail now' }],
    });
    expect(await auditEntriesOf(ctx, { entityId: chosen.id })).toEqual([]);
  },
);

test('an Edit details save is one statement, and its e-mail check too', async () => {
  const customer = await createCustomer(ctx);
  const other = await createCustomer(ctx);
  const version = `"${customer.updatedAt.getTime()}"`;
  const answers: number[] = [];
  const sent = await statementsSent(ctx, async () => {
    const details = { fullName: 'Isla Grant', phone: null };
    for (const email of [other.email, `isla-${Date.now()}@example.com`])
      answers.push(
        (await send('PUT', `/api/users/${customer.id}/details`, { ...details, email }, version))
          .statusCode,
      );
  });
  expect(answers).toEqual([409, 200]);
  expect(sent).toHaveLength(2);
});

test('two customers given one e-mail at once: one save wins, the other is a 409 naming the field', async () => {
  const email = `race-${Date.now()}@example.com`;
  const pair = [await createCustomer(ctx), await createCustomer(ctx)];
  const answers = await Promise.all(
    pair.map(({ id }) =>
      send('PUT', `/api/users/${id}/details`, { fullName: 'Same Mail', email, phone: null }),
    ),
  );
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
    errors: [{ field: 'email' }],
  });
});

test("a cask's status and notes save is one statement and the answer's read", async () => {
  const cask = await createCask(ctx);
  const version = `"${cask.updatedAt.getTime()}"`;
  let status = 0;
  const sent = await statementsSent(ctx, async () => {
    status = (
      await send(
        'PUT',
        `/api/casks/${cask.id}/appreciation`,
        { status: 'Ready', notes: 'Sampled' },
        version,
      )
    ).statusCode;
  });
  expect(status).toBe(200);
  expect(sent.length).toBeLessThanOrEqual(2);
  const [entry] = await auditEntriesOf(ctx, { action: 'cask.updated', entityId: cask.id });
  expect(entry).toMatchObject({ after: { status: 'Ready', notes: 'Sampled' } });
});

const orderSave = (notes: string) => ({
  status: 'Active',
  caskProgress: 'Maturing',
  manualPaymentStatus: 'paid',
  notes,
});

test("an order's save with a new note is one statement and the answer's read", async () => {
  const order = await createOrder(ctx, { notes: ['Called the customer'] });
  let answer: { statusCode: number; json(): unknown } | undefined;
  const sent = await statementsSent(ctx, async () => {
    answer = await send(
      'PUT',
      `/api/purchases/${order.id}/status`,
      orderSave('Paid by wire'),
      `"${order.updatedAt.getTime()}"`,
    );
  });
  expect(answer?.statusCode).toBe(200);
  expect(sent.length).toBeLessThanOrEqual(2);
  const [entry] = await auditEntriesOf(ctx, { action: 'order.updated', entityId: order.id });
  expect(entry).toMatchObject({
    before: { status: 'Pending', notes: 'Called the customer' },
    after: { status: 'Active', notes: 'Paid by wire' },
  });
});

test.skipIf(!onServer)(
  "two admins saving one order's notes at once both append, the second after the first",
  async () => {
    const order = await createOrder(ctx, { notes: ['First call'] });
    const answers = await whileRowLocked(
      ctx,
      sql`select 1 from ${orders} where id = ${order.id} for update`,
      ['Second call', 'Third call'].map(
        (notes) => () => send('PUT', `/api/purchases/${order.id}/status`, orderSave(notes)),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const entries = await auditEntriesOf(ctx, { action: 'order.updated', entityId: order.id });
    // Each save compared its notes with the last note when it held the lock: the first found
    // the first note, the second the note the first appended.
    const notes = entries.map((entry) => [
      (entry.before as { notes: string }).notes,
      (entry.after as { notes: string }).notes,
    ]);
    expect(notes).toHaveLength(2);
    expect(notes[0]![0]).toBe('First call');
    expect(notes[1]![0]).toBe(notes[0]![1]);
    const rows = await queryRows<{ content: string }>(
      ctx,
      sql`select content from order_notes where order_id = ${order.id} order by created_at, id`,
    );
    expect(rows.map((row) => row.content)).toEqual(['First call', notes[0]![1], notes[1]![1]]);
  },
);

test("a bulk 'Mark as read' and its undo are one statement each", async () => {
  const chosen = await Promise.all(Array.from({ length: 5 }, () => createNotification(ctx)));
  const read = chosen.map(({ id }) => ({ id, isRead: true }));
  let bulkId = '';
  const marked = await statementsSent(ctx, async () => {
    const answer = await send('POST', '/api/notifications/bulk/read', { changes: read });
    expect(answer.statusCode, answer.body).toBe(200);
    bulkId = (answer.json() as { data: { bulkId: string } }).data.bulkId;
  });
  const undone = await statementsSent(ctx, async () => {
    const answer = await send('POST', '/api/notifications/bulk/read', {
      bulkId,
      changes: read.map(({ id }) => ({ id, isRead: false })),
    });
    expect(answer.statusCode, answer.body).toBe(200);
  });
  expect([marked.length, undone.length]).toEqual([1, 1]);
  const entries = await auditEntriesOf(ctx, { entityId: chosen.map(({ id }) => id) });
  expect(entries.map((entry) => entry.action).sort()).toEqual([
    ...Array<string>(5).fill('notification.read'),
    ...Array<string>(5).fill('notification.unread'),
  ]);
});

test("a referral's status save moves the points in one statement and the answer's read", async () => {
  const referral = await createReferral(ctx, { pointsAwarded: 120 });
  let status = 0;
  const sent = await statementsSent(ctx, async () => {
    status = (
      await send(
        'PUT',
        `/api/referrals/${referral.id}/status`,
        { status: 'completed' },
        `"${referral.updatedAt.getTime()}"`,
      )
    ).statusCode;
  });
  expect(status).toBe(200);
  expect(sent.length).toBeLessThanOrEqual(2);
  expect(await pointsBalanceOf(ctx, referral.referrerId)).toBe(120);
});

test.skipIf(!onServer)(
  'a referral completed and set back at once: the referrer holds its points only if it ends completed',
  async () => {
    const referral = await createReferral(ctx, { pointsAwarded: 75 });
    const answers = await whileRowLocked(
      ctx,
      sql`select 1 from ${referrals} where id = ${referral.id} for update`,
      ['completed', 'pending'].map(
        (status) => () => send('PUT', `/api/referrals/${referral.id}/status`, { status }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [row] = await queryRows<{ status: string }>(
      ctx,
      sql`select status from ${referrals} where id = ${referral.id}`,
    );
    // The second (setting back) compared with what the first left, the ledger's credit included.
    expect(row?.status).toBe('pending');
    expect(await pointsBalanceOf(ctx, referral.referrerId)).toBe(0);
  },
);

test("a bulk status change of referrals is three round trips; one referrer's rows are checked one after another", async () => {
  const referrer = await createCustomer(ctx);
  const first = await createReferral(ctx, { referrerId: referrer.id, pointsAwarded: 60 });
  const second = await createReferral(ctx, { referrerId: referrer.id, pointsAwarded: 40 });
  const already = await createReferral(ctx, {
    referrerId: referrer.id,
    status: 'completed',
    completedDate: new Date('2026-01-02T03:04:05.000Z'),
  });
  let status = 0;
  const sent = await statementsSent(ctx, async () => {
    status = (
      await send('POST', '/api/referrals/bulk/status', {
        changes: [first, second, already].map(({ id }) => ({ id, status: 'completed' })),
      })
    ).statusCode;
  });
  expect(status).toBe(200);
  expect(sent.length).toBeLessThanOrEqual(3);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(100);
  // The one already completed keeps its date and its version.
  const [kept] = await queryRows<{ completed: string; updated: string }>(
    ctx,
    sql`select completed_date::text as completed,
      floor(extract(epoch from updated_at) * 1000)::bigint::text as updated from ${referrals}
      where id = ${already.id}`,
  );
  expect(new Date(kept!.completed).toISOString()).toBe('2026-01-02T03:04:05.000Z');
  expect(kept!.updated).toBe(String(already.updatedAt.getTime()));

  // Spent down to 70: setting both back takes 60, leaving 10, and then 40 is more than is left.
  await send('POST', '/api/referrals/admin/manual-points', {
    userId: referrer.id,
    points: -30,
    description: 'Spent',
  });
  const refused = await send('POST', '/api/referrals/bulk/status', {
    changes: [first, second].map(({ id }) => ({ id, status: 'pending' })),
  });
  expect(refused.statusCode, refused.body).toBe(409);
  expect(refused.json()).toMatchObject({
    errors: [
      {
        field: 'changes.1.id',
        message: expect.stringContaining('has 10 points left, fewer than the 40'),
      },
    ],
  });
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(70);
});
