import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BULK_CASK_NOT_DELETED,
  BULK_CASK_NOT_FOUND,
  CASK_IDENTITY_TAKEN_SINCE,
} from '@cask/contracts/casks';
import { BULK_NOTIFICATION_NOT_FOUND } from '@cask/contracts/notifications';
import { BULK_OFFER_NOT_DELETED, BULK_OFFER_NOT_FOUND } from '@cask/contracts/offers';
import { BULK_ORDER_NOT_DELETED } from '@cask/contracts/orders';
import { BULK_USER_NOT_DELETED, BULK_USER_NOT_FOUND } from '@cask/contracts/users';
import { beforeAll, expect, test } from 'vitest';
import { rowsOf as resultRows } from '../src/db/client.ts';
import { casks } from '../src/db/schema/casks.ts';
import { counters } from '../src/db/schema/counters.ts';
import { customers } from '../src/db/schema/customers.ts';
import { notificationReads } from '../src/db/schema/notifications.ts';
import { offers } from '../src/db/schema/offers.ts';
import { orders } from '../src/db/schema/orders.ts';
import { referrals } from '../src/db/schema/referrals.ts';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';
import { useTestContext } from './support/app.ts';
import {
  createCask,
  createCustomer,
  createNotification,
  createOffer,
  createPointTransaction,
  createOrder,
  createReferral,
  pointsBalanceOf,
  auditEntriesOf,
  uniqueMarker,
} from './support/factories.ts';

// Issue 31 (decisions 241, 242): the bulk actions besides 'Set status' on orders and 'Set Active'
// on users, and the undo of single deletes. Each is one transaction, audits each row, changes
// none when one fails (naming it), and its undo (the answer's `before` sent back) leaves the rows
// and the counters as they were.
const ctx = useTestContext();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

function postChanges(url: string, changes: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: { changes } as object,
    headers: admin.headers,
  });
}

interface Change<Value> {
  id: string;
  before: Value;
  after: Value;
}
function changesOf<Value>(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { changes: Change<Value>[] } }).data.changes;
}
const undoOf = <Value extends object>(changes: Change<Value>[]) =>
  changes.map(({ id, before }) => ({ id, ...before }));

/** Every column but updated_at (which any save moves, decision 241). */
async function rowsOf<
  Table extends typeof customers | typeof orders | typeof offers | typeof referrals | typeof casks,
>(table: Table, ids: string[]) {
  const rows = (await ctx.database.db
    .select()
    .from(table as typeof customers)
    .where(inArray((table as typeof customers).id, ids))) as {
    id: string;
    updatedAt?: Date;
    [column: string]: unknown;
  }[];
  return rows.map(({ updatedAt: _moved, ...row }) => row).sort((a, b) => a.id.localeCompare(b.id));
}

const counterValues = async () =>
  Object.fromEntries(
    (await ctx.database.db.select().from(counters))
      // Totals only: the audit's own count and the search caches' versions move with any change.
      .filter((row) => !row.name.startsWith('audit_log.') && !row.name.endsWith('_version'))
      .map((row) => [row.name, row.value]),
  );

test("Users 'Delete' hides each customer in one action, each audited; its undo brings them back as they were", async () => {
  const chosen = [await createCustomer(ctx), await createCustomer(ctx, { isActive: false })];
  const ids = chosen.map((customer) => customer.id);
  const before = await rowsOf(customers, ids);
  const countersBefore = await counterValues();

  const changes = changesOf<{ deleted: boolean }>(
    await postChanges(
      '/api/users/bulk/deleted',
      ids.map((id) => ({ id, deleted: true })),
    ),
  );
  expect(changes.map((change) => change.before)).toEqual([{ deleted: false }, { deleted: false }]);
  const hidden = await rowsOf(customers, ids);
  expect(hidden.every((row) => row.deletedAt !== null)).toBe(true);
  expect(
    (await auditEntriesOf(ctx, { entity: 'customer', entityId: ids })).map((row) => row.action),
  ).toEqual(['user.deleted', 'user.deleted']);
  const gone = await ctx.app.inject({
    method: 'GET',
    url: `/api/users/${ids[0]}`,
    headers: admin.headers,
  });
  expect(gone.statusCode).toBe(404);

  changesOf(await postChanges('/api/users/bulk/deleted', undoOf(changes)));
  expect(await rowsOf(customers, ids)).toEqual(before);
  expect(await counterValues()).toEqual(countersBefore);
  const restored = (await auditEntriesOf(ctx, { entity: 'customer', entityId: ids })).filter(
    (row) => row.action === 'user.restored',
  );
  expect(restored).toHaveLength(2);
});

