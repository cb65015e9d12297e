import { vi } from 'vitest';
import type { AdminProfile, ProfileResponse } from '@cask/contracts/auth';
import type { ErrorEnvelope, MessageEnvelope } from '@cask/contracts/common';
import type { DashboardResponse } from '@cask/contracts/dashboard';
import type {
  CreateNotificationBody,
  CreateNotificationResponse,
  MarkAllNotificationsReadResponse,
  MarkNotificationReadResponse,
  Notification,
  NotificationListResponse,
} from '@cask/contracts/notifications';
import type {
  Referral,
  ReferralListResponse,
  UpdateReferralStatusBody,
  UpdateReferralStatusResponse,
} from '@cask/contracts/referrals';
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
  UserListResponse,
} from '@cask/contracts/users';
import { readRequest, testUuid, type SentRequest } from './stub-fetch.ts';

/**
 * Test support: an in-memory stand-in for the endpoints the shell and the screens call (the
 * admin's profile and logout, the dashboard, customers, rewards, referrals, notifications), so screen tests
 * run the real components, API client and TanStack Query. Every answer is checked against the
 * contracts' types (`satisfies`): a fake that drifts from the API fails `tsc`. The real server
 * has its own tests in apps/api.
 */

/** The signed-in admin the shell greets unless a test says otherwise. */
export const ada: AdminProfile = {
  id: '6f1c9a52-1b7e-4b8f-9d3a-2f4c8e0b7a11',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  role: 'admin',
  avatar: null,
};

export interface FakeCustomer {
  id: string;
  fullName: string;
  email: string;
  balance: number;
  isActive: boolean;
  totalReferrals: number;
  totalInvestmentAmount: number;
  referralPoints: number;
}

/** The calls a test can make answer 500 through `state.failing`. */
export type FailingCall =
  | 'dashboard'
  | 'users'
  | 'update'
  | 'delete'
  | 'rewards'
  | 'points'
  | 'list'
  | 'next-page'
  | 'read'
  | 'mark-all'
  | 'create'
  | 'referrals'
  | 'referral-status';

export function aCustomer(overrides: Partial<FakeCustomer> = {}): FakeCustomer {
  const id = testUuid();
  return {
    id,
    fullName: `Customer ${id.slice(-4)}`,
    email: `customer${id.slice(-4)}@example.com`,
    balance: 2,
    isActive: true,
    totalReferrals: 1,
    totalInvestmentAmount: 12500,
    referralPoints: 100,
    ...overrides,
  };
}

/** `n` customers named 'Customer 1' … 'Customer n', newest (1) first. */
export function manyCustomers(n: number): FakeCustomer[] {
  return Array.from({ length: n }, (_, index) =>
    aCustomer({
      fullName: `Customer ${index + 1}`,
      email: `customer${index + 1}@example.com`,
    }),
  );
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: testUuid(),
    title: 'Warehouse open day',
    message: 'Visit your casks on Saturday.',
    type: 'system',
    priority: 'high',
    category: 'general',
    time: new Date(Date.now() - 5 * 60_000).toISOString(),
    isRead: false,
    isGlobal: true,
    recipient: null,
    adminNotes: null,
    ...overrides,
  };
}

/**
 * A referral; pass `referrer: { id: customer.id, ... }` of a fake customer for its completion to
 * move that customer's points in the Reward List, as the server's ledger does.
 */
