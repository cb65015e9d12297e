import { http } from 'msw';
import { uuidParam } from '@cask/contracts/common';
import { CUSTOMER_EMAIL_TAKEN, type CustomerDetailsBody } from '@cask/contracts/customer-details';
import type { CustomerRecordResponse } from '@cask/contracts/customer-records';
import type {
  ManualPoints,
  ManualPointsResponse,
  RewardListResponse,
} from '@cask/contracts/rewards';
import type {
  DeleteUserResponse,
  UpdateUserBody,
  UpdateUserResponse,
  User,
  UserActiveChanges,
  UserActiveChangesResponse,
  UserDeletedChanges,
  UserDeletedChangesResponse,
  UserListResponse,
} from '@cask/contracts/users';
import { testUuid, type StoredCustomer } from '../factories.ts';
import {
  apiError,
  bodyOf,
  bulkIdOf,
  etag,
  json,
  nextVersion,
  notFound,
  page,
  queryOf,
  refuseStaleSave,
  setActive,
} from '../respond.ts';
import { sendForApproval } from './approvals.ts';
import { db, deleteRow, listsReleased, restoreRow } from '../store.ts';

const matching = (query: Record<string, string>) => {
  const search = (query.search ?? '').trim().toLowerCase();
  return db().customers.filter(
    (c) => c.fullName.toLowerCase().includes(search) || c.email.toLowerCase().includes(search),
  );
};

const asUser = (c: StoredCustomer): User => ({
  id: c.id,
  fullName: c.fullName,
  email: c.email,
  phone: c.phone ?? null,
  balance: c.balance,
  isActive: c.isActive,
  createdAt: '2025-01-01T00:00:00.000Z',
  version: c.version,
});

const customerOf = (id: unknown) => db().customers.find((c) => c.id === id);

/** The sections of the customer page the tests fill: casks, past casks and referrals. */
function sectionRows(customer: StoredCustomer, section: string): unknown[] {
  const state = db();
  if (section === 'casks') {
    return state.casks
      .filter((c) => c.owner.id === customer.id)
      .map((c) => ({
        id: c.id,
        name: c.name,
        distillery: c.distillery,
        year: c.year,
        volume: c.volume,
        abv: c.abv,
        gaugedOn: c.gaugedOn,
        currentValue: c.currentValue,
        gain: c.gain,
        status: c.status,
      }));
  }
  if (section === 'past-casks') {
    return state.transfers
      .filter((t) => t.transfer.from.id === customer.id)
      .map(({ caskId, transfer }) => ({
        id: transfer.id,
        cask: { id: caskId, name: state.casks.find((c) => c.id === caskId)?.name ?? '' },
        transferredOn: transfer.transferredOn,
        to: transfer.to,
        price: transfer.price,
      }));
  }
  if (section === 'orders') {
    // The store's orders name their customer by the e-mail of their contact details.
    return state.orders
      .filter((order) => order.personalInfo.email === customer.email)
      .map((order) => ({
        id: order._id,
        reference: order.reference,
        title: order.title,
        investmentAmount: order.investmentAmount,
        status: order.status,
        manualPaymentStatus: order.manualPaymentStatus,
        submittedDate: order.submittedDate,
      }));
  }
  if (section === 'referrals') {
    return state.referrals
      .filter((r) => r.referrer.id === customer.id || r.referee.id === customer.id)
      .map((r) => {
        const made = r.referrer.id === customer.id;
        const other = made ? r.referee : r.referrer;
        return {
          id: r.id,
          direction: made ? 'made' : 'received',
          other: { id: other.id, fullName: other.fullName },
          status: r.status,
          rewardAmount: r.rewardAmount,
          pointsAwarded: r.pointsAwarded,
          createdAt: r.createdAt,
        };
      });
  }
  return [];
}

