import type { AdminAccount } from '@cask/contracts/admins';
import type { AdminProfile } from '@cask/contracts/auth';
import type { Approval, ApprovalPolicy } from '@cask/contracts/approvals';
import { DEFAULT_APPROVAL_POLICY } from '@cask/contracts/approvals';
import type { AuditAdmin, AuditEntry, AuditVerification } from '@cask/contracts/audit';
import type { Cask, Warehouse } from '@cask/contracts/casks';
import type {
  CaskTransfer,
  LatestValuation,
  ProvenanceEvent,
  Regauge,
} from '@cask/contracts/cask-records';
import type { DashboardTrends } from '@cask/contracts/dashboard';
import type { ExportState } from '@cask/contracts/exports';
import type { Notification } from '@cask/contracts/notifications';
import type { Offer } from '@cask/contracts/offers';
import type { Order } from '@cask/contracts/orders';
import type { SavedReconciliation } from '@cask/contracts/reconciliations';
import type { Referral } from '@cask/contracts/referrals';
import type { PasskeyItem, SessionItem } from '@cask/contracts/security';
import type { TermsDocument } from '@cask/contracts/terms';
import { ada, type StoredCustomer } from './factories.ts';

/**
 * Test support: the small in-memory store the msw handlers of ./handlers/ answer from
 * (docs/decisions/353). A test seeds it with `seedApi({ ... })` before `renderApp`; setup.ts
 * empties it after each test. Lists are newest first, as the server orders them.
 */

export interface Seed {
  profile?: AdminProfile;
  customers?: StoredCustomer[];
  /** The Admins screen's rows (admins and outstanding invites), newest first. */
  admins?: AdminAccount[];
  notifications?: Notification[];
  orders?: Order[];
  /** The catalogue; when given, the dashboard's Active Offers card counts its active ones. */
  offers?: Offer[];
  casks?: Cask[];
  /** GET /api/warehouses, by name (issue 44); a cask names one as its `warehouse`. */
  warehouses?: Warehouse[];
  referrals?: Referral[];
  /** The audit log, newest first; `auditAdmins`: its Admin filter's choices. */
  audit?: AuditEntry[];
  auditAdmins?: AuditAdmin[];
  /** What GET /audit/verification answers (issue 45); by default a verified chain of 3. */
  auditVerification?: AuditVerification;
  totals?: { totalCasks?: number; activeOffers?: number; totalRevenue?: number };
  /**
   * The session's proof of identity is older than 10 minutes: the Owner's changes on the Admins
   * screen (invites, their resends and withdrawals included) and the Security screen's changes of
   * a way to sign in or of the policy answer 403 `reauthentication_required` until
   * POST /api/auth/reauthenticate confirms STEP_UP_PASSWORD (or, with two-factor on, TOTP_CODE).
   */
  stepUpStale?: boolean;
  /** The dashboard's trends; by default this month holds the Total Value and the casks' values. */
  trends?: DashboardTrends;
  /** The signed-in admin's security (the Security screen, sign-in's second step). */
  security?: Partial<SecurityState>;
  /** Issue 45: the approval requests, newest first (`anApproval`). */
  approvals?: Approval[];
  /** Issue 45: the Approvals policy; every action off by default, as a fresh install. */
  approvalPolicy?: ApprovalPolicy;
  /** Issue 45: what GET /approvals/pending-count answers; by default the store's pending ones. */
  pendingApprovals?: number;
  /** The saved privacy policy; none by default (GET /api/terms answers no content). */
  privacyPolicy?: { content: string; updatedAt: string };
}

/** The signed-in admin's second factor, the club's policy, sessions and passkeys. */
export interface SecurityState {
  /** An authenticator app is set up: sign-in asks for TOTP_CODE, step-up takes it. */
  twoFactorEnabled: boolean;
  requireTwoFactor: boolean;
  sessions: SessionItem[];
  passkeys: PasskeyItem[];
  /** The origin passkeys belong to (POST /security/passkeys/options); by default this page's. */
  passkeyOrigin: string;
}

/** What a test sees of one request the app sent: the parts the API cares about. */
export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Headers;
  /** Whether cookies go with it ('include' for every call of the API client). */
  credentials: RequestCredentials;
  /** Parsed JSON, the FormData as sent, or undefined (filled once the body is read). */
  body: unknown;
}