test('a bulk delete naming a deleted, an unknown or a visible-to-restore customer changes none and names each', async () => {
  const kept = await createCustomer(ctx);
  const gone = await createCustomer(ctx, { deletedAt: new Date() });
  const refused = await postChanges('/api/users/bulk/deleted', [
    { id: kept.id, deleted: true },
    { id: gone.id, deleted: true },
    { id: randomUUID(), deleted: true },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.1.id', message: BULK_USER_NOT_FOUND },
    { field: 'changes.2.id', message: BULK_USER_NOT_FOUND },
  ]);
  const notDeleted = await postChanges('/api/users/bulk/deleted', [
    { id: kept.id, deleted: false },
  ]);
  expect(notDeleted.json().errors).toEqual([
    { field: 'changes.0.id', message: BULK_USER_NOT_DELETED },
  ]);
  expect(await rowsOf(customers, [kept.id])).toEqual([
    expect.objectContaining({ id: kept.id, deletedAt: null }),
  ]);
  expect(
    await auditEntriesOf(ctx, { entity: 'customer', entityId: [kept.id, gone.id] }),
  ).toHaveLength(0);
});

test("undoing a customer's single delete brings them back exactly, unless their e-mail was taken since", async () => {
  const customer = await createCustomer(ctx);
  const before = await rowsOf(customers, [customer.id]);
  const countersBefore = await counterValues();
  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/users/${customer.id}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode).toBe(200);
  changesOf(await postChanges('/api/users/bulk/deleted', [{ id: customer.id, deleted: false }]));
  expect(await rowsOf(customers, [customer.id])).toEqual(before);
  expect(await counterValues()).toEqual(countersBefore);

  // Deleted again, and a new customer has their e-mail: the undo is refused, nothing changes.
  await ctx.app.inject({
    method: 'DELETE',
    url: `/api/users/${customer.id}`,
    headers: admin.headers,
  });
  await createCustomer(ctx, { email: customer.email.toUpperCase() });
  const refused = await postChanges('/api/users/bulk/deleted', [
    { id: customer.id, deleted: false },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.0.id', message: 'Another user has this e-mail now' },
  ]);
});

test("undoing an order's single delete brings it back exactly, with the counters", async () => {
  const order = await createOrder(ctx, { status: 'Active' });
  const before = await rowsOf(orders, [order.id]);
  const countersBefore = await counterValues();
  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/purchases/${order.id}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode).toBe(200);
  expect(await counterValues()).not.toEqual(countersBefore);

  changesOf(await postChanges('/api/purchases/bulk/deleted', [{ id: order.id, deleted: false }]));
  expect(await rowsOf(orders, [order.id])).toEqual(before);
  expect(await counterValues()).toEqual(countersBefore);
  expect(
    (await auditEntriesOf(ctx, { entity: 'purchase', entityId: [order.id] }))
      .map((row) => row.action)
      .sort(),
  ).toEqual(['order.deleted', 'order.restored']);
  const again = await postChanges('/api/purchases/bulk/deleted', [
    { id: order.id, deleted: false },
  ]);
  expect(again.json().errors).toEqual([{ field: 'changes.0.id', message: BULK_ORDER_NOT_DELETED }]);
});

