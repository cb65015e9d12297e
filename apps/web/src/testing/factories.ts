import type { Approval } from '@cask/contracts/approvals';
import type { AdminAccount, InviteDetails } from '@cask/contracts/admins';
import type { AdminProfile } from '@cask/contracts/auth';
import type { AuditEntry } from '@cask/contracts/audit';
import type { Cask, Warehouse } from '@cask/contracts/casks';
import type { Notification } from '@cask/contracts/notifications';
import type { Offer } from '@cask/contracts/offers';
import type { Order } from '@cask/contracts/orders';
import type { Referral } from '@cask/contracts/referrals';
import type { TotpSetup } from '@cask/contracts/security';

/**
 * Test support: the rows a test seeds the in-memory API with (`seedApi` in ./store.ts), and the
 * admins and secrets the handlers of ./handlers/ know. Every row has its contract's type.
 */

let uuidCounter = 0;
/** A unique, valid UUID per call, for test data (the contracts check that ids are UUIDs). */
export function testUuid(): string {
  uuidCounter += 1;
  return `00000000-0000-4000-8000-${String(uuidCounter).padStart(12, '0')}`;
}

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

/** The password the test API's step-up (`POST /api/auth/reauthenticate`) takes. */
export const STEP_UP_PASSWORD = 'right password';

/** The code the test API's authenticator shows: sign-in's second step and step-up take it. */
export const TOTP_CODE = '123456';

/**
 * The recovery codes the test API hands out (two-factor set up, or new codes asked for); sign-in's
 * second step takes any of them.
 */
export const RECOVERY_CODES = Array.from(
  { length: 10 },
  (_, i) => `abcde-${String(i).padStart(5, '0')}`,
);

/** The key the test API's authenticator set-up shows, and its QR code. */
export const TOTP_SETUP: TotpSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Cask%20Admin:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};

/** The challenge the test API's sign-in answers for an admin with two-factor on. */
export const SECOND_FACTOR_CHALLENGE = 'second-factor-challenge-1';

/** The tokens the test API issues: a sign-in, a refresh, a password change. */
export const ISSUED_TOKENS = { accessToken: 'new-access-token', refreshToken: 'new-refresh-token' };

/** Where the test API stores an uploaded avatar (POST /api/auth/upload-avatar answers it). */
export const UPLOADED_AVATAR = '/uploads/9a4f2a8e-3c55-4b6d-8f0e-2a1b3c4d5e6f';

/** The accept-invite link's token the test API takes once (any other is refused). */
export const GOOD_INVITE_TOKEN = 'good-invite-token';

/** The invite GOOD_INVITE_TOKEN opens, as GET /api/auth/accept-invite tells it. */
export const GOOD_INVITE: InviteDetails = {
  fullName: 'Nina New',
  email: 'nina@example.com',
  role: 'admin',
  invitedBy: 'Olive Owner',
};

/**
 * The test API's stand-in for the server's list of common passwords (docs/decisions/320): a new
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

export interface StoredCustomer {
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

export function aCustomer(overrides: Partial<StoredCustomer> = {}): StoredCustomer {
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
export function manyCustomers(n: number): StoredCustomer[] {
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

/** A bonded warehouse (issue 44) as GET /api/warehouses answers it. */
export function aWarehouse(overrides: Partial<Warehouse> = {}): Warehouse {
  const id = testUuid();
  return { id, name: `Warehouse ${id.slice(-4)}`, city: 'Dufftown', ...overrides };
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
    caskNumber: null,
    fillDate: null,
    warehouse: null,
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
 * A referral; pass `referrer: { id: customer.id, ... }` of a stored customer for its completion to
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

/** `n` referrals of Referee 1 … Referee n, each with `overrides`. */
export function manyReferrals(n: number, overrides: Partial<Referral> = {}): Referral[] {
  return Array.from({ length: n }, (_, index) =>
    aReferral({
      referee: {
        id: crypto.randomUUID(),
        fullName: `Referee ${index + 1}`,
        email: `referee${index + 1}@example.com`,
      },
      ...overrides,
    }),
  );
}

/** A row of the Admins screen: an active Admin named 'Someone' unless `overrides` say otherwise. */
export function anAdminAccount(overrides: Partial<AdminAccount> = {}): AdminAccount {
  return {
    id: crypto.randomUUID(),
    fullName: 'Someone',
    email: `${crypto.randomUUID().slice(0, 8)}@example.com`,
    role: 'admin',
    status: 'active',
    twoFactorEnabled: false,
    lastSignedInAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An Admin's own profile (the Profile screen's): Morag Campbell, no phone, no picture. */
export const moragAdmin: AdminProfile = {
  id: '3b0c1c7e-5d55-4f1b-9c11-0d3f1a6b2e01',
  fullName: 'Morag Campbell',
  email: 'morag@example.com',
  phone: null,
  role: 'admin',
  avatar: null,
};

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

/** Issue 45: a pending request of Olive's to add 5,000 points to Morag Campbell. */
export function anApproval(overrides: Partial<Approval> = {}): Approval {
  const requestedAt = '2026-03-02T09:30:00.000Z';
  return {
    id: testUuid(),
    action: 'manualPoints',
    status: 'pending',
    recordId: testUuid(),
    record: 'Morag Campbell',
    summary: '+5000 points',
    before: { referralPoints: 120 },
    after: { referralPoints: 5120, points: 5000 },
    reason: 'Whisky festival prize',
    requestedBy: { id: olive.id, fullName: olive.fullName },
    requestedAt,
    expiresAt: '2026-03-09T09:30:00.000Z',
    decidedBy: null,
    decidedAt: null,
    note: null,
    ...overrides,
  };
}