function emptyStore(seed: Seed) {
  const privacyPolicy: TermsDocument = {
    type: 'privacy',
    content: seed.privacyPolicy?.content ?? null,
    updatedAt: seed.privacyPolicy?.updatedAt ?? null,
  };
  return {
    seed,
    profile: seed.profile ?? ada,
    customers: [...(seed.customers ?? [])],
    admins: [...(seed.admins ?? [])],
    inviteSpent: false,
    stepUpStale: seed.stepUpStale ?? false,
    security: {
      twoFactorEnabled: false,
      requireTwoFactor: false,
      passkeyOrigin: window.location.origin,
      ...seed.security,
      sessions: [...(seed.security?.sessions ?? [])],
      passkeys: [...(seed.security?.passkeys ?? [])],
    } satisfies SecurityState,
    privacyPolicy,
    notifications: [...(seed.notifications ?? [])],
    orders: [...(seed.orders ?? [])],
    offers: [...(seed.offers ?? [])],
    casks: [...(seed.casks ?? [])],
    warehouses: [...(seed.warehouses ?? [])],
    regauges: [] as { caskId: string; gauge: Regauge }[],
    transfers: [] as { caskId: string; transfer: CaskTransfer }[],
    /** Valuations recorded (issue 44), the newest recorded first. */
    valuations: [] as { caskId: string; valuation: LatestValuation }[],
    provenance: [] as { caskId: string; event: ProvenanceEvent }[],
    referrals: [...(seed.referrals ?? [])],
    audit: [...(seed.audit ?? [])],
    approvals: [...(seed.approvals ?? [])],
    approvalPolicy: structuredClone(seed.approvalPolicy ?? DEFAULT_APPROVAL_POLICY),
    /** Exports asked for, and the states GET /exports/:id answers in turn (the last repeats). */
    exports: [] as { id: string; list: string; query: Record<string, string> }[],
    exportStates: ['running', 'done'] as ExportState[],
    /** While set, `POST /exports/<list>` answers this refusal (429 one at a time, 503 busy). */
    exportRefusal: null as { status: 429 | 503; message: string } | null,
    auditAdmins: [...(seed.auditAdmins ?? [])],
    auditVerification: seed.auditVerification ?? {
      verified: true,
      entries: 3,
      lastAt: '2026-03-05T10:00:00.000Z',
      mismatch: null,
      line: 'Audit log verified: 3 entries, last 2026-03-05T10:00:00.000Z',
    },
    /** Reconcile's saved reports (issue 44), newest first. */
    reconciliations: [] as SavedReconciliation[],
    totals: { totalCasks: 180, activeOffers: 12, totalRevenue: 125_500, ...seed.totals },
    /** While set, list reads (users, rewards, orders, offers, referrals) wait for it. */
    hold: null as Promise<void> | null,
    /** Every request the app sent, in order (recorded by ./server.ts). */
    requests: [] as SentRequest[],
    /** Rows deleted, with where they stood, so POST .../bulk/deleted can put them back (undo). */
    deleted: new Map<string, { index: number; row: StoredCustomer | Order | Offer | Cask }>(),
  };
}

/** The lists whose rows a delete takes out and an undo puts back, with their rows' type. */
interface DeletableRows {
  customers: StoredCustomer;
  orders: Order;
  offers: Offer;
  casks: Cask;
}
type Deletable = keyof DeletableRows;

/** A row's id: an order's is `_id`, as the API names it. */
const idOf = (row: DeletableRows[Deletable]) => ('_id' in row ? row._id : row.id);

/**
 * Deletes `row` from the store's `list` (a DELETE, or a bulk delete), remembering where it stood
 * so `restoreRow` can put it back.
 */
export function deleteRow<K extends Deletable>(list: K, row: DeletableRows[K]) {
  const rows = current[list] as DeletableRows[K][];
  const index = rows.indexOf(row);
  rows.splice(index, 1);
  current.deleted.set(idOf(row), { index, row });
}

/** Puts the row deleted as `id` back where it stood in `list` (POST .../bulk/deleted: the undo). */
export function restoreRow<K extends Deletable>(list: K, id: string): DeletableRows[K] {
  const { index, row } = current.deleted.get(id)!;
  current.deleted.delete(id);
  (current[list] as DeletableRows[K][]).splice(index, 0, row as DeletableRows[K]);
  return row as DeletableRows[K];
}

export type Store = ReturnType<typeof emptyStore>;

let current: Store = emptyStore({});

/** The store the handlers answer from. */
export const db = (): Store => current;

/** Empties the store (setup.ts, after each test). */
export function resetStore() {
  current = emptyStore({});
}

/** A list read waits here while a test holds the lists (a slow network). */
export async function listsReleased() {
  if (current.hold) await current.hold;
}

/**
 * Seeds the store for this test and returns it with what a test asks of it: `state` (the store,
 * which a test may change between steps), `sent(method, path)` and `holdLists()`.
 */
export function seedApi(seed: Seed = {}) {
  const state = emptyStore(seed);
  current = state;
  return {
    state,
    /** The requests sent so far to `method path`. */
    sent: (method: string, path: string) =>
      state.requests.filter((request) => request.method === method && request.path === path),
    /** Makes list reads wait until the returned function is called. */
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

export type TestApi = ReturnType<typeof seedApi>;
