import { eq, inArray, sql } from 'drizzle-orm';
import { bulkRefused } from '@cask/contracts/common';
import { BULK_ORDER_NEEDS_APPROVAL } from '@cask/contracts/orders';
import { APPROVAL_REASON_REQUIRED, SENT_FOR_APPROVAL } from '@cask/contracts/approval-request';
import {
  APPROVAL_NOT_PENDING,
  APPROVAL_NOT_YOURS,
  APPROVAL_NOTE_REQUIRED,
  APPROVAL_OUTDATED,
  APPROVAL_OWN_REQUEST,
  APPROVAL_ROLE_REFUSED,
  DEFAULT_APPROVAL_POLICY,
  approvalNeedsSecondApprover,
  type Approval,
  type ApprovalListResponse,
  type ApprovalResponse,
  type ApprovalPolicy,
  type PendingApprovalsResponse,
} from '@cask/contracts/approvals';
import { beforeAll, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { casks } from '../../db/schema/casks.ts';
import { rowsOf } from '../../db/client.ts';
import { expireOverdue } from './approvals.repository.ts';
import { orders } from '../../db/schema/orders.ts';
import { createTestContext, useTestContext } from '../../../test/support/app.ts';
import { whileRowLocked } from '../../../test/support/database.ts';
import {
  auditActions,
  auditEntriesOf,
  createCask,
  createCustomer,
  createOrder,
  pointTransactionsOf,
  pointsBalanceOf,
} from '../../../test/support/factories.ts';
import { bearer, getData } from '../../../test/support/requests.ts';
import { adminApi } from '../../../test/support/api.ts';
import {
  decideApproval,
  makeApprovalOverdue,
  pendingPointsApproval,
} from '../../../test/support/approvals.ts';
import { inviteLinkIn } from '../../../test/support/smtp-sink.ts';
import {
  createAdmin,
  enableTotp,
  provedSecondsAgo,
  signInForTokens,
  type TestAdmin,
} from '../../../test/support/sign-in.ts';

const ctx = useTestContext();
let ownerA: TestAdmin;
let ownerB: TestAdmin;
let maker: TestAdmin;
let viewer: TestAdmin;

const ON: Partial<ApprovalPolicy> = {
  manualPoints: { on: true, above: 1000 },
  transferOwnership: { on: true },
  orderDelivered: { on: true, above: 50_000 },
  valuationChange: { on: true, abovePercent: 25 },
};

beforeAll(async () => {
  ownerA = await createAdmin(ctx, { role: 'owner', fullName: 'Olive Owner' });
  ownerB = await createAdmin(ctx, { role: 'owner', fullName: 'Otto Owner' });
  maker = await createAdmin(ctx, { role: 'admin', fullName: 'Mark Maker' });
  viewer = await createAdmin(ctx, { role: 'viewer', fullName: 'Vera Viewer' });
  const res = await adminApi(ctx, ownerA).put('/api/settings/approvals', {
    ...DEFAULT_APPROVAL_POLICY,
    ...ON,
  });
  expect(res.statusCode, res.body).toBe(200);
});

test('with only one active admin able to approve, an action cannot be turned on (409, saying why)', async () => {
  const lone = await createTestContext();
  try {
    const owner = await createAdmin(lone, { role: 'owner' });
    const res = await lone.app.inject({
      method: 'PUT',
      url: '/api/settings/approvals',
      headers: owner.headers,
      payload: { ...DEFAULT_APPROVAL_POLICY, ...{ transferOwnership: { on: true } } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(approvalNeedsSecondApprover('transferOwnership'));
    const read = await lone.app.inject({
      method: 'GET',
      url: '/api/settings/approvals',
      headers: owner.headers,
    });
    expect(read.json().data.policy).toEqual(DEFAULT_APPROVAL_POLICY);
  } finally {
    await lone.close();
  }
});

test('the policy is the Owner’s: an Admin can neither read nor save it', async () => {
  expect((await adminApi(ctx, maker).get('/api/settings/approvals')).statusCode).toBe(403);
  expect(
    (await adminApi(ctx, maker).put('/api/settings/approvals', { ...DEFAULT_APPROVAL_POLICY }))
      .statusCode,
  ).toBe(403);
  const read = await adminApi(ctx, ownerA).get('/api/settings/approvals');
  expect(read.json().data.policy).toEqual({ ...DEFAULT_APPROVAL_POLICY, ...ON });
});

test('points within the threshold are adjusted at once; beyond it, either sign, they need a reason', async () => {
  const customer = await createCustomer(ctx);
  const small = await adminApi(ctx, maker).post('/api/referrals/admin/manual-points', {
    userId: customer.id,
    points: 1000,
  });
  expect(small.statusCode, small.body).toBe(200);
  expect(await pointsBalanceOf(ctx, customer.id)).toBe(1000);
  for (const points of [1001, -1001]) {
    const res = await adminApi(ctx, maker).post('/api/referrals/admin/manual-points', {
      userId: customer.id,
      points: points,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'reason', message: APPROVAL_REASON_REQUIRED }]);
  }
  expect(await pointTransactionsOf(ctx, { customerId: customer.id })).toHaveLength(1);
});

test('an adjustment beyond the threshold is sent for approval: 202 with the request, nothing written, approvers mailed', async () => {
  const customer = await createCustomer(ctx, { fullName: 'Rowan Request' });
  const res = await adminApi(ctx, maker).post('/api/referrals/admin/manual-points', {
    userId: customer.id,
    points: -1500 + 3000,
    reason: 'Club anniversary gift',
  });
  expect(res.statusCode, res.body).toBe(202);
  const body = res.json<{ success: boolean; message: string; data: { approval: Approval } }>();
  expect(body.success).toBe(true);
  expect(body.message).toBe(SENT_FOR_APPROVAL);
  expect(body.data.approval).toMatchObject({
    action: 'manualPoints',
    status: 'pending',
    recordId: customer.id,
    record: 'Rowan Request',
    summary: '+1500 points',
    before: { referralPoints: 0 },
    after: { referralPoints: 1500, points: 1500 },
    reason: 'Club anniversary gift',
    requestedBy: { id: maker.id, fullName: 'Mark Maker' },
    decidedBy: null,
  });
  const { requestedAt, expiresAt } = body.data.approval;
  expect(Date.parse(expiresAt) - Date.parse(requestedAt)).toBe(7 * 24 * 3600 * 1000);
  expect(await pointTransactionsOf(ctx, { customerId: customer.id })).toHaveLength(0);
  const [requested] = await auditEntriesOf(ctx, {
    action: 'approval.requested',
    entityId: customer.id,
  });
  expect(requested).toMatchObject({ adminId: maker.id, entity: 'customer' });
  expect(requested?.after).toMatchObject({
    approvalId: body.data.approval.id,
    reason: 'Club anniversary gift',
  });
  // The admins who could approve are mailed; the asker and the Viewer are not.
  for (const owner of [ownerA, ownerB]) {
    const mail = await ctx.smtp.waitForMail(owner.email);
    expect(mail.raw).toContain('Rowan Request');
    expect(mail.raw).toContain(body.data.approval.id);
  }
  const mailedTo = ctx.smtp.messages.flatMap((mail) => mail.to);
  expect(mailedTo).not.toContain(maker.email.toLowerCase());
  expect(mailedTo).not.toContain(viewer.email.toLowerCase());
});

test('the badge counts the pending requests an admin could decide, never their own', async () => {
  const before = await getData<PendingApprovalsResponse>(
    ctx,
    ownerA,
    '/api/approvals/pending-count',
  );
  const mine = await getData<PendingApprovalsResponse>(ctx, maker, '/api/approvals/pending-count');
  await pendingPointsApproval(ctx, maker);
  expect(
    await getData<PendingApprovalsResponse>(ctx, ownerA, '/api/approvals/pending-count'),
  ).toEqual({
    pending: before.pending + 1,
  });
  expect(
    await getData<PendingApprovalsResponse>(ctx, maker, '/api/approvals/pending-count'),
  ).toEqual(mine);
  expect(
    await getData<PendingApprovalsResponse>(ctx, viewer, '/api/approvals/pending-count'),
  ).toEqual({
    pending: 0,
  });
});

test('the asker can never approve their own request, nor from a second session; a Viewer cannot approve', async () => {
  const { id, customerId } = await pendingPointsApproval(ctx, maker);
  expect((await decideApproval(ctx, maker, id, 'approve')).json().message).toBe(
    APPROVAL_OWN_REQUEST,
  );
  const second = await signInForTokens(ctx, maker);
  const again = await ctx.app.inject({
    method: 'POST',
    url: `/api/approvals/${id}/approve`,
    headers: bearer(second.accessToken),
  });
  expect(again.statusCode).toBe(403);
  expect(again.json().message).toBe(APPROVAL_OWN_REQUEST);
  expect((await decideApproval(ctx, viewer, id, 'approve')).statusCode).toBe(403);
  expect(await pointTransactionsOf(ctx, { customerId })).toHaveLength(0);
  expect(
    (await getData<ApprovalResponse>(ctx, ownerA, `/api/approvals/${id}`)).approval.status,
  ).toBe('pending');
});

test('approving needs step-up, then runs the action as asked, as the asker’s change approved by the approver', async () => {
  const { id, customerId } = await pendingPointsApproval(ctx, maker, 2500);
  await provedSecondsAgo(ctx, ownerA, 3600);
  const stale = await decideApproval(ctx, ownerA, id, 'approve');
  expect(stale.statusCode).toBe(403);
  expect(stale.json().code).toBe('reauthentication_required');
  await provedSecondsAgo(ctx, ownerA, 0);
  const res = await decideApproval(ctx, ownerA, id, 'approve');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.approval).toMatchObject({
    status: 'approved',
    decidedBy: { id: ownerA.id, fullName: 'Olive Owner' },
  });
  expect(await pointsBalanceOf(ctx, customerId)).toBe(2500);
  const [entry] = await pointTransactionsOf(ctx, { customerId });
  expect(entry).toMatchObject({ points: 2500, adminId: maker.id });
  // The action's own row is the asker's, linked to the request and naming the approver.
  const [adjusted] = await auditEntriesOf(ctx, { action: 'points.adjusted', entityId: customerId });
  expect(adjusted?.adminId).toBe(maker.id);
  expect(adjusted?.after).toMatchObject({
    approvalId: id,
    approvedBy: 'Olive Owner',
    approvedById: ownerA.id,
  });
  const [approved] = await auditEntriesOf(ctx, {
    action: 'approval.approved',
    entityId: customerId,
  });
  expect(approved).toMatchObject({ adminId: ownerA.id, after: { approvalId: id } });
  // Decided once: a second approval is a conflict and runs nothing again.
  const twice = await decideApproval(ctx, ownerB, id, 'approve');
  expect(twice.statusCode).toBe(409);
  expect(twice.json().message).toBe(APPROVAL_NOT_PENDING);
  expect(await pointsBalanceOf(ctx, customerId)).toBe(2500);
});

test('when the record changed meanwhile, approving runs nothing and the request becomes Outdated', async () => {
  const { id, customerId } = await pendingPointsApproval(ctx, maker, 2000);
  expect(
    (
      await adminApi(ctx, ownerB).post('/api/referrals/admin/manual-points', {
        userId: customerId,
        points: 10,
      })
    ).statusCode,
  ).toBe(200);
  const res = await decideApproval(ctx, ownerA, id, 'approve');
  expect(res.statusCode).toBe(409);
  expect(res.json().message).toBe(APPROVAL_OUTDATED);
  expect(await pointsBalanceOf(ctx, customerId)).toBe(10);
  const { approval } = await getData<ApprovalResponse>(ctx, ownerA, `/api/approvals/${id}`);
  expect(approval.status).toBe('outdated');
  expect(
    await auditEntriesOf(ctx, { action: 'approval.outdated', entityId: customerId }),
  ).toHaveLength(1);
});

test('rejecting needs a note, runs nothing and keeps the note', async () => {
  const { id, customerId } = await pendingPointsApproval(ctx, maker);
  const bare = await decideApproval(ctx, ownerB, id, 'reject', {});
  expect(bare.statusCode).toBe(400);
  expect(bare.json().errors[0]).toMatchObject({ field: 'note', message: APPROVAL_NOTE_REQUIRED });
  const res = await decideApproval(ctx, ownerB, id, 'reject', { note: 'Not agreed with finance' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.approval).toMatchObject({
    status: 'rejected',
    note: 'Not agreed with finance',
    decidedBy: { id: ownerB.id },
  });
  expect(await pointTransactionsOf(ctx, { customerId })).toHaveLength(0);
  const [rejected] = await auditEntriesOf(ctx, {
    action: 'approval.rejected',
    entityId: customerId,
  });
  expect(rejected?.after).toMatchObject({ approvalId: id, note: 'Not agreed with finance' });
});

test('only the asker may withdraw a pending request; a withdrawn one cannot be approved', async () => {
  const { id } = await pendingPointsApproval(ctx, maker);
  const other = await decideApproval(ctx, ownerA, id, 'withdraw');
  expect(other.statusCode).toBe(403);
  expect(other.json().message).toBe(APPROVAL_NOT_YOURS);
  const res = await decideApproval(ctx, maker, id, 'withdraw');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.approval.status).toBe('withdrawn');
  expect((await decideApproval(ctx, ownerA, id, 'approve')).statusCode).toBe(409);
});

test('a request not decided within 7 days expires, audited once, and can no longer be approved', async () => {
  const { id, customerId } = await pendingPointsApproval(ctx, maker);
  await makeApprovalOverdue(ctx, id);
  const expired = await getData<ApprovalListResponse>(ctx, ownerA, '/api/approvals', {
    status: 'expired',
  });
  expect(expired.approvals.map((approval) => approval.id)).toContain(id);
  // Read again (list, detail, badge): nothing more is written.
  await getData<ApprovalListResponse>(ctx, maker, '/api/approvals');
  await getData<ApprovalResponse>(ctx, ownerB, `/api/approvals/${id}`);
  await getData<PendingApprovalsResponse>(ctx, ownerA, '/api/approvals/pending-count');
  expect((await decideApproval(ctx, ownerA, id, 'approve')).statusCode).toBe(409);
  expect(await pointTransactionsOf(ctx, { customerId })).toHaveLength(0);
  const entries = await auditEntriesOf(ctx, { action: 'approval.expired', entityId: customerId });
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  const { approval } = await getData<ApprovalResponse>(ctx, ownerA, `/api/approvals/${id}`);
  // The clock decided: no admin; linked to the request as the other approval entries.
  expect(entry).toMatchObject({ adminId: null, entity: 'customer' });
  expect(entry?.after).toEqual({
    approvalId: id,
    action: 'manualPoints',
    expiredAt: approval.expiresAt,
  });
  expect(approval).toMatchObject({ status: 'expired', decidedAt: approval.expiresAt });
});

test('a decision on an overdue request unread since expires it with its one audit entry', async () => {
  const { id, customerId } = await pendingPointsApproval(ctx, maker);
  await makeApprovalOverdue(ctx, id);
  const res = await decideApproval(ctx, ownerB, id, 'reject', { note: 'Too late' });
  expect(res.statusCode).toBe(409);
  expect(res.json().message).toBe(APPROVAL_NOT_PENDING);
  expect((await decideApproval(ctx, maker, id, 'withdraw')).statusCode).toBe(409);
  await getData<ApprovalListResponse>(ctx, ownerA, '/api/approvals');
  expect(await auditActions(ctx, { entityId: customerId, action: 'approval.expired' })).toEqual([
    'approval.expired',
  ]);
});

test('readers at once expire an overdue request once: one audit entry', async () => {
  const { id, customerId } = await pendingPointsApproval(ctx, maker);
  await makeApprovalOverdue(ctx, id);
  const reads = [ownerA, ownerB, maker, viewer].map((admin) =>
    ctx.app.inject({ method: 'GET', url: '/api/approvals', headers: admin.headers }),
  );
  for (const res of await Promise.all(reads)) expect(res.statusCode).toBe(200);
  expect(
    await auditEntriesOf(ctx, { action: 'approval.expired', entityId: customerId }),
  ).toHaveLength(1);
});

test('a read with no overdue request writes nothing: its transaction gets no id of its own', async () => {
  await pendingPointsApproval(ctx, maker);
  const assigned = await ctx.database.db.transaction(async (tx) => {
    expect(await expireOverdue(tx)).toBe(0);
    const result = await tx.execute(sql`select txid_current_if_assigned()::text as id`);
    return rowsOf<{ id: string | null }>(result)[0]?.id;
  });
  // An id means a commit record waited for the disk on every list read (decision 452).
  expect(assigned).toBeNull();
});

test('the list is newest first, paged, and filtered by Status and Action', async () => {
  const first = await pendingPointsApproval(ctx, maker);
  const second = await pendingPointsApproval(ctx, maker);
  const page = await getData<ApprovalListResponse>(ctx, viewer, '/api/approvals', {
    status: 'pending',
    action: 'manualPoints',
    limit: 1,
  });
  expect(page.approvals.map((approval) => approval.id)).toEqual([second.id]);
  expect(page.pagination.limit).toBe(1);
  const all = await getData<ApprovalListResponse>(ctx, viewer, '/api/approvals', {
    status: 'pending',
    action: 'manualPoints',
    limit: 100,
  });
  expect(all.pagination.total).toBe(all.approvals.length);
  expect(all.approvals.every((approval) => approval.status === 'pending')).toBe(true);
  expect(all.approvals.map((approval) => approval.id)).toContain(first.id);
  const none = await getData<ApprovalListResponse>(ctx, viewer, '/api/approvals', {
    action: 'orderDelivered',
  });
  expect(none).toEqual({
    approvals: [],
    pagination: { current: 1, pages: 0, total: 0, limit: 10 },
  });
});

test('Transfer Ownership is sent for approval and, approved, transfers the cask as asked with its History saying who approved', async () => {
  const from = await createCustomer(ctx, { fullName: 'Fiona From' });
  const to = await createCustomer(ctx, { fullName: 'Toby To' });
  const cask = await createCask(ctx, { ownerId: from.id, name: 'Glen Approve 1999' });
  const url = `/api/casks/${cask.id}/transfers`;
  const payload = { toCustomerId: to.id, transferredOn: '2026-01-15', price: '9000' };
  const bare = await adminApi(ctx, maker).post(url, payload);
  expect(bare.statusCode).toBe(400);
  const res = await adminApi(ctx, maker).post(url, {
    ...payload,
    reason: 'Sale agreed in writing',
  });
  expect(res.statusCode, res.body).toBe(202);
  const approval = res.json<{ data: { approval: Approval } }>().data.approval;
  expect(approval).toMatchObject({
    action: 'transferOwnership',
    record: 'Glen Approve 1999',
    summary: 'Owner: Fiona From -> Toby To',
    before: { owner: 'Fiona From' },
    after: { owner: 'Toby To', transferredOn: '2026-01-15', price: '9000' },
  });
  const [unchanged] = await ctx.database.db.select().from(casks).where(eq(casks.id, cask.id));
  expect(unchanged?.ownerId).toBe(from.id);
  const approved = await decideApproval(ctx, ownerB, approval.id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  const [moved] = await ctx.database.db.select().from(casks).where(eq(casks.id, cask.id));
  expect(moved?.ownerId).toBe(to.id);
  const history = await auditEntriesOf(ctx, { entity: 'cask', entityId: cask.id });
  expect(history.map((entry) => entry.action)).toEqual(
    expect.arrayContaining(['approval.requested', 'cask.transferred', 'approval.approved']),
  );
  const transferred = history.find((entry) => entry.action === 'cask.transferred');
  expect(transferred?.adminId).toBe(maker.id);
  expect(transferred?.after).toMatchObject({ approvalId: approval.id, approvedBy: 'Otto Owner' });
});

test('a transfer whose cask changed after it was asked becomes Outdated', async () => {
  const from = await createCustomer(ctx);
  const to = await createCustomer(ctx);
  const cask = await createCask(ctx, { ownerId: from.id });
  const res = await adminApi(ctx, maker).post(`/api/casks/${cask.id}/transfers`, {
    toCustomerId: to.id,
    transferredOn: '2026-01-15',
    reason: 'Sale',
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ data: { approval: Approval } }>().data.approval;
  await ctx.database.db
    .update(casks)
    .set({ updatedAt: sql`now() + interval '1 second'` })
    .where(eq(casks.id, cask.id));
  const approve = await decideApproval(ctx, ownerA, id, 'approve');
  expect(approve.statusCode).toBe(409);
  expect(approve.json().message).toBe(APPROVAL_OUTDATED);
  const [kept] = await ctx.database.db.select().from(casks).where(eq(casks.id, cask.id));
  expect(kept?.ownerId).toBe(from.id);
});

test('an order to Delivered above the budget is sent for approval, with its If-Match checked when asked', async () => {
  const small = await createOrder(ctx, { investmentAmount: '50000.00', status: 'Active' });
  const large = await createOrder(ctx, { investmentAmount: '60000.00', status: 'Active' });
  const save = {
    status: 'Delivered',
    caskProgress: 'Ready',
    manualPaymentStatus: 'paid',
    notes: 'Shipped',
  };
  const atOnce = await adminApi(ctx, maker).put(`/api/purchases/${small.id}/status`, save);
  expect(atOnce.statusCode, atOnce.body).toBe(200);
  const stale = await ctx.app.inject({
    method: 'PUT',
    url: `/api/purchases/${large.id}/status`,
    headers: { ...maker.headers, 'if-match': '"1"' },
    payload: { ...save, reason: 'Paid in full' },
  });
  expect(stale.statusCode).toBe(412);
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/purchases/${large.id}/status`,
    headers: { ...maker.headers, 'if-match': `"${large.updatedAt.getTime()}"` },
    payload: { ...save, reason: 'Paid in full' },
  });
  expect(res.statusCode, res.body).toBe(202);
  const approval = res.json<{ data: { approval: Approval } }>().data.approval;
  expect(approval).toMatchObject({
    action: 'orderDelivered',
    summary: 'Status: Active -> Delivered ($60,000)',
    before: { status: 'Active' },
    after: { status: 'Delivered', notes: 'Shipped' },
  });
  const [waiting] = await ctx.database.db.select().from(orders).where(eq(orders.id, large.id));
  expect(waiting?.status).toBe('Active');
  const approved = await decideApproval(ctx, ownerA, approval.id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  const [delivered] = await ctx.database.db.select().from(orders).where(eq(orders.id, large.id));
  expect(delivered?.status).toBe('Delivered');
  const [updated] = await auditEntriesOf(ctx, { action: 'order.updated', entityId: large.id });
  expect(updated).toMatchObject({ adminId: maker.id });
  expect(updated?.after).toMatchObject({ approvalId: approval.id, approvedBy: 'Olive Owner' });
});

test('a bulk status change to Delivered refuses an order above the budget, naming it, and changes none (decision 438)', async () => {
  const small = await createOrder(ctx, { investmentAmount: '50000.00', status: 'Active' });
  const large = await createOrder(ctx, { investmentAmount: '60000.00', status: 'Active' });
  const done = await createOrder(ctx, { investmentAmount: '70000.00', status: 'Delivered' });
  const bulk = (changes: { id: string; status: string }[]) =>
    adminApi(ctx, maker).post('/api/purchases/bulk/status', { changes });
  const refused = await bulk([small, large, done].map(({ id }) => ({ id, status: 'Delivered' })));
  expect(refused.statusCode, refused.body).toBe(409);
  expect(refused.json()).toMatchObject({
    message: bulkRefused(1, 3),
    errors: [{ field: 'changes.1.id', message: BULK_ORDER_NEEDS_APPROVAL }],
  });
  const ids = [small.id, large.id, done.id];
  const rows = await ctx.database.db.select().from(orders).where(inArray(orders.id, ids));
  expect(rows.map((row) => row.status).sort()).toEqual(['Active', 'Active', 'Delivered']);
  expect(await auditEntriesOf(ctx, { entityId: ids })).toEqual([]);
  // Not to Delivered, or not above the budget: at once, as before.
  expect((await bulk([{ id: large.id, status: 'Pending' }])).statusCode).toBe(200);
  const atOnce = await bulk([small, done].map(({ id }) => ({ id, status: 'Delivered' })));
  expect(atOnce.statusCode, atOnce.body).toBe(200);
});

test('a valuation more than the threshold from the current value is sent for approval; approved, it is the value', async () => {
  const cask = await createCask(ctx, { name: 'Valued Approve 2001' });
  const url = `/api/casks/${cask.id}/valuations`;
  const today = new Date().toISOString().slice(0, 10);
  const small = await adminApi(ctx, maker).post(url, {
    valuedOn: today,
    value: '14000',
    source: 'Broker quote',
  });
  expect(small.statusCode, small.body).toBe(201);
  const large = {
    valuedOn: today,
    value: '20000',
    source: 'Broker quote',
    reason: 'New auction results',
  };
  const res = await adminApi(ctx, maker).post(url, large);
  expect(res.statusCode, res.body).toBe(202);
  const approval = res.json<{ data: { approval: Approval } }>().data.approval;
  expect(approval).toMatchObject({
    action: 'valuationChange',
    record: 'Valued Approve 2001',
    summary: 'Value: 14000.00 -> 20000 (+42.9%)',
  });
  const [waiting] = await ctx.database.db.select().from(casks).where(eq(casks.id, cask.id));
  expect(waiting?.currentValue).toBe('14000.00');
  const approved = await decideApproval(ctx, ownerA, approval.id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  const [valued] = await ctx.database.db.select().from(casks).where(eq(casks.id, cask.id));
  expect(valued?.currentValue).toBe('20000.00');
  const [entry] = (await auditEntriesOf(ctx, { action: 'cask.valued', entityId: cask.id })).slice(
    -1,
  );
  expect(entry).toMatchObject({ adminId: maker.id, after: { approvalId: approval.id } });
});

test('while approvals are on, a policy change is approved by another Owner, not by an Admin', async () => {
  const change = {
    ...DEFAULT_APPROVAL_POLICY,
    ...{ ...ON, manualPoints: { on: true, above: 5000 } },
  };
  const bare = await adminApi(ctx, ownerA).put('/api/settings/approvals', change);
  expect(bare.statusCode).toBe(400);
  const res = await adminApi(ctx, ownerA).put('/api/settings/approvals', {
    ...change,
    reason: 'Fewer requests',
  });
  expect(res.statusCode, res.body).toBe(202);
  const approval = res.json<{ data: { approval: Approval } }>().data.approval;
  expect(approval).toMatchObject({ action: 'policyChange', summary: 'Manual points above: on' });
  expect((await adminApi(ctx, ownerA).get('/api/settings/approvals')).json().data.policy).toEqual({
    ...DEFAULT_APPROVAL_POLICY,
    ...ON,
  });
  const byAdmin = await decideApproval(ctx, maker, approval.id, 'approve');
  expect(byAdmin.statusCode).toBe(403);
  expect(byAdmin.json().message).toBe(APPROVAL_ROLE_REFUSED);
  const approved = await decideApproval(ctx, ownerB, approval.id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  expect((await adminApi(ctx, ownerA).get('/api/settings/approvals')).json().data.policy).toEqual(
    change,
  );
  const [saved] = await auditEntriesOf(ctx, {
    action: 'approvals.policy_changed',
    adminId: ownerA.id,
  });
  expect(saved).toBeDefined();
  const [last] = (await auditEntriesOf(ctx, { action: 'approvals.policy_changed' })).slice(-1);
  expect(last?.after).toMatchObject({ approvalId: approval.id, approvedBy: 'Otto Owner' });
  // Back to the file's policy for the tests after this one.
  const back = await adminApi(ctx, ownerB).put('/api/settings/approvals', {
    ...{ ...DEFAULT_APPROVAL_POLICY, ...ON },
    reason: 'Back',
  });
  expect(back.statusCode).toBe(202);
  const undo = back.json<{ data: { approval: Approval } }>().data.approval;
  expect((await decideApproval(ctx, ownerA, undo.id, 'approve')).statusCode).toBe(200);
});

test('promoting an admin to Owner is approved by another Owner while the policy says so', async () => {
  const policy = { ...DEFAULT_APPROVAL_POLICY, ...{ ...ON, ownerInvite: { on: true } } };
  const asked = await adminApi(ctx, ownerA).put('/api/settings/approvals', {
    ...policy,
    reason: 'Owners too',
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const change = asked.json<{ data: { approval: Approval } }>().data.approval;
  expect((await decideApproval(ctx, ownerB, change.id, 'approve')).statusCode).toBe(200);
  const target = await createAdmin(ctx, { role: 'admin', fullName: 'Pia Promoted' });
  const url = `/api/admins/${target.id}/role`;
  expect((await adminApi(ctx, ownerA).put(url, { role: 'viewer' })).statusCode).toBe(200);
  const res = await adminApi(ctx, ownerA).put(url, { role: 'owner', reason: 'Runs the club now' });
  expect(res.statusCode, res.body).toBe(202);
  const approval = res.json<{ data: { approval: Approval } }>().data.approval;
  expect(approval).toMatchObject({
    action: 'ownerPromotion',
    record: 'Pia Promoted',
    summary: 'Role: Viewer -> Owner',
  });
  expect((await decideApproval(ctx, maker, approval.id, 'approve')).statusCode).toBe(403);
  const approved = await decideApproval(ctx, ownerB, approval.id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  const [changed] = (
    await auditEntriesOf(ctx, { action: 'admin.role_changed', entityId: target.id })
  ).slice(-1);
  // An Owner's invite waits too; approved, the invite is saved and mailed after the commit.
  const email = `new-owner-${Date.now()}@example.com`;
  const invite = { fullName: 'Nina New', email, role: 'owner' };
  const invited = await adminApi(ctx, ownerA).post('/api/admins/invites', {
    ...invite,
    reason: 'Co-founder',
  });
  expect(invited.statusCode, invited.body).toBe(202);
  const inviteRequest = invited.json<{ data: { approval: Approval } }>().data.approval;
  expect(inviteRequest).toMatchObject({ action: 'ownerInvite', record: 'Nina New' });
  expect(ctx.smtp.messages.some((mail) => mail.to.includes(email))).toBe(false);
  const sent = await decideApproval(ctx, ownerB, inviteRequest.id, 'approve');
  expect(sent.statusCode, sent.body).toBe(200);
  expect((await inviteLinkIn(ctx, email)).token).not.toBe('');
  const [inviteSent] = await auditEntriesOf(ctx, {
    action: 'admin.invite_sent',
    adminId: ownerA.id,
  });
  expect(inviteSent?.after).toMatchObject({ email, approvalId: inviteRequest.id });
  expect(changed).toMatchObject({
    adminId: ownerA.id,
    after: { role: 'owner', approvalId: approval.id },
  });
  // Back to the file's policy, as another Owner approves it.
  const back = await adminApi(ctx, ownerA).put('/api/settings/approvals', {
    ...{ ...DEFAULT_APPROVAL_POLICY, ...ON },
    reason: 'Back',
  });
  const undo = back.json<{ data: { approval: Approval } }>().data.approval;
  expect((await decideApproval(ctx, ownerB, undo.id, 'approve')).statusCode).toBe(200);
});

test('turning off Require two-factor is approved by another Owner while the policy says so', async () => {
  // An app of its own: requiring two-factor holds back every admin without it.
  const own = await createTestContext();
  try {
    const [first, second] = [
      await createAdmin(own, { role: 'owner', fullName: 'First Owner' }),
      await createAdmin(own, { role: 'owner', fullName: 'Second Owner' }),
    ];
    await enableTotp(own, first);
    await enableTotp(own, second);
    const put = (as: TestAdmin, url: string, payload: object) =>
      own.app.inject({ method: 'PUT', url, headers: as.headers, payload });
    const approvals = { ...DEFAULT_APPROVAL_POLICY, ...{ twoFactorOff: { on: true } } };
    expect((await put(first, '/api/settings/approvals', approvals)).statusCode).toBe(200);
    const on = await put(first, '/api/security/policy', { requireTwoFactor: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await put(first, '/api/security/policy', { requireTwoFactor: false })).statusCode).toBe(
      400,
    );
    const off = await put(first, '/api/security/policy', {
      requireTwoFactor: false,
      reason: 'Audit over',
    });
    expect(off.statusCode, off.body).toBe(202);
    const approval = off.json<{ data: { approval: Approval } }>().data.approval;
    expect(approval).toMatchObject({
      action: 'twoFactorOff',
      summary: 'Require two-factor: on -> off',
    });
    const approve = await own.app.inject({
      method: 'POST',
      url: `/api/approvals/${approval.id}/approve`,
      headers: second.headers,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const overview = await own.app.inject({
      method: 'GET',
      url: '/api/security',
      headers: first.headers,
    });
    expect(overview.json().data.requireTwoFactor).toBe(false);
    const [changed] = (await auditEntriesOf(own, { action: 'security.policy_changed' })).slice(-1);
    expect(changed).toMatchObject({ adminId: first.id });
    expect(changed?.after).toMatchObject({ approvalId: approval.id, approvedBy: 'Second Owner' });
  } finally {
    await own.close();
  }
});

const onServer = process.env.TEST_DATABASE_URL !== undefined;

test.skipIf(!onServer)(
  'readers queued behind a held lock on an overdue request: it expires, and is audited, once',
  async () => {
    const { id, customerId } = await pendingPointsApproval(ctx, maker);
    await makeApprovalOverdue(ctx, id);
    const answers = await whileRowLocked(
      ctx,
      sql`select 1 from ${approvals} where id = ${id} for update`,
      [ownerA, ownerB, maker].map(
        (admin) => () =>
          ctx.app.inject({ method: 'GET', url: `/api/approvals/${id}`, headers: admin.headers }),
      ),
    );
    for (const answer of answers) {
      expect(answer.json<ApprovalResponse>().data.approval.status).toBe('expired');
    }
    expect(
      await auditEntriesOf(ctx, { action: 'approval.expired', entityId: customerId }),
    ).toHaveLength(1);
  },
);

test.skipIf(!onServer)(
  'two approvers at once: one wins, the other gets 409, and the action runs once',
  async () => {
    const { id, customerId } = await pendingPointsApproval(ctx, maker, 3000);
    const answers = await whileRowLocked(
      ctx,
      sql`select 1 from ${approvals} where id = ${id} for update`,
      [ownerA, ownerB].map((owner) => () => decideApproval(ctx, owner, id, 'approve')),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      APPROVAL_NOT_PENDING,
    );
    expect(await pointTransactionsOf(ctx, { customerId })).toHaveLength(1);
    expect(await pointsBalanceOf(ctx, customerId)).toBe(3000);
    expect(
      await auditEntriesOf(ctx, { action: 'approval.approved', entityId: customerId }),
    ).toHaveLength(1);
  },
);
