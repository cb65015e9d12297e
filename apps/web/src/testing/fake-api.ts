import { vi } from 'vitest';
import {
  EMAIL_IS_INVITED,
  INVITE_LINK_INVALID,
  LAST_OWNER,
  type AdminAccount,
  type AdminAccountResponse,
  type AdminListResponse,
  type ChangeRoleBody,
  type InviteAdminBody,
  type InviteDetails,
  type InviteDetailsResponse,
} from '@cask/contracts/admins';
import {
  PASSWORD_TOO_COMMON,
  type AdminProfile,
  type LoginResponse,
  type ProfileResponse,
} from '@cask/contracts/auth';
import type { AuditAdmin, AuditEntry, AuditListResponse } from '@cask/contracts/audit';
import type {
  CreateExportResponse,
  ExportState,
  ExportStatusResponse,
} from '@cask/contracts/exports';
import {
  RECORD_CHANGED_ELSEWHERE,
  uuidParam,
  type ErrorEnvelope,
  type MessageEnvelope,
} from '@cask/contracts/common';
import {
  type Cask,
  type CaskDeletedChanges,
  type CaskDeletedChangesResponse,
  type CaskListResponse,
  type CaskResponse,
  type DeleteCaskResponse,
  type UpdateCaskBody,
} from '@cask/contracts/casks';
import {
  caskAlertsOf,
  type CaskRecordResponse,
  type CaskTransfer,
  type ProvenanceEvent,
  type ProvenanceResponse,
  type Regauge,
} from '@cask/contracts/cask-records';
import type { CustomerRecordResponse } from '@cask/contracts/customer-records';
import {
  trendMonths,
  type DashboardResponse,
  type DashboardTrends,
} from '@cask/contracts/dashboard';
import { SEARCH_KIND_LIMIT, type SearchResponse } from '@cask/contracts/search';
import type {
  CreateNotificationBody,
  CreateNotificationResponse,
  MarkAllNotificationsReadResponse,
  MarkNotificationReadResponse,
  Notification,
  NotificationListResponse,
  NotificationReadChanges,
  NotificationReadChangesResponse,
} from '@cask/contracts/notifications';
import {
  ORDER_STATUSES,
  type DeleteOrderResponse,
  type Order,
  type OrderListResponse,
  type UpdateOrderBody,
  type UpdateOrderResponse,
  type OrderDeletedChanges,
  type OrderDeletedChangesResponse,
  type OrderStatusChanges,
  type OrderStatusChangesResponse,
} from '@cask/contracts/orders';
import {
  type DeleteOfferResponse,
  type Offer,
  type OfferActiveChanges,
  type OfferActiveChangesResponse,
  type OfferDeletedChanges,
  type OfferDeletedChangesResponse,
  type OfferListResponse,
  type OfferResponse,
  type OfferType,
} from '@cask/contracts/offers';
import type {
  Referral,
  ReferralListResponse,
  ReferralResponse,
  ReferralStatusChanges,
  ReferralStatusChangesResponse,
  UpdateReferralStatusBody,
  UpdateReferralStatusResponse,
} from '@cask/contracts/referrals';
import type {
  ManualPoints,
  ManualPointsResponse,
  RewardListResponse,
} from '@cask/contracts/rewards';
import {
  type DeleteUserResponse,
  type UpdateUserBody,
  type UpdateUserResponse,
  type User,
  type UserListResponse,
  type UserActiveChanges,
  type UserActiveChangesResponse,
  type UserDeletedChanges,
  type UserDeletedChangesResponse,
} from '@cask/contracts/users';
import { CUSTOMER_EMAIL_TAKEN, type CustomerDetailsBody } from '@cask/contracts/customer-details';
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
/** An Owner's profile: the Admins screen's changes are theirs only (docs/architecture.md#roles). */
export const olive: AdminProfile = {
  id: '0b7e5d2c-4a1f-4c3e-9b8d-7e6f5a4b3c21',
  fullName: 'Olive Owner',
  email: 'olive@example.com',
  phone: null,
  role: 'owner',
  avatar: null,
};

/** The password the fake API's step-up (`POST /api/auth/reauthenticate`) takes. */
export const STEP_UP_PASSWORD = 'right password';

/** The accept-invite link's token the fake API takes once (any other is refused). */
export const GOOD_INVITE_TOKEN = 'good-invite-token';

/** The invite GOOD_INVITE_TOKEN opens, as GET /api/auth/accept-invite tells it. */
export const GOOD_INVITE: InviteDetails = {
  fullName: 'Nina New',
  email: 'nina@example.com',
  role: 'admin',
  invitedBy: 'Olive Owner',
};

