import { and, eq, isNull, ne, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Referral } from '@cask/contracts/referrals';
import type { Database, DbOrTx } from '../../db/client.ts';
import {
  createListPipeline,
  isoTimeSql,
  windowSql,
  type ListRequest,
  type StatementValues,
} from '../../db/list-pipeline.ts';
import { COUNTER_NAMES } from '../../db/schema/counters.ts';
import { customers } from '../../db/schema/customers.ts';
import { pointTransactions } from '../../db/schema/point-transactions.ts';
import { purchases } from '../../db/schema/purchases.ts';
import { referrals, type ReferralStatus } from '../../db/schema/referrals.ts';
import type { PageWindow } from '../../lib/page-plan.ts';
import type { AccessClaims } from '../../lib/tokens.ts';
import { containsPattern } from '../customers/customers.repository.ts';

// The Referrals list (spec 001 §2-§3, issue 14) through db/list-pipeline.ts: the admin check,
// the four cards' counters, the exact count of a search and the page's rows in one statement.

/** The four cards and the list's totals without a search (migrations 0004, 0007). */
const REFERRAL_LIST_COUNTERS = [
  COUNTER_NAMES.referrals,
  COUNTER_NAMES.referralStatus('completed'),
  COUNTER_NAMES.referralStatus('pending'),
  COUNTER_NAMES.completedReferralRewards,
  COUNTER_NAMES.customersSearchVersion,
  COUNTER_NAMES.referralsSearchVersion,
] as const;

/** The referral columns the page subquery `w` has; the per-row columns are added over them. */
const REFERRAL_COLUMNS = [
  'id',
  'referrer_id',
  'referee_id',
  'referral_code',
  'status',
  'reward_amount',
  'currency',
  'completed_date',
  'first_purchase_amount',
  'first_purchase_date',
  'admin_notes',
  'points_awarded',
  'reward_paid',
  'created_at',
];

/** The customers a search names (case-insensitive substring of a name or an e-mail). */
function matchedCustomersSql(pattern: string): string {
  return (
    'select c.id from customers c' +
    ` where c.deleted_at is null and (c.full_name ilike ${pattern} or c.email ilike ${pattern})`
  );
}

/**
 * The referrals a search matches, as the union of three index-driven sets (docs/decisions/158):
 * referrals whose referrer (referrals_referrer_idx) or referee (referrals_referee_unique) is one
 * of the `matched` customers (the partial trigram indexes of customers, so customers not deleted),
 * and referrals whose code matches (referrals_code_trgm_idx). The status filter applies in each
 * branch. Selects `id` and `created_at`; `matched` is the caller's CTE.
 */
function searchHitsSql(pattern: string, status: string | undefined): string {
  const statusIs = status === undefined ? '' : ` and r.status = ${status}`;
  return (
    'select r.id, r.created_at from referrals r' +
    ` where r.referrer_id in (select id from matched)${statusIs}` +
    ' union select r.id, r.created_at from referrals r' +
    ` where r.referee_id in (select id from matched)${statusIs}` +
    ' union select r.id, r.created_at from referrals r' +
    ` where r.referral_code ilike ${pattern}${statusIs}`
  );
}

/**
 * Whether one referral (a row of `referrals`) matches the search, for a page read by walking
 * referrals_listing_idx until it is full: each customer is one primary-key probe. Scalar
 * subqueries, not EXISTS: PostgreSQL may turn an EXISTS into a hashed subplan that collects every
 * matching customer first, which is what the walk is there to avoid. A customer deleted since
 * answers null, which matches nothing, as in the union.
 */
function referralMatchesSql(pattern: string): string {
  const party = (column: string) =>
    `(select c.full_name ilike ${pattern} or c.email ilike ${pattern} from customers c` +
    ` where c.id = referrals.${column} and c.deleted_at is null)`;
  return (
    `(referrals.referral_code ilike ${pattern}` +
    ` or ${party('referrer_id')} or ${party('referee_id')})`
  );
}

interface ReferralFilter {
  /** Placeholders holding the status and containsPattern's result, when given. */
  status: string | undefined;
  pattern: string | undefined;
}

/**
 * The page subquery `w` (REFERRAL_COLUMNS) for a window, as lib/page-plan.ts planned it: walking
 * referrals_listing_idx from the nearer end, or, for a search with few matches, collecting the
 * matches through the union (sorting only them) and reading the page's referrals by id.
 */
export function referralWindowSql(
  window: PageWindow,
  filter: ReferralFilter,
  values: StatementValues,
): string {
  const { status, pattern } = filter;
  if (pattern !== undefined && window.read === 'matches-first') {
    if (!Number.isSafeInteger(window.limit) || window.limit < 0)
      throw new Error(`Unusable page size ${window.limit}`);
    const offset = values.add(window.offset);
    const columns = REFERRAL_COLUMNS.map((column) => `r.${column}`).join(', ');
    return (
      `with matched as materialized (${matchedCustomersSql(pattern)})` +
      ` select ${columns} from (select h.id from (${searchHitsSql(pattern, status)}) h` +
      ` order by h.created_at desc, h.id desc limit ${window.limit} offset ${offset}) h` +
      ' join referrals r on r.id = h.id'
    );
  }
  const conditions = [
    ...(status === undefined ? [] : [`referrals.status = ${status}`]),
    ...(pattern === undefined ? [] : [referralMatchesSql(pattern)]),
  ];
  return windowSql(
    {
      table: 'referrals',
      columns: REFERRAL_COLUMNS.join(', '),
      where: conditions.length === 0 ? 'true' : conditions.join(' and '),
    },
    window,
    values,
  );
}

