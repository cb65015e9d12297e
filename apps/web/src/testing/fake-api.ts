import { vi } from 'vitest';
import type { AdminProfile, ProfileResponse } from '@cask/contracts/auth';
import {
  RECORD_CHANGED_ELSEWHERE,
  type ErrorEnvelope,
  type MessageEnvelope,
} from '@cask/contracts/common';
import {
  type Cask,
  type CaskListResponse,
  type CaskResponse,
  type DeleteCaskResponse,
  type UpdateCaskBody,
} from '@cask/contracts/casks';
import type { DashboardResponse } from '@cask/contracts/dashboard';
import type {
  CreateNotificationBody,
  CreateNotificationResponse,
  MarkAllNotificationsReadResponse,
  MarkNotificationReadResponse,
  Notification,
  NotificationListResponse,
} from '@cask/contracts/notifications';
import {
  ORDER_STATUSES,
  type DeleteOrderResponse,
  type Order,
  type OrderListResponse,
  type UpdateOrderBody,
  type UpdateOrderResponse,
} from '@cask/contracts/orders';
import {
  type DeleteOfferResponse,
  type Offer,
  type OfferListResponse,
  type OfferResponse,
  type OfferType,
} from '@cask/contracts/offers';
import type {
  Referral,
  ReferralListResponse,
  ReferralResponse,
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
import { parseAbv, parseVolume } from '@cask/contracts/measures';
import { offerDetailsSchemas } from '@cask/contracts/offer-form';
import { readRequest, testUuid, type SentRequest } from './stub-fetch.ts';

/** A typed ABV or volume as the API keeps it: the number, or the text when it is none. */
function measured(
  typed: string | null,
  parse: (typed: string) => number | { error: string },
): number | null {
  if (typed === null) return null;
  const parsed = parse(typed);
  return typeof parsed === 'number' ? parsed : null;
}

/** Offer details as the API answers them: checked by the contract (ABV and volume as numbers). */
function savedDetails(type: string | undefined, json: string | undefined): Offer['details'] {
  const raw: unknown = JSON.parse(json ?? '{}');
  const schema = offerDetailsSchemas[(type ?? 'cask') as OfferType];
  const parsed = schema.safeParse(raw);
  return (parsed.success ? parsed.data : raw) as Offer['details'];
}

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
  /** Changes with every save (docs/decisions/208). */
  version: string;
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
  | 'orders'
  | 'order-update'
  | 'order-delete'
  | 'offers'
  | 'offer-add'
  | 'offer-update'
  | 'offer-delete'
  | 'casks'
  | 'cask-create'
  | 'cask-update'
  | 'cask-delete'
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
    version: '1',
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

export function aCask(overrides: Partial<Cask> = {}): Cask {
  const id = testUuid();
  return {
    id,
    name: `Cask ${id.slice(-4)}`,
    distillery: 'Springbank',
    year: 2012,
    volume: 200,
    abv: 58.2,
    location: 'Campbeltown',
    estimatedValue: null,
    currentValue: 12000,
    purchasePrice: 9000,
    status: 'Maturing',
    owner: { id: testUuid(), fullName: 'Isla Grant', email: 'isla@example.com' },
    caskImages: null,
    type: 'cask',
    notes: null,
    gain: 3000,
    gainPercentage: 33.33,
    calculatedGain: 3000,
    purchaseDate: '2024-03-01T00:00:00.000Z',
    appreciationData: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    version: '1',
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
    version: '1',
    ...overrides,
  };
}

/** `n` notifications, newest first, titled 'Notice n' … 'Notice 1'. */
export function manyNotifications(n: number): Notification[] {
  return Array.from({ length: n }, (_, index) =>
    aNotification({ title: `Notice ${n - index}`, message: `Message ${n - index}` }),
  );
}

export function anOrder(overrides: Partial<Order> = {}): Order {
  const id = testUuid();
  return {
    _id: id,
    user: { fullName: `Customer ${id.slice(-4)}` },
    personalInfo: {
      fullName: `Customer ${id.slice(-4)}`,
      email: `customer${id.slice(-4)}@example.com`,
      preferredContactMethod: 'email',
      phoneNumber: '+44 7700 900123',
    },
    title: `Cask ${id.slice(-4)}`,
    investmentAmount: 25_000,
    status: 'Pending',
    caskProgress: 'Maturing',
    manualPaymentStatus: 'due',
    notes: [],
    isFirstPurchase: false,
    referralPointsAmount: 0,
    submittedDate: '2026-03-01T10:00:00.000Z',
    daysLeft: 30,
    version: '1',
    ...overrides,
  };
}

export function anOffer(overrides: Partial<Offer> = {}): Offer {
  const id = testUuid();
  return {
    id,
    title: `Offer ${id.slice(-4)}`,
    type: 'cask',
    priceNumeric: 15000,
    isActive: true,
    isFeatured: false,
    expiryDate: '2031-06-30',
    description: 'A fine cask.',
    image: null,
    images: [],
    category: 'standard',
    daysLeft: 100,
    originalPrice: 12000,
    currentPrice: 15000,
    location: 'Warehouse 4',
    details: { distillery: 'Ardbeg', caskType: 'Sherry Butt', vintage: 2015 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: '1',
    ...overrides,
  };
}

/** `n` orders titled 'Order 1' … 'Order n', newest (1) first. */
export function manyOrders(n: number): Order[] {
  return Array.from({ length: n }, (_, index) => anOrder({ title: `Order ${index + 1}` }));
}

/** `n` offers titled 'Offer 1' … 'Offer n', newest (1) first. */
export function manyOffers(n: number): Offer[] {
  return Array.from({ length: n }, (_, index) => anOffer({ title: `Offer ${index + 1}` }));
}

/** What the form sent, read back from its multipart body (text fields and file names). */
function formFields(body: unknown): {
  fields: Record<string, string>;
  files: Record<string, File[]>;
} {
  const fields: Record<string, string> = {};
  const files: Record<string, File[]> = {};
  if (body instanceof FormData) {
    body.forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value;
      else (files[key] ??= []).push(value);
    });
  }
  return { fields, files };
}