test("Offers 'Activate' / 'Deactivate': all or none, each audited; the undo restores each one", async () => {
  const chosen = [
    await createOffer(ctx, { isActive: true }),
    await createOffer(ctx, { isActive: false }),
  ];
  const ids = chosen.map((offer) => offer.id);
  const before = await rowsOf(offers, ids);
  const countersBefore = await counterValues();
  const retired = await createOffer(ctx, { retiredAt: new Date(), isActive: false });

  const refused = await postChanges('/api/offers/bulk/active', [
    ...ids.map((id) => ({ id, isActive: false })),
    { id: retired.id, isActive: false },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([{ field: 'changes.2.id', message: BULK_OFFER_NOT_FOUND }]);
  expect(await rowsOf(offers, ids)).toEqual(before);

  const changes = changesOf<{ isActive: boolean }>(
    await postChanges(
      '/api/offers/bulk/active',
      ids.map((id) => ({ id, isActive: false })),
    ),
  );
  expect(changes.map((change) => change.before.isActive)).toEqual([true, false]);
  expect(
    (await auditEntriesOf(ctx, { entity: 'offer', entityId: ids })).map((row) => row.action),
  ).toEqual(['offer.updated', 'offer.updated']);
  changesOf(await postChanges('/api/offers/bulk/active', undoOf(changes)));
  expect(await rowsOf(offers, ids)).toEqual(before);
  expect(await counterValues()).toEqual(countersBefore);
});

test("Notifications 'Mark as read' marks them for this admin only; its undo takes back just those reads", async () => {
  const other = await createAdmin(ctx);
  const read = await createNotification(ctx);
  const unread = [await createNotification(ctx), await createNotification(ctx)];
  await ctx.app.inject({
    method: 'PUT',
    url: `/api/notifications/${read.id}/read`,
    headers: admin.headers,
  });
  const ids = [read.id, ...unread.map((n) => n.id)];
  const readsOf = async (adminId: string) =>
    (
      await ctx.database.db
        .select()
        .from(notificationReads)
        .where(
          and(
            eq(notificationReads.adminId, adminId),
            inArray(notificationReads.notificationId, ids),
          ),
        )
    ).sort((a, b) => a.notificationId.localeCompare(b.notificationId));
  const before = await readsOf(admin.id);
  expect(before).toHaveLength(1);

  const refused = await postChanges('/api/notifications/bulk/read', [
    { id: unread[0]!.id, isRead: true },
    { id: randomUUID(), isRead: true },
  ]);
  expect(refused.json().errors).toEqual([
    { field: 'changes.1.id', message: BULK_NOTIFICATION_NOT_FOUND },
  ]);
  expect(await readsOf(admin.id)).toEqual(before);

  const changes = changesOf<{ isRead: boolean }>(
    await postChanges(
      '/api/notifications/bulk/read',
      ids.map((id) => ({ id, isRead: true })),
    ),
  );
  expect(changes.map((change) => change.before.isRead)).toEqual([true, false, false]);
  expect(await readsOf(admin.id)).toHaveLength(3);
  expect(await readsOf(other.id)).toHaveLength(0);
  expect(
    (await auditEntriesOf(ctx, { entity: 'notification', entityId: ids })).filter(
      (row) => row.adminId === admin.id,
    ),
  ).toHaveLength(1 + 3);

  changesOf(await postChanges('/api/notifications/bulk/read', undoOf(changes)));
  // The read made before the bulk action is kept, with its time.
  expect(await readsOf(admin.id)).toEqual(before);
});

test("Referrals 'Set status' moves each referral's points; a referrer who cannot give points back stops them all; the undo restores status, date and balance", async () => {
  const referrer = await createCustomer(ctx);
  const pending = await createReferral(ctx, { referrerId: referrer.id, pointsAwarded: 100 });
  const completed = await createReferral(ctx, {
    referrerId: referrer.id,
    pointsAwarded: 50,
    status: 'completed',
    completedDate: new Date('2026-01-02T03:04:05.000Z'),
  });
  await createPointTransaction(ctx, {
    customerId: referrer.id,
    points: 50,
    referralId: completed.id,
  });
  const ids = [pending.id, completed.id];
  const before = await rowsOf(referrals, ids);
  const balance = await pointsBalanceOf(ctx, referrer.id);

  // A second referrer has spent the points their completed referral gave: it cannot go back.
  const spender = await createCustomer(ctx);
  const spent = await createReferral(ctx, {
    referrerId: spender.id,
    pointsAwarded: 40,
    status: 'completed',
    completedDate: new Date(),
  });
  await createPointTransaction(ctx, { customerId: spender.id, points: 40, referralId: spent.id });
  await createPointTransaction(ctx, {
    customerId: spender.id,
    points: -40,
    type: 'manual_adjustment',
  });
  const refused = await postChanges('/api/referrals/bulk/status', [
    { id: pending.id, status: 'pending' },
    { id: completed.id, status: 'pending' },
    { id: spent.id, status: 'pending' },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.2.id', message: expect.stringContaining('cannot go back to pending') },
  ]);
  expect(await rowsOf(referrals, ids)).toEqual(before);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(balance);

  const changes = changesOf<{ status: string; completedDate: string | null }>(
    await postChanges('/api/referrals/bulk/status', [
      { id: pending.id, status: 'completed' },
      { id: completed.id, status: 'pending' },
    ]),
  );
  expect(changes.map((change) => change.before)).toEqual([
    { status: 'pending', completedDate: null },
    { status: 'completed', completedDate: '2026-01-02T03:04:05.000Z' },
  ]);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(balance + 100 - 50);
  expect(
    (await auditEntriesOf(ctx, { entity: 'referral', entityId: ids })).map((row) => row.action),
  ).toEqual(['referral.status_changed', 'referral.status_changed']);

  changesOf(await postChanges('/api/referrals/bulk/status', undoOf(changes)));
  expect(await rowsOf(referrals, ids)).toEqual(before);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(balance);
});

/** The dashboard's portfolio months (decision 233), which the casks' triggers keep. */
const portfolioMonths = async () =>
  resultRows<{ month: string; change: string }>(
    await ctx.database.db.execute(
      sql`select month::text, change::text from portfolio_value_months order by month`,
    ),
  );

test("undoing a cask's single delete brings it back exactly, with the counters and the portfolio", async () => {
  // Decision 273: the cask is hidden (deleted_at), never erased, so the undo restores it.
  const owner = await createCustomer(ctx);
  const cask = await createCask(ctx, {
    ownerId: owner.id,
    status: 'Ready',
    currentValue: '4321.09',
  });
  const before = await rowsOf(casks, [cask.id]);
  const countersBefore = await counterValues();
  const portfolioBefore = await portfolioMonths();

  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/casks/${cask.id}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect(await counterValues()).not.toEqual(countersBefore);
  expect(await portfolioMonths()).not.toEqual(portfolioBefore);
  // The owner's page and User Management's Casks column leave it out meanwhile.
  const section = await ctx.app.inject({
    method: 'GET',
    url: `/api/users/${owner.id}/casks`,
    headers: admin.headers,
  });
  expect(section.json().data.items).toEqual([]);
  const record = await ctx.app.inject({
    method: 'GET',
    url: `/api/users/${owner.id}/record`,
    headers: admin.headers,
  });
  expect(record.json().data.cards).toMatchObject({ casksHeld: 0, portfolioValue: 0 });
  const user = await ctx.app.inject({
    method: 'GET',
    url: `/api/users/${owner.id}`,
    headers: admin.headers,
  });
  expect(user.json().data.user.balance).toBe(0);

  const changes = changesOf<{ deleted: boolean }>(
    await postChanges('/api/casks/bulk/deleted', [{ id: cask.id, deleted: false }]),
  );
  expect(changes).toEqual([{ id: cask.id, before: { deleted: true }, after: { deleted: false } }]);
  expect(await rowsOf(casks, [cask.id])).toEqual(before);
  expect(await counterValues()).toEqual(countersBefore);
  expect(await portfolioMonths()).toEqual(portfolioBefore);
  const shown = await ctx.app.inject({
    method: 'GET',
    url: `/api/casks/${cask.id}`,
    headers: admin.headers,
  });
  expect(shown.statusCode).toBe(200);
  expect(
    (await auditEntriesOf(ctx, { entity: 'cask', entityId: [cask.id] }))
      .map((row) => row.action)
      .sort(),
  ).toEqual(['cask.deleted', 'cask.restored']);
  // Its provenance tells both.
  const provenance = await ctx.app.inject({
    method: 'GET',
    url: `/api/casks/${cask.id}/provenance`,
    headers: admin.headers,
  });
  const kinds = (provenance.json().data.events as { kind: string }[]).map((event) => event.kind);
  expect(kinds).toEqual(expect.arrayContaining(['removed', 'restored']));

  // Restoring a cask that is not deleted, or an unknown one, changes nothing and names each.
  const refused = await postChanges('/api/casks/bulk/deleted', [
    { id: cask.id, deleted: false },
    { id: randomUUID(), deleted: false },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.0.id', message: BULK_CASK_NOT_DELETED },
    { field: 'changes.1.id', message: BULK_CASK_NOT_FOUND },
  ]);
  expect(await rowsOf(casks, [cask.id])).toEqual(before);
});

test("undoing a cask's delete is refused when a cask added since has its number, distillery and fill year", async () => {
  // Decision 400: a deleted cask keeps its number; the identity index covers visible casks only.
  const identity = { caskNumber: uniqueMarker('n'), distillery: 'Ardbeg', year: 2015 };
  const cask = await createCask(ctx, identity);
  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/casks/${cask.id}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode).toBe(200);
  await createCask(ctx, { ...identity, distillery: 'ARDBEG' });
  const before = await rowsOf(casks, [cask.id]);
  const refused = await postChanges('/api/casks/bulk/deleted', [{ id: cask.id, deleted: false }]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.0.id', message: CASK_IDENTITY_TAKEN_SINCE },
  ]);
  expect(await rowsOf(casks, [cask.id])).toEqual(before);

  // Two deleted casks of one identity brought back in one body: the second is refused.
  const twin = { ...identity, caskNumber: uniqueMarker('n') };
  const pair = [await createCask(ctx, twin)];
  await ctx.app.inject({
    method: 'DELETE',
    url: `/api/casks/${pair[0]!.id}`,
    headers: admin.headers,
  });
  pair.push(await createCask(ctx, twin));
  await ctx.app.inject({
    method: 'DELETE',
    url: `/api/casks/${pair[1]!.id}`,
    headers: admin.headers,
  });
  const both = await postChanges(
    '/api/casks/bulk/deleted',
    pair.map((row) => ({ id: row.id, deleted: false })),
  );
  expect(both.statusCode).toBe(409);
  expect(both.json().errors).toEqual([
    { field: 'changes.1.id', message: CASK_IDENTITY_TAKEN_SINCE },
  ]);
});

