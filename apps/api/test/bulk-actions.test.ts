import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
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
import { casks } from '../src/db/schema/casks.ts';
import { customers } from '../src/db/schema/customers.ts';
import { notificationReads } from '../src/db/schema/notifications.ts';
import { offers } from '../src/db/schema/offers.ts';
import { orders } from '../src/db/schema/orders.ts';
import { referrals } from '../src/db/schema/referrals.ts';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';
import { useTestContext } from './support/app.ts';
import { bulkChangesOf, counterTotals, postBulk, storedRows, undoOf } from './support/bulk.ts';
import { portfolioMonths } from './support/dashboard.ts';
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

test("Users 'Delete' hides each customer in one action, each audited; its undo brings them back as they were", async () => {
  const chosen = [await createCustomer(ctx), await createCustomer(ctx, { isActive: false })];
  const ids = chosen.map((customer) => customer.id);
  const before = await storedRows(ctx, customers, ids);
  const countersBefore = await counterTotals(ctx);

  const changes = bulkChangesOf<{ deleted: boolean }>(
    await postBulk(
      ctx,
      admin,
      '/api/users/bulk/deleted',
      ids.map((id) => ({ id, deleted: true })),
    ),
  );
  expect(changes.map((change) => change.before)).toEqual([{ deleted: false }, { deleted: false }]);
  const hidden = await storedRows(ctx, customers, ids);
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

  bulkChangesOf(await postBulk(ctx, admin, '/api/users/bulk/deleted', undoOf(changes)));
  expect(await storedRows(ctx, customers, ids)).toEqual(before);
  expect(await counterTotals(ctx)).toEqual(countersBefore);
  const restored = (await auditEntriesOf(ctx, { entity: 'customer', entityId: ids })).filter(
    (row) => row.action === 'user.restored',
  );
  expect(restored).toHaveLength(2);
});

test('a bulk delete naming a deleted, an unknown or a visible-to-restore customer changes none and names each', async () => {
  const kept = await createCustomer(ctx);
  const gone = await createCustomer(ctx, { deletedAt: new Date() });
  const refused = await postBulk(ctx, admin, '/api/users/bulk/deleted', [
    { id: kept.id, deleted: true },
    { id: gone.id, deleted: true },
    { id: randomUUID(), deleted: true },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.1.id', message: BULK_USER_NOT_FOUND },
    { field: 'changes.2.id', message: BULK_USER_NOT_FOUND },
  ]);
  const notDeleted = await postBulk(ctx, admin, '/api/users/bulk/deleted', [
    { id: kept.id, deleted: false },
  ]);
  expect(notDeleted.json().errors).toEqual([
    { field: 'changes.0.id', message: BULK_USER_NOT_DELETED },
  ]);
  expect(await storedRows(ctx, customers, [kept.id])).toEqual([
    expect.objectContaining({ id: kept.id, deletedAt: null }),
  ]);
  expect(
    await auditEntriesOf(ctx, { entity: 'customer', entityId: [kept.id, gone.id] }),
  ).toHaveLength(0);
});

test("undoing a customer's single delete brings them back exactly, unless their e-mail was taken since", async () => {
  const customer = await createCustomer(ctx);
  const before = await storedRows(ctx, customers, [customer.id]);
  const countersBefore = await counterTotals(ctx);
  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/users/${customer.id}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode).toBe(200);
  bulkChangesOf(
    await postBulk(ctx, admin, '/api/users/bulk/deleted', [{ id: customer.id, deleted: false }]),
  );
  expect(await storedRows(ctx, customers, [customer.id])).toEqual(before);
  expect(await counterTotals(ctx)).toEqual(countersBefore);

  // Deleted again, and a new customer has their e-mail: the undo is refused, nothing changes.
  await ctx.app.inject({
    method: 'DELETE',
    url: `/api/users/${customer.id}`,
    headers: admin.headers,
  });
  await createCustomer(ctx, { email: customer.email.toUpperCase() });
  const refused = await postBulk(ctx, admin, '/api/users/bulk/deleted', [
    { id: customer.id, deleted: false },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.0.id', message: 'Another user has this e-mail now' },
  ]);
});