/** Customers (modules/customers), their rewards and the customer page, as the API answers them. */
export const customersHandlers = [
  http.get('/api/users', async ({ request }) => {
    await listsReleased();
    const query = queryOf(request);
    const { rows, pagination } = page(matching(query), query, 10);
    return json(200, {
      success: true,
      data: { users: rows.map(asUser), pagination },
    } satisfies UserListResponse);
  }),
  http.get('/api/referrals/admin/rewards', async ({ request }) => {
    await listsReleased();
    const query = queryOf(request);
    const { rows, pagination } = page(matching(query), query, 10);
    const rewards = rows.map((c) => ({
      id: c.id,
      fullName: c.fullName,
      email: c.email,
      totalReferrals: c.totalReferrals,
      casks: c.balance,
      totalInvestmentAmount: c.totalInvestmentAmount,
      referralPoints: c.referralPoints,
    }));
    return json(200, { success: true, data: { rewards, pagination } } satisfies RewardListResponse);
  }),
  http.post('/api/users/bulk/deleted', async ({ request }) => {
    const body = await bodyOf<UserDeletedChanges>(request);
    const done = body.changes.map(({ id, deleted }) => {
      if (deleted) deleteRow('customers', customerOf(id)!);
      else restoreRow('customers', id);
      return { id, before: { deleted: !deleted }, after: { deleted } };
    });
    return json(200, {
      success: true,
      data: { bulkId: bulkIdOf(body), changes: done },
    } satisfies UserDeletedChangesResponse);
  }),
  http.post('/api/users/bulk/active', async ({ request }) => {
    const body = await bodyOf<UserActiveChanges>(request);
    const done = setActive(db().customers, body.changes);
    return json(200, {
      success: true,
      data: { bulkId: bulkIdOf(body), changes: done },
    } satisfies UserActiveChangesResponse);
  }),
  http.put('/api/users/:id/details', async ({ request, params }) => {
    const target = customerOf(params.id);
    if (!target) return notFound('User not found');
    const stale = refuseStaleSave(request, target.version);
    if (stale) return stale;
    const body = await bodyOf<CustomerDetailsBody>(request);
    const email = body.email.toLowerCase();
    if (db().customers.some((c) => c !== target && c.email.toLowerCase() === email)) {
      const message = CUSTOMER_EMAIL_TAKEN;
      return apiError(409, message, { errors: [{ field: 'email', message }] });
    }
    Object.assign(target, { fullName: body.fullName, email, phone: body.phone || null });
    target.version = nextVersion(target.version);
    return json(200, {
      success: true,
      data: { user: asUser(target) },
    } satisfies UpdateUserResponse);
  }),
  http.get('/api/users/:id', ({ params }) => {
    const customer = customerOf(params.id);
    if (!customer) return notFound('User not found');
    return json(
      200,
      { success: true, data: { user: asUser(customer) } } satisfies UpdateUserResponse,
      etag(customer.version),
    );
  }),
  http.put('/api/users/:id', async ({ request, params }) => {
    const customer = customerOf(params.id);
    if (!customer) return notFound('User not found');
    const stale = refuseStaleSave(request, customer.version);
    if (stale) return stale;
    customer.isActive = (await bodyOf<UpdateUserBody>(request)).isActive;
    customer.version = nextVersion(customer.version);
    return json(200, {
      success: true,
      data: { user: asUser(customer) },
    } satisfies UpdateUserResponse);
  }),
  http.delete('/api/users/:id', ({ params }) => {
    const customer = customerOf(params.id);
    if (!customer) return notFound('User not found');
    deleteRow('customers', customer);
    return json(200, { success: true, data: { id: customer.id } } satisfies DeleteUserResponse);
  }),
  http.post('/api/referrals/admin/manual-points', async ({ request }) => {
    const body = await bodyOf<ManualPoints>(request);
    const target = customerOf(body.userId);
    if (!target) return notFound('User not found');
    const { manualPoints } = db().approvalPolicy;
    if (manualPoints.on && Math.abs(body.points) > manualPoints.above) {
      return sendForApproval(body.reason, {
        action: 'manualPoints',
        recordId: target.id,
        record: target.fullName,
        summary: `${body.points > 0 ? '+' : ''}${body.points} points`,
        before: { referralPoints: target.referralPoints },
        after: { referralPoints: target.referralPoints + body.points, points: body.points },
      });
    }
    if (target.referralPoints + body.points < 0) {
      const message = `Insufficient points: ${target.fullName} has ${target.referralPoints} points, so at most ${target.referralPoints} can be removed`;
      return apiError(400, message, { errors: [{ field: 'points', message }] });
    }
    target.referralPoints += body.points;
    return json(200, {
      success: true,
      message: 'Points updated successfully',
      data: {
        transaction: {
          id: testUuid(),
          userId: target.id,
          points: body.points,
          type: 'manual_adjustment',
          description: body.description,
          adminNotes: body.adminNotes,
          createdAt: new Date().toISOString(),
        },
        referralPoints: target.referralPoints,
      },
    } satisfies ManualPointsResponse);
  }),
  http.get('/api/users/:id/:section', ({ request, params }) => {
    const section = params.section as string;
    const sections = [
      'record',
      'casks',
      'past-casks',
      'orders',
      'referrals',
      'points',
      'notifications',
    ];
    if (!sections.includes(section)) return undefined;
    // As the API's params check: an id that is no UUID at all answers 400 on the `id` field.
    if (!uuidParam.safeParse({ id: params.id }).success) {
      return apiError(400, 'Invalid UUID', { errors: [{ field: 'id', message: 'Invalid UUID' }] });
    }
    const customer = customerOf(params.id);
    if (!customer) return notFound('User not found');
    if (section === 'record') {
      const held = db().casks.filter((c) => c.owner.id === customer.id);
      return json(200, {
        success: true,
        data: {
          customer: {
            id: customer.id,
            fullName: customer.fullName,
            email: customer.email,
            phone: customer.phone ?? null,
            isActive: customer.isActive,
            createdAt: '2025-01-01T00:00:00.000Z',
            version: customer.version,
          },
          cards: {
            casksHeld: held.length,
            portfolioValue: held.reduce((sum, c) => sum + (c.currentValue ?? 0), 0),
            totalInvested: customer.totalInvestmentAmount,
            pointsBalance: customer.referralPoints,
          },
        },
      } satisfies CustomerRecordResponse);
    }
    const { rows: items, pagination } = page(sectionRows(customer, section), queryOf(request), 5);
    return json(200, { success: true, data: { items, pagination } });
  }),
];