export function aReferral(overrides: Partial<Referral> = {}): Referral {
  const id = testUuid();
  return {
    id,
    referrer: { id: testUuid(), fullName: 'Rhona Fraser', email: 'rhona@example.com' },
    referee: { id: testUuid(), fullName: `Referee ${id.slice(-4)}`, email: 'referee@example.com' },
    rewardAmount: 100,
    currency: 'USD',
    status: 'pending',
    completedDate: null,
    firstPurchaseAmount: null,
    firstPurchaseDate: null,
    referralCode: `CODE${id.slice(-4).toUpperCase()}`,
    adminNotes: null,
    totalPurchases: 0,
    totalPurchaseAmount: 0,
    pointsAwarded: 250,
    rewardPaid: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** `n` notifications, newest first, titled 'Notice n' … 'Notice 1'. */
export function manyNotifications(n: number): Notification[] {
  return Array.from({ length: n }, (_, index) =>
    aNotification({ title: `Notice ${n - index}`, message: `Message ${n - index}` }),
  );
}

/** Each success body below `satisfies` its contract; failures are the one error envelope. */
const json = <T extends MessageEnvelope | ErrorEnvelope>(status: number, body: T) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The in-memory API, newest customers and notifications first, as the server orders them. */
export function createFakeApi(
  initial: {
    profile?: AdminProfile;
    customers?: FakeCustomer[];
    notifications?: Notification[];
    referrals?: Referral[];
    totals?: { totalCasks?: number; activeOffers?: number; totalRevenue?: number };
  } = {},
) {
  const state = {
    profile: initial.profile ?? ada,
    customers: [...(initial.customers ?? [])],
    notifications: [...(initial.notifications ?? [])],
    referrals: [...(initial.referrals ?? [])],
    totals: { totalCasks: 180, activeOffers: 12, totalRevenue: 125_500, ...initial.totals },
    /** Calls answering 500; the message is 'Something went wrong' unless `failureMessage` says. */
    failing: new Set<FailingCall>(),
    failureMessage: 'Something went wrong',
    /** While set, list calls (users, rewards, referrals) wait for it: a slow network. */
    hold: null as Promise<void> | null,
    requests: [] as SentRequest[],
  };

  const fail = () => json(500, { success: false, message: state.failureMessage });
  const notFound = (message: string) => json(404, { success: false, message });
  const unread = () => state.notifications.filter((n) => !n.isRead).length;

  function page<T>(rows: T[], query: Record<string, string>, defaultLimit: number) {
    const current = Number(query.page ?? 1);
    const limit = Number(query.limit ?? defaultLimit);
    const total = rows.length;
    return {
      rows: rows.slice((current - 1) * limit, current * limit),
      pagination: { current, pages: Math.ceil(total / limit), total, limit },
    };
  }

  const matching = (query: Record<string, string>) => {
    const search = (query.search ?? '').trim().toLowerCase();
    return state.customers.filter(
      (c) => c.fullName.toLowerCase().includes(search) || c.email.toLowerCase().includes(search),
    );
  };

  const asUser = (c: FakeCustomer): User => ({
    id: c.id,
    fullName: c.fullName,
    email: c.email,
    phone: null,
    balance: c.balance,
    isActive: c.isActive,
    createdAt: '2025-01-01T00:00:00.000Z',
  });

  function handle(request: SentRequest): Response {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/api/auth/profile') {
      return json(200, { success: true, data: { user: state.profile } } satisfies ProfileResponse);
    }
    if (method === 'POST' && path === '/api/auth/logout') {
      return json(200, { success: true, message: 'Logged out' } satisfies MessageEnvelope);
    }
    if (method === 'GET' && path === '/api/admin/dashboard') {
      if (state.failing.has('dashboard')) return fail();
      return json(200, {
        success: true,
        data: {
          users: { totalUsers: state.customers.length },
          casks: { totalCasks: state.totals.totalCasks },
          offers: { activeOffers: state.totals.activeOffers },
          payments: { totalRevenue: state.totals.totalRevenue },
        },
      } satisfies DashboardResponse);
    }
    if (method === 'GET' && path === '/api/users') {
      if (state.failing.has('users')) return fail();
      const { rows, pagination } = page(matching(query), query, 10);
      return json(200, {
        success: true,
        data: { users: rows.map(asUser), pagination },
      } satisfies UserListResponse);
    }
    if (method === 'GET' && path === '/api/referrals/admin/rewards') {
      if (state.failing.has('rewards')) return fail();
      const { rows, pagination } = page(matching(query), query, 10);
      const rewards = rows.map((c) => ({
        id: c.id,
        fullName: c.fullName,
        email: c.email,
        totalReferrals: c.totalReferrals,
        totalInvestmentAmount: c.totalInvestmentAmount,
        referralPoints: c.referralPoints,
      }));
      return json(200, {
        success: true,
        data: { rewards, pagination },
      } satisfies RewardListResponse);
    }
    const one = /^\/api\/users\/([^/]+)$/.exec(path);
    const customer = one ? state.customers.find((c) => c.id === one[1]) : undefined;
    if (one && (method === 'PUT' || method === 'DELETE') && !customer) {
      return notFound('User not found');
    }
    if (method === 'PUT' && customer) {
      if (state.failing.has('update')) return fail();
      customer.isActive = (request.body as UpdateUserBody).isActive;
      return json(200, {
        success: true,
        data: { user: asUser(customer) },
      } satisfies UpdateUserResponse);
    }
    if (method === 'DELETE' && customer) {
      if (state.failing.has('delete')) return fail();
      state.customers = state.customers.filter((c) => c !== customer);
      return json(200, { success: true, data: { id: customer.id } } satisfies DeleteUserResponse);
    }
    if (method === 'POST' && path === '/api/referrals/admin/manual-points') {
      if (state.failing.has('points')) return fail();
      const body = request.body as ManualPoints;
      const target = state.customers.find((c) => c.id === body.userId);
      if (!target) return notFound('User not found');
      if (target.referralPoints + body.points < 0) {
        const message = `Insufficient points: ${target.fullName} has ${target.referralPoints} points, so at most ${target.referralPoints} can be removed`;
        return json(400, { success: false, message, errors: [{ field: 'points', message }] });
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
    }
    if (method === 'GET' && path === '/api/referrals') {
      if (state.failing.has('referrals')) return fail();
      const search = (query.search ?? '').trim().toLowerCase();
      const found = state.referrals.filter(
        (r) =>
          (!query.status || r.status === query.status) &&
          [
            r.referrer.fullName,
            r.referrer.email,
            r.referee.fullName,
            r.referee.email,
            r.referralCode,
          ]
            .join('\n')
            .toLowerCase()
            .includes(search),
      );
      const { rows, pagination } = page(found, query, 10);
      const completed = state.referrals.filter((r) => r.status === 'completed');
      return json(200, {
        success: true,
        data: {
          referrals: rows,
          stats: {
            overall: {
              totalReferrals: state.referrals.length,
              completedReferrals: completed.length,
              pendingReferrals: state.referrals.length - completed.length,
              totalRewards: completed.reduce((total, r) => total + r.rewardAmount, 0),
            },
          },
          pagination,
        },
      } satisfies ReferralListResponse);
    }
    const referralStatus = /^\/api\/referrals\/([^/]+)\/status$/.exec(path);
    if (method === 'PUT' && referralStatus) {
      if (state.failing.has('referral-status')) return fail();
      const index = state.referrals.findIndex((r) => r.id === referralStatus[1]);
      const found = state.referrals[index];
      if (!found) return notFound('Referral not found');
      const { status } = request.body as UpdateReferralStatusBody;
      const referrer = state.customers.find((c) => c.id === found.referrer.id);
      const updated: Referral = {
        ...found,
        status,
        completedDate:
          status === found.status
            ? found.completedDate
            : status === 'completed'
              ? new Date().toISOString()
              : null,
      };
      if (referrer && status !== found.status) {
        referrer.referralPoints +=
          status === 'completed' ? found.pointsAwarded : -found.pointsAwarded;
      }
      state.referrals[index] = updated;
      return json(200, {
        success: true,
        message: 'Referral status updated',
        data: { referral: updated, referrerPoints: referrer?.referralPoints ?? 0 },
      } satisfies UpdateReferralStatusResponse);
    }
    if (method === 'GET' && path === '/api/notifications') {
      const current = Number(query.page ?? 1);
      if (state.failing.has(current > 1 ? 'next-page' : 'list')) return fail();
      const { rows, pagination } = page(state.notifications, query, 20);
      return json(200, {
        success: true,
        data: { notifications: rows, pagination, unreadCount: unread() },
      } satisfies NotificationListResponse);
    }
    if (method === 'PUT' && path === '/api/notifications/mark-all-read') {
      if (state.failing.has('mark-all')) return fail();
      const marked = unread();
      state.notifications = state.notifications.map((n) => ({ ...n, isRead: true }));
      return json(200, {
        success: true,
        data: { marked, unreadCount: 0 },
      } satisfies MarkAllNotificationsReadResponse);
    }
    const read = /^\/api\/notifications\/([^/]+)\/read$/.exec(path);
    if (method === 'PUT' && read) {
      if (state.failing.has('read')) return fail();
      const id = read[1] ?? '';
      state.notifications = state.notifications.map((n) =>
        n.id === id ? { ...n, isRead: true } : n,
      );
      return json(200, {
        success: true,
        data: { id, isRead: true, unreadCount: unread() },
      } satisfies MarkNotificationReadResponse);
    }
    if (method === 'POST' && path === '/api/notifications') {
      if (state.failing.has('create')) return fail();
      const body = request.body as CreateNotificationBody;
      const recipient = state.customers.find((c) => c.id === body.recipient);
      const created = aNotification({
        title: body.title,
        message: body.message,
        type: body.type,
        priority: body.priority,
        category: body.category,
        isGlobal: body.isGlobal,
        recipient: recipient
          ? { id: recipient.id, fullName: recipient.fullName, email: recipient.email }
          : null,
        adminNotes: body.adminNotes ?? null,
        time: new Date().toISOString(),
      });
      state.notifications.unshift(created);
      return json(201, {
        success: true,
        message: 'Notification created successfully!',
        data: { notification: created },
      } satisfies CreateNotificationResponse);
    }
    return notFound(`Route ${method} ${path} not found`);
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = readRequest(input, init);
    state.requests.push(request);
    await Promise.resolve();
    const isCustomerList =
      request.path === '/api/users' ||
      request.path.endsWith('/rewards') ||
      request.path === '/api/referrals';
    if (state.hold && request.method === 'GET' && isCustomerList) await state.hold;
    return handle(request);
  });

  return {
    state,
    fetchMock,
    /** The requests sent so far to `method path`. */
    sent: (method: string, path: string) =>
      state.requests.filter((request) => request.method === method && request.path === path),
    /** Makes customer list calls wait until the returned function is called. */
    holdLists(): () => void {
      let release = () => {};
      state.hold = new Promise<void>((resolve) => {
        release = () => {
          state.hold = null;
          resolve();
        };
      });
      return release;
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;