test("Casks 'deleted: true' hides each as the single delete does; all or none", async () => {
  const chosen = [await createCask(ctx), await createCask(ctx, { status: 'Ready' })];
  const ids = chosen.map((cask) => cask.id);
  const before = await rowsOf(casks, ids);
  const gone = await createCask(ctx, { deletedAt: new Date() });
  const countersBefore = await counterValues();
  const refused = await postChanges('/api/casks/bulk/deleted', [
    ...ids.map((id) => ({ id, deleted: true })),
    { id: gone.id, deleted: true },
  ]);
  expect(refused.json().errors).toEqual([{ field: 'changes.2.id', message: BULK_CASK_NOT_FOUND }]);
  expect(await rowsOf(casks, ids)).toEqual(before);

  const changes = changesOf<{ deleted: boolean }>(
    await postChanges(
      '/api/casks/bulk/deleted',
      ids.map((id) => ({ id, deleted: true })),
    ),
  );
  expect((await rowsOf(casks, ids)).every((row) => row.deletedAt !== null)).toBe(true);
  changesOf(await postChanges('/api/casks/bulk/deleted', undoOf(changes)));
  expect(await rowsOf(casks, ids)).toEqual(before);
  expect(await counterValues()).toEqual(countersBefore);
});

test("undoing an offer's delete brings it back exactly, its Active flag included, with the counters", async () => {
  // Decision 273: every offer delete retires it, orders or not, and keeps it as it was.
  const inactive = await createOffer(ctx, { isActive: false, type: 'bottle' });
  const active = await createOffer(ctx, { isActive: true });
  await createOrder(ctx, { offerId: active.id });
  const ids = [inactive.id, active.id];
  const before = await rowsOf(offers, ids);
  const countersBefore = await counterValues();
  for (const id of ids) {
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/offers/${id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  }
  expect(await counterValues()).not.toEqual(countersBefore);

  changesOf(
    await postChanges(
      '/api/offers/bulk/deleted',
      ids.map((id) => ({ id, deleted: false })),
    ),
  );
  expect(await rowsOf(offers, ids)).toEqual(before);
  expect(await counterValues()).toEqual(countersBefore);
  const shown = await ctx.app.inject({
    method: 'GET',
    url: `/api/offers/${active.id}`,
    headers: admin.headers,
  });
  expect(shown.json().data.offer.isActive).toBe(true);
  expect(
    (await auditEntriesOf(ctx, { entity: 'offer', entityId: ids })).map((row) => row.action).sort(),
  ).toEqual(['offer.deleted', 'offer.deleted', 'offer.restored', 'offer.restored']);

  const refused = await postChanges('/api/offers/bulk/deleted', [
    { id: randomUUID(), deleted: false },
    { id: active.id, deleted: false },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.0.id', message: BULK_OFFER_NOT_FOUND },
    { field: 'changes.1.id', message: BULK_OFFER_NOT_DELETED },
  ]);
});

test('a Viewer can neither delete nor restore casks and offers in bulk', async () => {
  const viewer = await createAdmin(ctx, { role: 'viewer' });
  const cask = await createCask(ctx, { deletedAt: new Date() });
  const offer = await createOffer(ctx, { retiredAt: new Date() });
  for (const [url, id] of [
    ['/api/casks/bulk/deleted', cask.id],
    ['/api/offers/bulk/deleted', offer.id],
  ] as const) {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { changes: [{ id, deleted: false }] },
      headers: viewer.headers,
    });
    expect(res.statusCode, url).toBe(403);
  }
  expect((await rowsOf(casks, [cask.id]))[0]?.deletedAt).toBeInstanceOf(Date);
  expect((await rowsOf(offers, [offer.id]))[0]?.retiredAt).toBeInstanceOf(Date);
});