/** The exact number of referrals a search matches (with the status filter, when given). */
export function countReferralMatchesSql(pattern: string, status: string | undefined): string {
  return (
    `with matched as materialized (${matchedCustomersSql(pattern)})` +
    ` select count(*)::int from (${searchHitsSql(pattern, status)}) h`
  );
}

/**
 * The page's columns over `w`: both customers (primary-key probes), and the referee's orders in
 * one probe of purchases_customer_idx, computed for the page's rows only. Orders that count leave
 * rejected and deleted (hidden, decision 151) ones out, as the Reward List's Invest column; the
 * `deleted_at is null` is also what lets the partial index serve them.
 */
const REFERRAL_ROW_SQL =
  'select w.id, w.referrer_id, referrer.full_name as referrer_name, referrer.email as referrer_email,' +
  ' w.referee_id, referee.full_name as referee_name, referee.email as referee_email,' +
  ' w.reward_amount, w.currency, w.status, w.completed_date,' +
  ' w.first_purchase_amount, w.first_purchase_date,' +
  ' w.referral_code, w.admin_notes, orders.order_count as total_purchases,' +
  ' orders.order_amount as total_purchase_amount, w.points_awarded, w.reward_paid, w.created_at';

function referralRowsSql(windowSqlText: string): string {
  return (
    `${REFERRAL_ROW_SQL} from (${windowSqlText}) w` +
    ' join customers referrer on referrer.id = w.referrer_id' +
    ' join customers referee on referee.id = w.referee_id' +
    ' cross join lateral (select count(*)::int as order_count,' +
    ' coalesce(sum(o.investment_amount), 0) as order_amount from purchases o' +
    " where o.customer_id = w.referee_id and o.status <> 'Reject' and o.deleted_at is null) orders"
  );
}

/** One row of referralRowsSql's columns as the contract's Referral; money as its exact decimal. */
const REFERRAL_JSON =
  "json_build_object('id', p.id, 'referrer', json_build_object('id', p.referrer_id," +
  " 'fullName', p.referrer_name, 'email', p.referrer_email), 'referee', json_build_object(" +
  "'id', p.referee_id, 'fullName', p.referee_name, 'email', p.referee_email)," +
  " 'rewardAmount', p.reward_amount, 'currency', p.currency, 'status', p.status," +
  ` 'completedDate', ${isoTimeSql('p.completed_date')},` +
  " 'firstPurchaseAmount', p.first_purchase_amount," +
  ` 'firstPurchaseDate', ${isoTimeSql('p.first_purchase_date')},` +
  " 'referralCode', p.referral_code, 'adminNotes', p.admin_notes," +
  " 'totalPurchases', p.total_purchases, 'totalPurchaseAmount', p.total_purchase_amount," +
  " 'pointsAwarded', p.points_awarded, 'rewardPaid', p.reward_paid," +
  ` 'createdAt', ${isoTimeSql('p.created_at')})`;

export interface ReferralPageRequest {
  page: number;
  limit: number;
  status?: ReferralStatus | undefined;
  search?: string | undefined;
}

/**
 * The Referrals list: newest first, every referral or one status, optionally searched. Without a
 * search the total is a counter. A search is counted on every request: no version counter moves
 * with every change that can change its count (customers.search_version, migration 0006, follows
 * the customers' names, e-mails and deletions, but not a referral's insertion, deletion, status or
 * code), so a remembered count could not be known to be exact.
 */
export function createReferralList(database: Database) {
  const read = createListPipeline<Referral>(database, {
    counters: REFERRAL_LIST_COUNTERS,
    order: 'p.created_at desc, p.id desc',
    itemJson: REFERRAL_JSON,
  });
  return (claims: AccessClaims, query: ReferralPageRequest) => {
    const { page, limit, status, search } = query;
    const pattern = search === undefined ? undefined : containsPattern(search);
    const filter = (values: StatementValues): ReferralFilter => ({
      status: status === undefined ? undefined : values.add(status),
      pattern: pattern === undefined ? undefined : values.add(pattern),
    });
    const request: ListRequest = {
      page,
      limit,
      key: `referrals:${status ?? ''}:${pattern ?? ''}`,
      listTotal: (counter) =>
        counter(
          status === undefined ? COUNTER_NAMES.referrals : COUNTER_NAMES.referralStatus(status),
        ),
      ...(pattern === undefined
        ? {}
        : {
            count: {
              sql: (values: StatementValues) =>
                countReferralMatchesSql(
                  values.add(pattern),
                  status === undefined ? undefined : values.add(status),
                ),
              // A search matches the referral's code and status and both customers' names and
              // e-mails: its count stays exact while neither data version moves (migration 0015).
              versionCounter: [
                COUNTER_NAMES.customersSearchVersion,
                COUNTER_NAMES.referralsSearchVersion,
              ],
            },
          }),
      pageSql: (window, values) =>
        referralRowsSql(referralWindowSql(window, filter(values), values)),
      plannedPerCall: pattern !== undefined,
      // A first search in this process collects its matches: walking the list for a rare term
      // would probe both customers of every referral (3 s over 100,000 referrals).
      ...(pattern === undefined ? {} : { firstRead: 'matches-first' as const }),
    };
    return read(claims, request);
  };
}

