import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { BULK_MAX } from '@cask/contracts/common';
import {
  BULK_ORDER_NOT_FOUND,
  type OrderListResponse,
  type OrderStatusChangesResponse,
} from '@cask/contracts/orders';
import { beforeAll, expect, test } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { getData } from '../../../test/support/requests.ts';
import { postBulk } from '../../../test/support/bulk.ts';
import { createOrder, auditEntriesOf } from '../../../test/support/factories.ts';

// Issue 31: the Order List's bulk 'Set status' (POST /purchases/bulk/status): one transaction,
// each row audited, all or nothing; and its undo, the answer's `before` values sent back.
const ctx = useTestContext();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

const STATUSES = ['Pending', 'Active', 'Pending', 'Reject', 'Delivered'] as const;
const STATUS_URL = '/api/purchases/bulk/status';

async function tenOrders() {
  const orders = [];
  for (let i = 0; i < 10; i++) {
    orders.push(await createOrder(ctx, { status: STATUSES[i % STATUSES.length] }));
  }
  return orders;
}

async function stored(ids: string[]) {
  const rows = await ctx.database.db
    .select({ id: orders.id, status: orders.status, deletedAt: orders.deletedAt })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}

test('sets the status of ten orders in one action, each audited; its undo puts every one back', async () => {
  const orderStats = async () =>
    (await getData<OrderListResponse>(ctx, admin, '/api/purchases', { limit: 1 })).stats;
  const orders = await tenOrders();
  const ids = orders.map((order) => order.id);
  const before = await stored(ids);
  const statsBefore = await orderStats();

  const res = await postBulk(
    ctx,
    admin,
    STATUS_URL,
    ids.map((id) => ({ id, status: 'Delivered' })),
  );
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as OrderStatusChangesResponse;
  expect(answer.data.changes).toEqual(
    orders.map((order) => ({
      id: order.id,
      before: { status: order.status },
      after: { status: 'Delivered' },
    })),
  );
  expect([...(await stored(ids)).values()]).toEqual(ids.map(() => 'Delivered'));
  const audit = await auditEntriesOf(ctx, { entity: 'purchase', entityId: ids });
  expect(audit).toHaveLength(10);
  expect(audit.map((row) => [row.entityId, row.action, row.before, row.after])).toEqual(
    expect.arrayContaining(
      orders.map((order) => [
        order.id,
        'order.updated',
        { status: order.status },
        { status: 'Delivered' },
      ]),
    ),
  );
  expect(audit.every((row) => row.adminId === admin.id)).toBe(true);
  // The status cards follow in the same transaction (the counters' triggers).
  const delivered = (stats: typeof statsBefore) =>
    stats.byStatus.find((entry) => entry._id === 'Delivered')?.count ?? 0;
  expect(delivered(await orderStats())).toBe(delivered(statsBefore) + 8);

  // Undo: the `before` values sent back.
  const undo = await postBulk(
    ctx,
    admin,
    STATUS_URL,
    answer.data.changes.map(({ id, before: was }) => ({ id, ...was })),
  );
  expect(undo.statusCode, undo.body).toBe(200);
  expect(await stored(ids)).toEqual(before);
  expect(await orderStats()).toEqual(statsBefore);
  expect(await auditEntriesOf(ctx, { entity: 'purchase', entityId: ids })).toHaveLength(20);
});

test('when one order cannot be changed, none is, and the answer names each that failed', async () => {
  const orders = await tenOrders();
  const gone = await createOrder(ctx, { deletedAt: new Date() });
  const unknown = randomUUID();
  const ids = orders.map((order) => order.id);
  const before = await stored(ids);
  const changes = [
    ...ids.slice(0, 3).map((id) => ({ id, status: 'Active' })),
    { id: gone.id, status: 'Active' },
    ...ids.slice(3).map((id) => ({ id, status: 'Active' })),
    { id: unknown, status: 'Active' },
  ];

  const res = await postBulk(ctx, admin, STATUS_URL, changes);
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({
    success: false,
    message: 'Nothing was changed: 2 of the 12 rows could not be changed',
    errors: [
      { field: 'changes.3.id', message: BULK_ORDER_NOT_FOUND },
      { field: 'changes.11.id', message: BULK_ORDER_NOT_FOUND },
    ],
  });
  expect(await stored(ids)).toEqual(before);
  expect(
    await auditEntriesOf(ctx, { entity: 'purchase', entityId: [...ids, gone.id, unknown] }),
  ).toHaveLength(0);
});

test('a body that names no order, one twice, too many, or a status that does not exist is refused', async () => {
  const [order] = await tenOrders();
  const id = order!.id;
  const tooMany = Array.from({ length: BULK_MAX + 1 }, () => ({
    id: randomUUID(),
    status: 'Active',
  }));
  for (const [changes, message] of [
    [[], 'Choose at least one row'],
    [
      [
        { id, status: 'Active' },
        { id, status: 'Reject' },
      ],
      'Each row may be named once',
    ],
    [tooMany, `At most ${BULK_MAX} rows can be changed at once`],
    [[{ id, status: 'Lost' }], 'Status'],
    [[{ id: 'not-a-uuid', status: 'Active' }], 'id'],
  ] as const) {
    const res = await postBulk(ctx, admin, STATUS_URL, changes);
    expect(res.statusCode, JSON.stringify(changes).slice(0, 80)).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.body).toContain(message);
  }
  expect((await stored([id])).get(id)).toBe(order!.status);
  expect(await auditEntriesOf(ctx, { entity: 'purchase', entityId: [id] })).toHaveLength(0);
});

test('signed out, nothing is changed', async () => {
  const [order] = await tenOrders();
  const res = await postBulk(ctx, { headers: {} }, STATUS_URL, [
    { id: order!.id, status: 'Reject' },
  ]);
  expect(res.statusCode).toBe(401);
  expect((await stored([order!.id])).get(order!.id)).toBe(order!.status);
});