/** Each success body below `satisfies` its contract; failures are the one error envelope. */
const json = <T extends MessageEnvelope | ErrorEnvelope>(status: number, body: T) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * As the API (docs/decisions/208): a save whose If-Match names another version than the record's
 * current one is refused with 412; undefined lets it through.
 */
function refuseStaleSave(request: SentRequest, current: string): Response | undefined {
  const ifMatch = request.headers.get('if-match');
  if (ifMatch === null || ifMatch === '*' || ifMatch.replace(/^W\//, '') === `"${current}"`) {
    return undefined;
  }
  return json(412, { success: false, message: RECORD_CHANGED_ELSEWHERE });
}

/** The version a save leaves: the next one. */
export const nextVersion = (version: string) => String(Number(version) + 1);

/** A single read (GET /{records}/{id}) with its version as the ETag, as the API answers it. */
const withEtag = (response: Response, version: string) => {
  response.headers.set('etag', `"${version}"`);
  return response;
};

/** The in-memory API, newest customers and notifications first, as the server orders them. */
export function createFakeApi(
  initial: {
    profile?: AdminProfile;
    customers?: FakeCustomer[];
    notifications?: Notification[];
    orders?: Order[];
    /** The catalogue; when given, the dashboard's Active Offers card counts its active ones. */
    offers?: Offer[];
    casks?: Cask[];
    referrals?: Referral[];
    totals?: { totalCasks?: number; activeOffers?: number; totalRevenue?: number };
  } = {},
) {
  const state = {
    profile: initial.profile ?? ada,
    customers: [...(initial.customers ?? [])],
    notifications: [...(initial.notifications ?? [])],
    orders: [...(initial.orders ?? [])],
    offers: [...(initial.offers ?? [])],
    casks: [...(initial.casks ?? [])],
    referrals: [...(initial.referrals ?? [])],
    totals: { totalCasks: 180, activeOffers: 12, totalRevenue: 125_500, ...initial.totals },
    /** Calls answering 500; the message is 'Something went wrong' unless `failureMessage` says. */
    failing: new Set<FailingCall>(),
    failureMessage: 'Something went wrong',
    /** While set, list calls (users, rewards, orders, offers, referrals) wait for it: a slow network. */
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
    version: c.version,
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
          offers: {
            activeOffers: initial.offers
              ? state.offers.filter((o) => o.isActive).length
              : state.totals.activeOffers,
          },
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
    if (one && method === 'GET') {
      if (!customer) return notFound('User not found');
      return withEtag(
        json(200, { success: true, data: { user: asUser(customer) } } satisfies UpdateUserResponse),
        customer.version,
      );
    }
    if (method === 'PUT' && customer) {
      if (state.failing.has('update')) return fail();
      const stale = refuseStaleSave(request, customer.version);
      if (stale) return stale;
      customer.isActive = (request.body as UpdateUserBody).isActive;
      customer.version = nextVersion(customer.version);
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
    const oneReferral = /^\/api\/referrals\/([^/]+)$/.exec(path);
    if (method === 'GET' && oneReferral) {
      const found = state.referrals.find((r) => r.id === oneReferral[1]);
      if (!found) return notFound('Referral not found');
      return withEtag(
        json(200, { success: true, data: { referral: found } } satisfies ReferralResponse),
        found.version,
      );
    }
    const referralStatus = /^\/api\/referrals\/([^/]+)\/status$/.exec(path);
    if (method === 'PUT' && referralStatus) {
      if (state.failing.has('referral-status')) return fail();
      const index = state.referrals.findIndex((r) => r.id === referralStatus[1]);
      const found = state.referrals[index];
      if (!found) return notFound('Referral not found');
      const stale = refuseStaleSave(request, found.version);
      if (stale) return stale;
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
        version: nextVersion(found.version),
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
    if (method === 'GET' && path === '/api/purchases') {
      if (state.failing.has('orders')) return fail();
      const search = (query.search ?? '').trim().toLowerCase();
      const matches = state.orders.filter(
        (o) =>
          (!query.status || o.status === query.status) &&
          ((o.personalInfo.fullName ?? '').toLowerCase().includes(search) ||
            o.title.toLowerCase().includes(search)),
      );
      const { rows, pagination } = page(matches, query, 20);
      return json(200, {
        success: true,
        data: {
          purchases: rows,
          stats: {
            overall: { totalPurchases: state.orders.length },
            byStatus: ORDER_STATUSES.map((status) => ({
              _id: status,
              count: state.orders.filter((o) => o.status === status).length,
            })),
          },
          pagination,
        },
      } satisfies OrderListResponse);
    }
    const purchase = /^\/api\/purchases\/([^/]+)(\/status)?$/.exec(path);
    const order = purchase ? state.orders.find((o) => o._id === purchase[1]) : undefined;
    if (purchase && !order) return notFound('Order not found');
    if (method === 'GET' && order && !purchase?.[2]) {
      return withEtag(
        json(200, { success: true, data: { purchase: order } } satisfies UpdateOrderResponse),
        order.version,
      );
    }
    if (method === 'PUT' && order && purchase?.[2]) {
      if (state.failing.has('order-update')) return fail();
      const stale = refuseStaleSave(request, order.version);
      if (stale) return stale;
      const { notes, ...fields } = request.body as UpdateOrderBody;
      Object.assign(order, fields, { version: nextVersion(order.version) });
      if (notes.trim() !== (order.notes.at(-1)?.content ?? '')) {
        order.notes = [
          ...order.notes,
          {
            id: testUuid(),
            content: notes.trim(),
            admin: { fullName: state.profile.fullName },
            createdAt: new Date().toISOString(),
          },
        ];
      }
      return json(200, {
        success: true,
        message: 'Order updated successfully!',
        data: { purchase: order },
      } satisfies UpdateOrderResponse);
    }
    if (method === 'DELETE' && order && !purchase?.[2]) {
      if (state.failing.has('order-delete')) return fail();
      state.orders = state.orders.filter((o) => o !== order);
      return json(200, {
        success: true,
        message: 'Order deleted successfully!',
        data: { id: order._id },
      } satisfies DeleteOrderResponse);
    }
    if (method === 'GET' && path === '/api/offers') {
      if (state.failing.has('offers')) return fail();
      const search = (query.search ?? '').trim().toLowerCase();
      const matches = state.offers.filter(
        (o) =>
          (!query.type || o.type === query.type) &&
          (o.title.toLowerCase().includes(search) ||
            (o.description ?? '').toLowerCase().includes(search)),
      );
      const { rows, pagination } = page(matches, query, 10);
      return json(200, {
        success: true,
        data: {
          offers: rows,
          pagination,
          stats: {
            totalOffers: state.offers.length,
            activeOffers: state.offers.filter((o) => o.isActive).length,
          },
        },
      } satisfies OfferListResponse);
    }
    if (method === 'POST' && path === '/api/offers') {
      if (state.failing.has('offer-add')) return fail();
      const { fields, files } = formFields(request.body);
      const created = anOffer({
        title: fields.title ?? '',
        type: (fields.type ?? 'cask') as OfferType,
        priceNumeric: Number(fields.priceNumeric),
        currentPrice: Number(fields.currentPrice),
        originalPrice: fields.originalPrice ? Number(fields.originalPrice) : null,
        expiryDate: fields.expiryDate ?? null,
        description: fields.description || null,
        location: fields.location || null,
        isFeatured: fields.isFeatured === 'true',
        details: savedDetails(fields.type, fields.details),
        image: files.offerImage ? `/uploads/${testUuid()}` : null,
        images: (files.offerImages ?? []).map(() => `/uploads/${testUuid()}`),
      });
      state.offers.unshift(created);
      return json(201, {
        success: true,
        message: 'Offer added successfully',
        data: { offer: created },
      } satisfies OfferResponse);
    }
    const oneOffer = /^\/api\/offers\/([^/]+)$/.exec(path);
    const offer = oneOffer ? state.offers.find((o) => o.id === oneOffer[1]) : undefined;
    if (oneOffer && !offer) return notFound('Offer not found');
    if (method === 'GET' && offer) {
      return withEtag(
        json(200, { success: true, data: { offer } } satisfies OfferResponse),
        offer.version,
      );
    }
    if (method === 'PUT' && offer) {
      if (state.failing.has('offer-update')) return fail();
      const stale = refuseStaleSave(request, offer.version);
      if (stale) return stale;
      const { fields, files } = formFields(request.body);
      const kept = JSON.parse(fields.images ?? '[]') as string[];
      Object.assign(offer, {
        title: fields.title ?? offer.title,
        type: (fields.type ?? offer.type) as OfferType,
        priceNumeric: Number(fields.priceNumeric),
        currentPrice: Number(fields.currentPrice),
        originalPrice: fields.originalPrice ? Number(fields.originalPrice) : null,
        expiryDate: fields.expiryDate ?? null,
        isActive: fields.isActive === 'true',
        details: savedDetails(fields.type ?? offer.type, fields.details),
        image: files.offerImage ? `/uploads/${testUuid()}` : fields.image || null,
        images: [...kept, ...(files.offerImages ?? []).map(() => `/uploads/${testUuid()}`)],
        version: nextVersion(offer.version),
      } satisfies Partial<Offer>);
      return json(200, {
        success: true,
        message: 'Offer updated successfully',
        data: { offer },
      } satisfies OfferResponse);
    }
    if (method === 'DELETE' && offer) {
      if (state.failing.has('offer-delete')) return fail();
      state.offers = state.offers.filter((o) => o !== offer);
      return json(200, {
        success: true,
        message: 'Offer deleted successfully',
        data: { id: offer.id, retired: false },
      } satisfies DeleteOfferResponse);
    }
    if (method === 'GET' && path === '/api/casks') {
      if (state.failing.has('casks')) return fail();
      const search = (query.search ?? '').trim().toLowerCase();
      const found = state.casks.filter((c) =>
        `${c.name} ${c.distillery ?? ''}`.toLowerCase().includes(search),
      );
      const { rows, pagination } = page(found, query, 10);
      const totalValue = state.casks.reduce((sum, c) => sum + (c.currentValue ?? 0), 0);
      return json(200, {
        success: true,
        data: {
          casks: rows,
          stats: {
            totalCasks: state.casks.length,
            readyCasks: state.casks.filter((c) => c.status === 'Ready').length,
            maturingCasks: state.casks.filter((c) => c.status === 'Maturing').length,
            totalValue,
            avgValue: state.casks.length ? totalValue / state.casks.length : 0,
            totalGain: state.casks.reduce((sum, c) => sum + (c.gain ?? 0), 0),
          },
          pagination,
        },
      } satisfies CaskListResponse);
    }
    if (method === 'POST' && path === '/api/casks') {
      if (state.failing.has('cask-create')) return fail();
      const form = request.body as FormData;
      const field = (name: string) => (form.get(name) as string | null) ?? null;
      const owner = state.customers.find((c) => c.id === field('owner'));
      if (!owner) return json(400, { success: false, message: 'Owner not found' });
      const money = (name: string) => (field(name) === null ? null : Number(field(name)));
      const created = aCask({
        name: field('name') ?? '',
        distillery: field('distillery'),
        year: money('year'),
        // Read as the API reads them: '70cl' is 0.7 litres, '46%' is 46.
        volume: measured(field('volume'), parseVolume),
        abv: measured(field('abv'), parseAbv),
        location: field('location'),
        currentValue: money('currentValue'),
        purchasePrice: money('purchasePrice'),
        status: (field('status') ?? 'Ready') as Cask['status'],
        type: (field('type') ?? 'cask') as Cask['type'],
        owner: { id: owner.id, fullName: owner.fullName, email: owner.email },
        caskImages: form.get('caskImages') ? `/uploads/${testUuid()}` : null,
        createdAt: new Date().toISOString(),
      });
      state.casks.unshift(created);
      state.totals.totalCasks += 1;
      return json(201, {
        success: true,
        message: 'Cask added successfully!',
        data: { cask: created },
      } satisfies CaskResponse);
    }
    const caskUpdate = /^\/api\/casks\/([^/]+)\/appreciation$/.exec(path);
    if (method === 'PUT' && caskUpdate) {
      if (state.failing.has('cask-update')) return fail();
      const target = state.casks.find((c) => c.id === caskUpdate[1]);
      if (!target) return notFound('Cask not found');
      const stale = refuseStaleSave(request, target.version);
      if (stale) return stale;
      const body = request.body as UpdateCaskBody;
      target.status = body.status;
      target.notes = body.notes ? body.notes : null;
      target.version = nextVersion(target.version);
      return json(200, {
        success: true,
        message: 'Cask updated successfully!',
        data: { cask: target },
      } satisfies CaskResponse);
    }
    const caskDelete = /^\/api\/casks\/([^/]+)$/.exec(path);
    if (method === 'GET' && caskDelete) {
      const target = state.casks.find((c) => c.id === caskDelete[1]);
      if (!target) return notFound('Cask not found');
      return withEtag(
        json(200, { success: true, data: { cask: target } } satisfies CaskResponse),
        target.version,
      );
    }
    if (method === 'DELETE' && caskDelete) {
      if (state.failing.has('cask-delete')) return fail();
      const target = state.casks.find((c) => c.id === caskDelete[1]);
      if (!target) return notFound('Cask not found');
      state.casks = state.casks.filter((c) => c !== target);
      state.totals.totalCasks -= 1;
      return json(200, {
        success: true,
        message: 'Cask deleted successfully!',
        data: { id: target.id },
      } satisfies DeleteCaskResponse);
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
      request.path === '/api/purchases' ||
      request.path === '/api/offers' ||
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