/** The counters of the four cards, as read with a page (a counter never written reads 0). */
export function referralStats(counter: (name: string) => number) {
  return {
    overall: {
      totalReferrals: counter(COUNTER_NAMES.referrals),
      completedReferrals: counter(COUNTER_NAMES.referralStatus('completed')),
      pendingReferrals: counter(COUNTER_NAMES.referralStatus('pending')),
      totalRewards: counter(COUNTER_NAMES.completedReferralRewards),
    },
  };
}

export interface ReferralRowData {
  id: string;
  referrer: { id: string; fullName: string; email: string };
  referee: { id: string; fullName: string; email: string };
  /** Numeric columns come back as exact text. */
  rewardAmount: string;
  currency: string;
  status: ReferralStatus;
  completedDate: Date | null;
  firstPurchaseAmount: string | null;
  firstPurchaseDate: Date | null;
  referralCode: string;
  adminNotes: string | null;
  totalPurchases: number;
  totalPurchaseAmount: string;
  pointsAwarded: number;
  rewardPaid: boolean;
  createdAt: Date;
}

const referrer = alias(customers, 'referrer');
const referee = alias(customers, 'referee');

/** One referral with both customers and the referee's orders (a status change's answer). */
export async function selectReferral(db: DbOrTx, id: string): Promise<ReferralRowData | undefined> {
  // Orders that count: as the list's (referralRowsSql).
  const orders = and(
    eq(purchases.customerId, referrals.refereeId),
    ne(purchases.status, 'Reject'),
    isNull(purchases.deletedAt),
  );
  const orderCount = db.$count(purchases, orders);
  const orderTotal = db
    .select({ total: sql<string>`coalesce(${sum(purchases.investmentAmount)}, 0)::text` })
    .from(purchases)
    .where(orders);
  const [row] = await db
    .select({
      id: referrals.id,
      referrer: { id: referrer.id, fullName: referrer.fullName, email: referrer.email },
      referee: { id: referee.id, fullName: referee.fullName, email: referee.email },
      rewardAmount: referrals.rewardAmount,
      currency: referrals.currency,
      status: referrals.status,
      completedDate: referrals.completedDate,
      firstPurchaseAmount: referrals.firstPurchaseAmount,
      firstPurchaseDate: referrals.firstPurchaseDate,
      referralCode: referrals.referralCode,
      adminNotes: referrals.adminNotes,
      totalPurchases: orderCount,
      totalPurchaseAmount: sql<string>`(${orderTotal})`,
      pointsAwarded: referrals.pointsAwarded,
      rewardPaid: referrals.rewardPaid,
      createdAt: referrals.createdAt,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
    .innerJoin(referee, eq(referee.id, referrals.refereeId))
    .where(eq(referrals.id, id));
  return row;
}

/** Locks one referral for a status change, so changes to it take turns; undefined if unknown. */
export async function lockReferral(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: referrals.id,
      status: referrals.status,
      referrerId: referrals.referrerId,
      pointsAwarded: referrals.pointsAwarded,
      completedDate: referrals.completedDate,
    })
    .from(referrals)
    .where(eq(referrals.id, id))
    .for('update');
  return row;
}

/** The points the ledger holds for this referral now: its credits minus their reversals. */
export async function readCreditedPoints(tx: DbOrTx, referralId: string): Promise<number> {
  const [row] = await tx
    .select({ points: sql<number>`coalesce(sum(${pointTransactions.points}), 0)::int` })
    .from(pointTransactions)
    .where(eq(pointTransactions.referralId, referralId));
  return row?.points ?? 0;
}

/**
 * Locks the referrer for a change of their balance. Deleted customers too: their ledger is kept
 * (DESIGN.md §6), and a referral they made may still be completed or reversed.
 */
export async function lockReferrer(tx: DbOrTx, customerId: string) {
  const [row] = await tx
    .select({ fullName: customers.fullName, pointsBalance: customers.pointsBalance })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!row) throw new Error('a referral points at a customer that does not exist');
  return row;
}

/** Completed: dated now; pending again: the completion date is cleared with it. */
export async function updateReferralStatus(tx: DbOrTx, id: string, status: ReferralStatus) {
  const [row] = await tx
    .update(referrals)
    .set({
      status,
      completedDate: status === 'completed' ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(referrals.id, id))
    .returning({ status: referrals.status, completedDate: referrals.completedDate });
  if (!row) throw new Error('a locked referral vanished inside its own transaction');
  return row;
}