/**
 * The fake API's stand-in for the server's list of common passwords (docs/decisions/320): a new
 * password it holds is refused with PASSWORD_TOO_COMMON, as the API refuses one of the list.
 */
export const COMMON_PASSWORD = 'password123';

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
  /** Absent is none. */
  phone?: string | null;
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
  | 'admins'
  | 'dashboard'
  | 'trends'
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
  | 'referral-status'
  | 'search';

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

export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: testUuid(),
    time: '2026-03-04T15:07:00.000Z',
    adminId: ada.id,
    admin: { id: ada.id, fullName: ada.fullName, email: ada.email },
    action: 'user.updated',
    entity: 'customer',
    recordType: 'customer',
    recordId: testUuid(),
    recordName: 'Isla Grant',
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
    before: { isActive: true },
    after: { isActive: false },
    references: {},
    bulk: null,
    ...overrides,
  };
}

export function aCask(overrides: Partial<Cask> = {}): Cask {
  const id = testUuid();
  const cask: Cask = {
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
    gaugedOn: null,
    filledVolume: null,
    filledAbv: null,
    regaugeDueOn: null,
    abvFortyOn: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    version: '1',
    ...overrides,
  };
  // Without a gauge, the cask is shown as it was filled (docs/decisions/305).
  return {
    ...cask,
    filledVolume: 'filledVolume' in overrides ? cask.filledVolume : cask.volume,
    filledAbv: 'filledAbv' in overrides ? cask.filledAbv : cask.abv,
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

let orderNumber = 0;

export function anOrder(overrides: Partial<Order> = {}): Order {
  const id = testUuid();
  orderNumber += 1;
  return {
    _id: id,
    reference: `ORD-${String(orderNumber).padStart(5, '0')}`,
    createdAt: '2026-03-01T10:00:00.000Z',
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

/** A bulk 'Set Active'/'Activate' on the fake's rows: each row's value before and after. */
function setActive(
  rows: { id: string; isActive: boolean }[],
  changes: { id: string; isActive: boolean }[],
) {
  return changes.map(({ id, isActive }) => {
    const changed = rows.find((row) => row.id === id)!;
    const before = { isActive: changed.isActive };
    changed.isActive = isActive;
    return { id, before, after: { isActive } };
  });
}

/** A bulk action's id as the API answers it: an undo's is the one it names, else a new one. */
function bulkIdOf(body: unknown): string {
  return (body as { bulkId?: string }).bulkId ?? testUuid();
}

/**
 * A bulk action's refusal as the API answers it (409, db/bulk.ts): nothing changed, and each row
 * that could not be, named `changes.<index>.id` with its reason.
 */
function bulkRefusal(named: number, failed: { index: number; message: string }[]) {
  return json(409, {
    success: false,
    message: `Nothing was changed: ${failed.length} of the ${named} rows could not be changed`,
    errors: failed.map(({ index, message }) => ({ field: `changes.${index}.id`, message })),
  });
}

/** The in-memory API, newest customers and notifications first, as the server orders them. */
export function createFakeApi(
  initial: {
    profile?: AdminProfile;
    customers?: FakeCustomer[];
    /** The Admins screen's rows (admins and outstanding invites), newest first. */
    admins?: AdminAccount[];
    notifications?: Notification[];
    orders?: Order[];
    /** The catalogue; when given, the dashboard's Active Offers card counts its active ones. */
    offers?: Offer[];
    casks?: Cask[];
    referrals?: Referral[];
    /** The audit log, newest first; `auditAdmins`: its Admin filter's choices. */
    audit?: AuditEntry[];
    auditAdmins?: AuditAdmin[];
    totals?: { totalCasks?: number; activeOffers?: number; totalRevenue?: number };
    /**
     * The session's proof of identity is older than 10 minutes: the Owner's changes on the Admins
     * screen (invites, their resends and withdrawals included) answer 403
     * `reauthentication_required` until STEP_UP_PASSWORD is confirmed.
     */
    stepUpStale?: boolean;
    /** The dashboard's trends; by default this month holds the Total Value and the casks' values. */
    trends?: DashboardTrends;
  } = {},
) {
  const state = {
    profile: initial.profile ?? ada,
    customers: [...(initial.customers ?? [])],
    admins: [...(initial.admins ?? [])],
    inviteSpent: false,
    stepUpStale: initial.stepUpStale ?? false,
    notifications: [...(initial.notifications ?? [])],
    orders: [...(initial.orders ?? [])],
    offers: [...(initial.offers ?? [])],
    casks: [...(initial.casks ?? [])],
    regauges: [] as { caskId: string; gauge: Regauge }[],
    transfers: [] as { caskId: string; transfer: CaskTransfer }[],
    provenance: [] as { caskId: string; event: ProvenanceEvent }[],
    referrals: [...(initial.referrals ?? [])],
    audit: [...(initial.audit ?? [])],
    /** Exports asked for, and the states GET /exports/:id answers in turn (the last repeats). */
    exports: [] as { id: string; list: string; query: Record<string, string> }[],
    exportStates: ['running', 'done'] as ExportState[],
    /** While set, `POST /exports/<list>` answers this refusal (429 one at a time, 503 busy). */
    exportRefusal: null as { status: 429 | 503; message: string } | null,
    auditAdmins: [...(initial.auditAdmins ?? [])],
    totals: { totalCasks: 180, activeOffers: 12, totalRevenue: 125_500, ...initial.totals },
    /** Calls answering 500; the message is 'Something went wrong' unless `failureMessage` says. */
    failing: new Set<FailingCall>(),
    failureMessage: 'Something went wrong',
    /** While set, list calls (users, rewards, orders, offers, referrals) wait for it: a slow network. */
    hold: null as Promise<void> | null,
    requests: [] as SentRequest[],
    /** Rows deleted, with where they stood, so POST .../bulk/deleted can put them back (undo). */
    deleted: new Map<string, { index: number; row: FakeCustomer | Order | Offer | Cask }>(),
  };

  const fail = () => json(500, { success: false, message: state.failureMessage });
  const notFound = (message: string) => json(404, { success: false, message });
  /** As the API's params check: an id that is no UUID at all answers 400 on the `id` field. */
  const badId = (id: string | undefined) =>
    uuidParam.safeParse({ id }).success
      ? undefined
      : json(400, {
          success: false,
          message: 'Invalid UUID',
          errors: [{ field: 'id', message: 'Invalid UUID' }],
        });
  const unread = () => state.notifications.filter((n) => !n.isRead).length;

  function page<T>(rows: T[], query: Record<string, string>, defaultLimit: number) {
    const current = Number(query.page ?? 1);
    const limit = Number(query.limit ?? defaultLimit);
    const total = rows.length;
    return {
      rows: sortedBy(rows, query.sort).slice((current - 1) * limit, current * limit),
      pagination: { current, pages: Math.ceil(total / limit), total, limit },
    };
  }

  /**
   * A list's `sort` (issue 31) over the answer's items, whose field has the sort's name: numbers
   * (and money as decimal text) by value, text as the locale orders it; ties keep their order.
   */
  function sortedBy<T>(rows: T[], sort: string | undefined): T[] {
    if (!sort) return rows;
    const descending = sort.startsWith('-');
    const field = descending ? sort.slice(1) : sort;
    const value = (row: T) => (row as Record<string, unknown>)[field];
    const asNumber = (x: unknown) => (x === null || x === '' ? NaN : Number(x));
    return [...rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const numbers = !Number.isNaN(asNumber(x)) && !Number.isNaN(asNumber(y));
      const order = numbers ? asNumber(x) - asNumber(y) : String(x).localeCompare(String(y));
      return descending ? -order : order;
    });
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
    phone: c.phone ?? null,
    balance: c.balance,
    isActive: c.isActive,
    createdAt: '2025-01-01T00:00:00.000Z',
    version: c.version,
  });

  /** The Admins screen's calls and accept-invite, as modules/admins answers them. */
  function handleAdmins({ method, path, query, body }: SentRequest): Response | undefined {
    const account = (data: AdminAccount, message: string) =>
      json(200, { success: true, message, data: { admin: data } } satisfies AdminAccountResponse);
    if (method === 'POST' && path === '/api/auth/reauthenticate') {
      if ((body as { password?: string }).password !== STEP_UP_PASSWORD) {
        return json(400, {
          success: false,
          message: 'Password is incorrect',
          errors: [{ field: 'password', message: 'Password is incorrect' }],
        });
      }
      state.stepUpStale = false;
      return json(200, { success: true, message: 'Confirmed' } satisfies MessageEnvelope);
    }
    // Step-up (docs/decisions/227, 290): every change of the screen needs a recent proof.
    const needsProof =
      /^\/api\/admins\/(invites(\/[^/]+(\/resend)?)?|[^/]+\/(role|disable|enable|two-factor))$/.test(
        path,
      ) && method !== 'GET';
    if (needsProof && state.stepUpStale) {
      return json(403, {
        success: false,
        message: 'Please confirm your password to continue',
        code: 'reauthentication_required',
      });
    }
    if (method === 'GET' && path === '/api/admins') {
      if (state.failing.has('admins')) return fail();
      const { rows, pagination } = page(state.admins, query, 10);
      return json(200, {
        success: true,
        data: { admins: rows, pagination },
      } satisfies AdminListResponse);
    }
    if (method === 'POST' && path === '/api/admins/invites') {
      const invite = body as InviteAdminBody;
      if (state.admins.some((row) => row.email === invite.email)) {
        return json(409, { success: false, message: EMAIL_IS_INVITED });
      }
      const row: AdminAccount = {
        id: testUuid(),
        ...invite,
        status: 'invited',
        twoFactorEnabled: false,
        lastSignedInAt: null,
        createdAt: new Date().toISOString(),
      };
      state.admins.unshift(row);
      return account(row, 'Invite sent');
    }
    if (method === 'GET' && path === '/api/auth/accept-invite') {
      if (query.token !== GOOD_INVITE_TOKEN || state.inviteSpent) {
        return json(404, { success: false, message: INVITE_LINK_INVALID });
      }
      return json(200, { success: true, data: GOOD_INVITE } satisfies InviteDetailsResponse);
    }
    if (method === 'POST' && path === '/api/auth/accept-invite') {
      const { token, password } = body as { token: string; password: string };
      if (token !== GOOD_INVITE_TOKEN || state.inviteSpent) {
        return json(400, {
          success: false,
          message: INVITE_LINK_INVALID,
          errors: [{ field: 'token', message: INVITE_LINK_INVALID }],
        });
      }
      if (password === COMMON_PASSWORD) {
        return json(400, {
          success: false,
          message: PASSWORD_TOO_COMMON,
          errors: [{ field: 'password', message: PASSWORD_TOO_COMMON }],
        });
      }
      state.inviteSpent = true;
      return json(200, {
        success: true,
        message: 'Welcome to Cask Admin',
        data: { accessToken: 'invited-access', refreshToken: 'invited-refresh' },
      } satisfies LoginResponse);
    }
    const change =
      /^\/api\/admins\/(?:invites\/)?([^/]+)(?:\/(resend|role|disable|enable|two-factor))?$/.exec(
        path,
      );
    const target = change ? state.admins.find((row) => row.id === change[1]) : undefined;
    if (!change || !target || method === 'GET') return undefined;
    const action = change[2];
    if (action === 'two-factor') {
      Object.assign(target, { twoFactorEnabled: false });
      return json(200, {
        success: true,
        message: 'Two-factor authentication reset',
      } satisfies MessageEnvelope);
    }
    if (method === 'DELETE') {
      state.admins = state.admins.filter((row) => row !== target);
      return json(200, { success: true, message: 'Invite withdrawn', data: { id: target.id } });
    }
    if (action === 'resend')
      return account(Object.assign(target, { status: 'invited' }), 'Invite sent again');
    const owners = state.admins.filter((row) => row.role === 'owner' && row.status === 'active');
    const losesOwner =
      target.role === 'owner' &&
      (action === 'disable' || (action === 'role' && (body as ChangeRoleBody).role !== 'owner'));
    if (losesOwner && owners.length <= 1) return json(409, { success: false, message: LAST_OWNER });
    if (action === 'role')
      return account(Object.assign(target, body as ChangeRoleBody), 'Role changed');
    if (action === 'disable')
      return account(Object.assign(target, { status: 'disabled' }), 'Admin disabled');
    if (action === 'enable')
      return account(Object.assign(target, { status: 'active' }), 'Admin enabled');
    return undefined;
  }

  function handle(request: SentRequest): Response {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/api/auth/profile') {
      return json(200, { success: true, data: { user: state.profile } } satisfies ProfileResponse);
    }
    const adminsAnswer = handleAdmins(request);
    if (adminsAnswer) return adminsAnswer;
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
          caskAlerts: {
            regaugeDue: state.casks.filter((c) => caskAlertsOf(c).regaugeDue).length,
            abvNearForty: state.casks.filter((c) => caskAlertsOf(c).abvNearForty).length,
          },
          offers: {
            activeOffers: initial.offers
              ? state.offers.filter((o) => o.isActive).length
              : state.totals.activeOffers,
          },
          payments: { totalRevenue: state.totals.totalRevenue },
        },
      } satisfies DashboardResponse);
    }
    if (method === 'GET' && path === '/api/admin/dashboard/trends') {
      if (state.failing.has('trends')) return fail();
      const months = trendMonths(new Date().toISOString().slice(0, 10));
      const last = months.length - 1;
      const portfolio = state.casks.reduce((sum, cask) => sum + Number(cask.currentValue ?? 0), 0);
      const trends: DashboardTrends = initial.trends ?? {
        revenueByMonth: months.map((month, index) => ({
          month,
          revenue: index === last ? state.totals.totalRevenue : 0,
        })),
        casksByStatus: (['Ready', 'Maturing', 'Experience'] as const).map((status) => ({
          status,
          count: state.casks.filter((cask) => cask.status === status).length,
        })),
        portfolioValue: months.map((month, index) => ({
          month,
          value: index === last ? portfolio : 0,
        })),
      };
      return json(200, { success: true, data: trends });
    }
    if (method === 'GET' && path === '/api/audit') {
      // As the API: every given filter narrows; the search is a record id or a name's part.
      const search = (query.search ?? '').toLowerCase();
      const kept = state.audit.filter(
        (entry) =>
          (!query.admin || entry.adminId === query.admin) &&
          (!query.action || entry.action === query.action) &&
          (!query.recordType || entry.recordType === query.recordType) &&
          (!query.recordId || entry.recordId === query.recordId) &&
          (!query.from || entry.time >= query.from) &&
          (!query.to || entry.time < query.to) &&
          (!search ||
            entry.recordId === query.search ||
            (entry.recordName ?? '').toLowerCase().includes(search)),
      );
      const { rows, pagination } = page(kept, query, 20);
      return json(200, {
        success: true,
        data: { entries: rows, pagination },
      } satisfies AuditListResponse);
    }
    const exportList = /^\/api\/exports\/([a-z]+)$/.exec(path)?.[1];
    if (method === 'POST' && exportList !== undefined && exportList !== 'download') {
      if (state.exportRefusal) {
        return json(state.exportRefusal.status, {
          success: false,
          message: state.exportRefusal.message,
        });
      }
      const id = testUuid();
      state.exports.push({ id, list: exportList, query });
      return json(201, {
        success: true,
        data: {
          export: {
            id,
            url: `/exports/download?token=t-${id}`,
            expiresAt: new Date(Date.now() + 60_000).toISOString(),
          },
        },
      } satisfies CreateExportResponse);
    }
    if (method === 'GET' && state.exports.some((e) => path === `/api/exports/${e.id}`)) {
      const exportState =
        state.exportStates.length > 1 ? state.exportStates.shift()! : state.exportStates[0]!;
      return json(200, {
        success: true,
        data: { state: exportState, rows: exportState === 'done' ? 3 : null },
      } satisfies ExportStatusResponse);
    }
    if (method === 'GET' && path === '/api/audit/admins') {
      const search = (query.search ?? '').toLowerCase();
      return json(200, {
        success: true,
        data: {
          admins: state.auditAdmins.filter((a) => a.fullName.toLowerCase().includes(search)),
        },
      });
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
        casks: c.balance,
        totalInvestmentAmount: c.totalInvestmentAmount,
        referralPoints: c.referralPoints,
      }));
      return json(200, {
        success: true,
        data: { rewards, pagination },
      } satisfies RewardListResponse);
    }
    if (method === 'POST' && path === '/api/users/bulk/deleted') {
      const { changes } = request.body as UserDeletedChanges;
      const done = changes.map(({ id, deleted }) => {
        if (deleted) {
          const index = state.customers.findIndex((c) => c.id === id);
          state.deleted.set(id, { index, row: state.customers[index]! });
          state.customers.splice(index, 1);
        } else {
          const { index, row } = state.deleted.get(id)!;
          state.deleted.delete(id);
          state.customers.splice(index, 0, row as FakeCustomer);
        }
        return { id, before: { deleted: !deleted }, after: { deleted } };
      });
      return json(200, {
        success: true,
        data: { bulkId: bulkIdOf(request.body), changes: done },
      } satisfies UserDeletedChangesResponse);
    }
    if (method === 'POST' && path === '/api/users/bulk/active') {
      const { changes } = request.body as UserActiveChanges;
      const done = setActive(state.customers, changes);
      return json(200, {
        success: true,
        data: { bulkId: bulkIdOf(request.body), changes: done },
      } satisfies UserActiveChangesResponse);
    }
    const details = /^\/api\/users\/([^/]+)\/details$/.exec(path);
    if (method === 'PUT' && details) {
      const target = state.customers.find((c) => c.id === details[1]);
      if (!target) return notFound('User not found');
      const stale = refuseStaleSave(request, target.version);
      if (stale) return stale;
      const body = request.body as CustomerDetailsBody;
      const email = body.email.toLowerCase();
      if (state.customers.some((c) => c !== target && c.email.toLowerCase() === email)) {
        const message = CUSTOMER_EMAIL_TAKEN;
        return json(409, { success: false, message, errors: [{ field: 'email', message }] });
      }
      Object.assign(target, { fullName: body.fullName, email, phone: body.phone || null });
      target.version = nextVersion(target.version);
      return json(200, {
        success: true,
        data: { user: asUser(target) },
      } satisfies UpdateUserResponse);
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
      state.deleted.set(customer.id, { index: state.customers.indexOf(customer), row: customer });
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
    if (method === 'POST' && path === '/api/referrals/bulk/status') {
      // All or nothing, as the API: a referral not there, or a referrer who no longer holds the
      // points a referral credited, fails the whole change (409) and is named.
      const { changes } = request.body as ReferralStatusChanges;
      const failed = changes.flatMap(({ id, status }, index) => {
        const found = state.referrals.find((r) => r.id === id);
        if (!found) return [{ index, message: 'Referral not found' }];
        const referrer = state.customers.find((c) => c.id === found.referrer.id);
        const takesBack = found.status === 'completed' && status === 'pending';
        return referrer && takesBack && referrer.referralPoints < found.pointsAwarded
          ? [
              {
                index,
                message: `${referrer.fullName} has ${referrer.referralPoints} points left, fewer than the ${found.pointsAwarded} this referral credited, so it cannot go back to pending`,
              },
            ]
          : [];
      });
      if (failed.length > 0) return bulkRefusal(changes.length, failed);
      const done = changes.map(({ id, status, completedDate }) => {
        const index = state.referrals.findIndex((r) => r.id === id);
        const found = state.referrals[index]!;
        const before = { status: found.status, completedDate: found.completedDate };
        if (status === found.status) return { id, before, after: before };
        const after = {
          status,
          completedDate:
            status === 'completed' ? (completedDate ?? new Date().toISOString()) : null,
        };
        const referrer = state.customers.find((c) => c.id === found.referrer.id);
        if (referrer) {
          referrer.referralPoints +=
            status === 'completed' ? found.pointsAwarded : -found.pointsAwarded;
        }
        state.referrals[index] = { ...found, ...after, version: nextVersion(found.version) };
        return { id, before, after };
      });
      return json(200, {
        success: true,
        message: 'Referral statuses updated',
        data: { bulkId: bulkIdOf(request.body), changes: done },
      } satisfies ReferralStatusChangesResponse);
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
    if (method === 'POST' && path === '/api/notifications/bulk/read') {
      // For this admin, all or nothing, as the API: a notification not there fails the change.
      const { changes } = request.body as NotificationReadChanges;
      const failed = changes.flatMap(({ id }, index) =>
        state.notifications.some((n) => n.id === id)
          ? []
          : [{ index, message: 'Notification not found' }],
      );
      if (failed.length > 0) return bulkRefusal(changes.length, failed);
      const done = changes.map(({ id, isRead }) => {
        const index = state.notifications.findIndex((n) => n.id === id);
        const found = state.notifications[index]!;
        state.notifications[index] = { ...found, isRead };
        return { id, before: { isRead: found.isRead }, after: { isRead } };
      });
      return json(200, {
        success: true,
        data: { bulkId: bulkIdOf(request.body), changes: done },
      } satisfies NotificationReadChangesResponse);
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
    if (method === 'GET' && path === '/api/search') {
      // modules/search: each kind's first five matches of the term, as the lists match it.
      if (state.failing.has('search')) return fail();
      const term = (query.q ?? '').trim().toLowerCase();
      if (term === '') {
        return json(400, {
          success: false,
          message: 'Search is required',
          errors: [{ field: 'q', message: 'Search is required' }],
        });
      }
      const has = (...fields: (string | null | undefined)[]) =>
        fields.some((field) => (field ?? '').toLowerCase().includes(term));
      return json(200, {
        success: true,
        data: {
          customers: state.customers
            .filter((c) => has(c.fullName, c.email))
            .slice(0, SEARCH_KIND_LIMIT)
            .map(({ id, fullName, email }) => ({ id, fullName, email })),
          casks: state.casks
            .filter((c) => has(c.name, c.distillery))
            .slice(0, SEARCH_KIND_LIMIT)
            .map(({ id, name, distillery, status }) => ({ id, name, distillery, status })),
          orders: state.orders
            .filter(
              (o) => has(o.title, o.personalInfo.fullName, o.reference) && o.user.id !== undefined,
            )
            .slice(0, SEARCH_KIND_LIMIT)
            .map((o) => ({
              id: o._id,
              reference: o.reference,
              title: o.title,
              status: o.status,
              customerId: o.user.id ?? '',
              customerName: o.personalInfo.fullName ?? o.user.fullName,
            })),
          offers: state.offers
            .filter((o) => has(o.title))
            .slice(0, SEARCH_KIND_LIMIT)
            .map(({ id, title, type }) => ({ id, title, type })),
        },
      } satisfies SearchResponse);
    }
    if (method === 'GET' && path === '/api/purchases') {
      if (state.failing.has('orders')) return fail();
      const search = (query.search ?? '').trim().toLowerCase();
      const matches = state.orders.filter(
        (o) =>
          (!query.status || o.status === query.status) &&
          (!query.orderedFrom || o.createdAt >= new Date(query.orderedFrom).toISOString()) &&
          (!query.orderedTo || o.createdAt < new Date(query.orderedTo).toISOString()) &&
          ((o.personalInfo.fullName ?? '').toLowerCase().includes(search) ||
            o.title.toLowerCase().includes(search) ||
            o.reference.toLowerCase().includes(search)),
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
    if (method === 'POST' && path === '/api/purchases/bulk/deleted') {
      const { changes } = request.body as OrderDeletedChanges;
      const done = changes.map(({ id }) => {
        const { index, row } = state.deleted.get(id)!;
        state.deleted.delete(id);
        state.orders.splice(index, 0, row as Order);
        return { id, before: { deleted: true }, after: { deleted: false } };
      });
      return json(200, {
        success: true,
        data: { bulkId: bulkIdOf(request.body), changes: done },
      } satisfies OrderDeletedChangesResponse);
    }
    if (method === 'POST' && path === '/api/purchases/bulk/status') {
      // All or nothing, as the API: an order not there fails the whole change (409).
      const { changes } = request.body as OrderStatusChanges;
      const missing = changes.flatMap(({ id }, index) =>
        state.orders.some((o) => o._id === id)
          ? []
          : [{ index, message: 'Order not found (deleted, or never there)' }],
      );
      if (missing.length > 0) return bulkRefusal(changes.length, missing);
      const done = changes.map(({ id, status }) => {
        const changed = state.orders.find((o) => o._id === id)!;
        const before = { status: changed.status };
        changed.status = status;
        return { id, before, after: { status } };
      });
      return json(200, {
        success: true,
        data: { bulkId: bulkIdOf(request.body), changes: done },
      } satisfies OrderStatusChangesResponse);
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
      state.deleted.set(order._id, { index: state.orders.indexOf(order), row: order });
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
    if (method === 'POST' && path === '/api/offers/bulk/deleted') {
      const { changes } = request.body as OfferDeletedChanges;
      const done = changes.map(({ id }) => {
        const { index, row } = state.deleted.get(id)!;
        state.deleted.delete(id);
        state.offers.splice(index, 0, row as Offer);
        return { id, before: { deleted: true }, after: { deleted: false } };
      });
      return json(200, {
        success: true,
        data: { bulkId: bulkIdOf(request.body), changes: done },
      } satisfies OfferDeletedChangesResponse);
    }
    if (method === 'POST' && path === '/api/casks/bulk/deleted') {
      const { changes } = request.body as CaskDeletedChanges;
      const done = changes.map(({ id }) => {
        const { index, row } = state.deleted.get(id)!;
        state.deleted.delete(id);
        state.casks.splice(index, 0, row as Cask);
        state.totals.totalCasks += 1;
        return { id, before: { deleted: true }, after: { deleted: false } };
      });
      return json(200, {
        success: true,
        data: { bulkId: bulkIdOf(request.body), changes: done },
      } satisfies CaskDeletedChangesResponse);
    }
    if (method === 'POST' && path === '/api/offers/bulk/active') {
      const { changes } = request.body as OfferActiveChanges;
      const done = setActive(state.offers, changes);
      return json(200, {
        success: true,
        data: { bulkId: bulkIdOf(request.body), changes: done },
      } satisfies OfferActiveChangesResponse);
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
      state.deleted.set(offer.id, { index: state.offers.indexOf(offer), row: offer });
      state.offers = state.offers.filter((o) => o !== offer);
      return json(200, {
        success: true,
        message: 'Offer deleted successfully',
        data: { id: offer.id, retired: true },
      } satisfies DeleteOfferResponse);
    }
    if (method === 'GET' && path === '/api/casks') {
      if (state.failing.has('casks')) return fail();
      const search = (query.search ?? '').trim().toLowerCase();
      const alert = query.alert as 'regauge-due' | 'abv-near-40' | undefined;
      const found = state.casks.filter((c) => {
        const alerts = caskAlertsOf(c);
        return (
          `${c.name} ${c.distillery ?? ''}`.toLowerCase().includes(search) &&
          (alert === undefined ||
            (alert === 'regauge-due' ? alerts.regaugeDue : alerts.abvNearForty))
        );
      });
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
    const customerPage =
      /^\/api\/users\/([^/]+)\/(record|casks|past-casks|orders|referrals|points|notifications)$/.exec(
        path,
      );
    if (method === 'GET' && customerPage) {
      const invalid = badId(customerPage[1]);
      if (invalid) return invalid;
      const customer = state.customers.find((c) => c.id === customerPage[1]);
      if (!customer) return notFound('User not found');
      const held = state.casks.filter((c) => c.owner.id === customer.id);
      if (customerPage[2] === 'record') {
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
      // The sections the tests fill: the customer's casks and the referrals they are part of.
      const rows: unknown[] =
        customerPage[2] === 'casks'
          ? held.map((c) => ({
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
            }))
          : customerPage[2] === 'past-casks'
            ? state.transfers
                .filter((t) => t.transfer.from.id === customer.id)
                .map(({ caskId, transfer }) => ({
                  id: transfer.id,
                  cask: {
                    id: caskId,
                    name: state.casks.find((c) => c.id === caskId)?.name ?? '',
                  },
                  transferredOn: transfer.transferredOn,
                  to: transfer.to,
                  price: transfer.price,
                }))
            : customerPage[2] === 'referrals'
              ? state.referrals
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
                  })
              : [];
      const { rows: items, pagination } = page(rows, query, 5);
      return json(200, { success: true, data: { items, pagination } });
    }
    const caskRecord = /^\/api\/casks\/([^/]+)(\/record|\/regauges|\/transfers|\/provenance)$/.exec(
      path,
    );
    const recorded = caskRecord && state.casks.find((c) => c.id === caskRecord[1]);
    if (caskRecord && method !== 'DELETE') {
      const invalid = badId(caskRecord[1]);
      if (invalid) return invalid;
      if (!recorded) return notFound('Cask not found');
      const answer = (status: number, message?: string) =>
        json(status, {
          success: true,
          ...(message ? { message } : {}),
          data: {
            cask: recorded,
            regauges: state.regauges.filter((g) => g.caskId === recorded.id).map((g) => g.gauge),
            transfers: state.transfers
              .filter((t) => t.caskId === recorded.id)
              .map((t) => t.transfer),
            alerts: caskAlertsOf(recorded),
          },
        } satisfies CaskRecordResponse);
      if (method === 'GET' && caskRecord[2] === '/record') return answer(200);
      if (method === 'GET' && caskRecord[2] === '/provenance') {
        const events = state.provenance.filter((e) => e.caskId === recorded.id).map((e) => e.event);
        return json(200, { success: true, data: { events } } satisfies ProvenanceResponse);
      }
      if (method === 'POST' && caskRecord[2] === '/regauges') {
        // The server's checks are tested against the real API; the fake refuses one for the
        // screen's sake: an ABV above 100, under the field.
        const body = request.body as { gaugedOn: string; bulkLitres: string; abv: string };
        const abv = parseAbv(body.abv, 'ABV (%)');
        if (typeof abv !== 'number')
          return json(400, {
            success: false,
            message: abv.error,
            errors: [{ field: 'abv', message: abv.error }],
          });
        const bulkLitres = Number(body.bulkLitres);
        const gauge: Regauge = {
          id: testUuid(),
          gaugedOn: body.gaugedOn,
          bulkLitres,
          abv,
          lpa: Math.round(bulkLitres * abv * 10) / 1000,
          yearlyLoss: null,
          admin: state.profile.fullName,
          createdAt: new Date().toISOString(),
        };
        state.regauges.unshift({ caskId: recorded.id, gauge });
        // The latest gauge is the cask's Volume and ABV (docs/decisions/305).
        if (recorded.gaugedOn === null || gauge.gaugedOn >= recorded.gaugedOn)
          Object.assign(recorded, { volume: bulkLitres, abv, gaugedOn: gauge.gaugedOn });
        state.provenance.unshift({
          caskId: recorded.id,
          event: {
            kind: 'regauge',
            at: gauge.createdAt,
            summary: `Regauged on ${gauge.gaugedOn}`,
            admin: state.profile.fullName,
          },
        });
        return answer(201, 'Regauge recorded successfully!');
      }
      if (method === 'POST' && caskRecord[2] === '/transfers') {
        const body = request.body as { toCustomerId: string; transferredOn: string; price: string };
        const to = state.customers.find((c) => c.id === body.toCustomerId);
        if (!to || to.id === recorded.owner.id) {
          const message = to ? 'The new owner already owns this cask' : 'Customer not found';
          return json(400, {
            success: false,
            message,
            errors: [{ field: 'toCustomerId', message }],
          });
        }
        const transfer: CaskTransfer = {
          id: testUuid(),
          transferredOn: body.transferredOn,
          from: { id: recorded.owner.id, fullName: recorded.owner.fullName },
          to: { id: to.id, fullName: to.fullName },
          price: body.price ? Number(body.price) : null,
          note: null,
          admin: state.profile.fullName,
          createdAt: new Date().toISOString(),
        };
        state.transfers.unshift({ caskId: recorded.id, transfer });
        recorded.owner = { id: to.id, fullName: to.fullName, email: to.email };
        return answer(201, 'Ownership transferred successfully!');
      }
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
      state.deleted.set(target.id, { index: state.casks.indexOf(target), row: target });
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