test("undoing an order's single delete brings it back exactly, with the counters", async () => {
  const order = await createOrder(ctx, { status: 'Active' });
  const before = await storedRows(ctx, orders, [order.id]);
  const countersBefore = await counterTotals(ctx);
  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/purchases/${order.id}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode).toBe(200);
  expect(await counterTotals(ctx)).not.toEqual(countersBefore);

  bulkChangesOf(
    await postBulk(ctx, admin, '/api/purchases/bulk/deleted', [{ id: order.id, deleted: false }]),
  );
  expect(await storedRows(ctx, orders, [order.id])).toEqual(before);
  expect(await counterTotals(ctx)).toEqual(countersBefore);
  expect(
    (await auditEntriesOf(ctx, { entity: 'purchase', entityId: [order.id] }))
      .map((row) => row.action)
      .sort(),
  ).toEqual(['order.deleted', 'order.restored']);
  const again = await postBulk(ctx, admin, '/api/purchases/bulk/deleted', [
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
  const before = await storedRows(ctx, offers, ids);
  const countersBefore = await counterTotals(ctx);
  const retired = await createOffer(ctx, { retiredAt: new Date(), isActive: false });

  const refused = await postBulk(ctx, admin, '/api/offers/bulk/active', [
    ...ids.map((id) => ({ id, isActive: false })),
    { id: retired.id, isActive: false },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([{ field: 'changes.2.id', message: BULK_OFFER_NOT_FOUND }]);
  expect(await storedRows(ctx, offers, ids)).toEqual(before);

  const changes = bulkChangesOf<{ isActive: boolean }>(
    await postBulk(
      ctx,
      admin,
      '/api/offers/bulk/active',
      ids.map((id) => ({ id, isActive: false })),
    ),
  );
  expect(changes.map((change) => change.before.isActive)).toEqual([true, false]);
  expect(
    (await auditEntriesOf(ctx, { entity: 'offer', entityId: ids })).map((row) => row.action),
  ).toEqual(['offer.updated', 'offer.updated']);
  bulkChangesOf(await postBulk(ctx, admin, '/api/offers/bulk/active', undoOf(changes)));
  expect(await storedRows(ctx, offers, ids)).toEqual(before);
  expect(await counterTotals(ctx)).toEqual(countersBefore);
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

  const refused = await postBulk(ctx, admin, '/api/notifications/bulk/read', [
    { id: unread[0]!.id, isRead: true },
    { id: randomUUID(), isRead: true },
  ]);
  expect(refused.json().errors).toEqual([
    { field: 'changes.1.id', message: BULK_NOTIFICATION_NOT_FOUND },
  ]);
  expect(await readsOf(admin.id)).toEqual(before);

  const changes = bulkChangesOf<{ isRead: boolean }>(
    await postBulk(
      ctx,
      admin,
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

  bulkChangesOf(await postBulk(ctx, admin, '/api/notifications/bulk/read', undoOf(changes)));
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
  const before = await storedRows(ctx, referrals, ids);
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
  const refused = await postBulk(ctx, admin, '/api/referrals/bulk/status', [
    { id: pending.id, status: 'pending' },
    { id: completed.id, status: 'pending' },
    { id: spent.id, status: 'pending' },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.2.id', message: expect.stringContaining('cannot go back to pending') },
  ]);
  expect(await storedRows(ctx, referrals, ids)).toEqual(before);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(balance);

  const changes = bulkChangesOf<{ status: string; completedDate: string | null }>(
    await postBulk(ctx, admin, '/api/referrals/bulk/status', [
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

  bulkChangesOf(await postBulk(ctx, admin, '/api/referrals/bulk/status', undoOf(changes)));
  expect(await storedRows(ctx, referrals, ids)).toEqual(before);
  expect(await pointsBalanceOf(ctx, referrer.id)).toBe(balance);
});

test("undoing a cask's single delete brings it back exactly, with the counters and the portfolio", async () => {
  // Decision 273: the cask is hidden (deleted_at), never erased, so the undo restores it.
  const owner = await createCustomer(ctx);
  const cask = await createCask(ctx, {
    ownerId: owner.id,
    status: 'Ready',
    currentValue: '4321.09',
  });
  const before = await storedRows(ctx, casks, [cask.id]);
  const countersBefore = await counterTotals(ctx);
  const portfolioBefore = await portfolioMonths(ctx);

  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/casks/${cask.id}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect(await counterTotals(ctx)).not.toEqual(countersBefore);
  expect(await portfolioMonths(ctx)).not.toEqual(portfolioBefore);
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

  const changes = bulkChangesOf<{ deleted: boolean }>(
    await postBulk(ctx, admin, '/api/casks/bulk/deleted', [{ id: cask.id, deleted: false }]),
  );
  expect(changes).toEqual([{ id: cask.id, before: { deleted: true }, after: { deleted: false } }]);
  expect(await storedRows(ctx, casks, [cask.id])).toEqual(before);
  expect(await counterTotals(ctx)).toEqual(countersBefore);
  expect(await portfolioMonths(ctx)).toEqual(portfolioBefore);
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
  const refused = await postBulk(ctx, admin, '/api/casks/bulk/deleted', [
    { id: cask.id, deleted: false },
    { id: randomUUID(), deleted: false },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.0.id', message: BULK_CASK_NOT_DELETED },
    { field: 'changes.1.id', message: BULK_CASK_NOT_FOUND },
  ]);
  expect(await storedRows(ctx, casks, [cask.id])).toEqual(before);
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
  const before = await storedRows(ctx, casks, [cask.id]);
  const refused = await postBulk(ctx, admin, '/api/casks/bulk/deleted', [
    { id: cask.id, deleted: false },
  ]);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual([
    { field: 'changes.0.id', message: CASK_IDENTITY_TAKEN_SINCE },
  ]);
  expect(await storedRows(ctx, casks, [cask.id])).toEqual(before);

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
  const both = await postBulk(
    ctx,
    admin,
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
  const before = await storedRows(ctx, casks, ids);
  const gone = await createCask(ctx, { deletedAt: new Date() });
  const countersBefore = await counterTotals(ctx);
  const refused = await postBulk(ctx, admin, '/api/casks/bulk/deleted', [
    ...ids.map((id) => ({ id, deleted: true })),
    { id: gone.id, deleted: true },
  ]);
  expect(refused.json().errors).toEqual([{ field: 'changes.2.id', message: BULK_CASK_NOT_FOUND }]);
  expect(await storedRows(ctx, casks, ids)).toEqual(before);

  const changes = bulkChangesOf<{ deleted: boolean }>(
    await postBulk(
      ctx,
      admin,
      '/api/casks/bulk/deleted',
      ids.map((id) => ({ id, deleted: true })),
    ),
  );
  expect((await storedRows(ctx, casks, ids)).every((row) => row.deletedAt !== null)).toBe(true);
  bulkChangesOf(await postBulk(ctx, admin, '/api/casks/bulk/deleted', undoOf(changes)));
  expect(await storedRows(ctx, casks, ids)).toEqual(before);
  expect(await counterTotals(ctx)).toEqual(countersBefore);
});

test("undoing an offer's delete brings it back exactly, its Active flag included, with the counters", async () => {
  // Decision 273: every offer delete retires it, orders or not, and keeps it as it was.
  const inactive = await createOffer(ctx, { isActive: false, type: 'bottle' });
  const active = await createOffer(ctx, { isActive: true });
  await createOrder(ctx, { offerId: active.id });
  const ids = [inactive.id, active.id];
  const before = await storedRows(ctx, offers, ids);
  const countersBefore = await counterTotals(ctx);
  for (const id of ids) {
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/offers/${id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  }
  expect(await counterTotals(ctx)).not.toEqual(countersBefore);

  bulkChangesOf(
    await postBulk(
      ctx,
      admin,
      '/api/offers/bulk/deleted',
      ids.map((id) => ({ id, deleted: false })),
    ),
  );
  expect(await storedRows(ctx, offers, ids)).toEqual(before);
  expect(await counterTotals(ctx)).toEqual(countersBefore);
  const shown = await ctx.app.inject({
    method: 'GET',
    url: `/api/offers/${active.id}`,
    headers: admin.headers,
  });
  expect(shown.json().data.offer.isActive).toBe(true);
  expect(
    (await auditEntriesOf(ctx, { entity: 'offer', entityId: ids })).map((row) => row.action).sort(),
  ).toEqual(['offer.deleted', 'offer.deleted', 'offer.restored', 'offer.restored']);

  const refused = await postBulk(ctx, admin, '/api/offers/bulk/deleted', [
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
  expect((await storedRows(ctx, casks, [cask.id]))[0]?.deletedAt).toBeInstanceOf(Date);
  expect((await storedRows(ctx, offers, [offer.id]))[0]?.retiredAt).toBeInstanceOf(Date);
});
