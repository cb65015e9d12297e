import { randomUUID } from 'node:crypto';
import type { BulkAction } from '../../db/bulk.ts';
import type { Actor } from '../../db/audit.ts';
import { runLockedEdit } from '../../db/locked-edit.ts';
import type { ExpectedRecordVersions } from '../../lib/preconditions.ts';
import { and, eq, isNull, ne, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BULK_REFERRAL_NOT_FOUND,
  type Referral,
  type referralListDefinition,
} from '@cask/contracts/referrals';
import type { ExportFilters } from '@cask/contracts/lists';
import type { Database, DbOrTx } from '../../db/client.ts';
import { searchPattern, type ExportSource } from '../../db/csv-export.ts';
import {
  type ListRequest,
  containsPattern,
  createList,
  searchTextSql,
  windowSql,
  type ListWindow,
} from '../../db/list.ts';
import { isoTimeSql, jsonObject } from '../../db/sql-fragments.ts';
import { customers, CUSTOMER_COUNTERS } from '../../db/schema/customers.ts';
import { pointTransactions } from '../../db/schema/point-transactions.ts';
import { orders } from '../../db/schema/orders.ts';
import { referrals, type ReferralStatus, REFERRAL_COUNTERS } from '../../db/schema/referrals.ts';
import { nextUpdatedAt, versionSql } from '../../db/versions.ts';

// The Referrals list (docs/screens/referrals.md) through db/list.ts: the four cards' counters, the
// exact count of a search and the page's rows in one statement.

/**
 * The four cards and the list's totals without a search (src/db/sql/034_referrals_counters.sql).
 */
const REFERRAL_LIST_COUNTERS = [
  REFERRAL_COUNTERS.total,
  REFERRAL_COUNTERS.status('completed'),
  REFERRAL_COUNTERS.status('pending'),
  REFERRAL_COUNTERS.completedRewardAmount,
  CUSTOMER_COUNTERS.searchVersion,
  REFERRAL_COUNTERS.searchVersion,
] as const;

export interface ReferralFilter {
  /** The status, and containsPattern's result, when given (values of the statement). */
  status: ReferralStatus | undefined;
  pattern: string | undefined;
}

/**
 * The referrals a filter matches. A search matches the code or either customer's name or e-mail
 * (a deleted customer's match nothing): referrals.search_text, kept by triggers (src/db/sql/060 to
 * 062, decision 176), so a referral is matched without reading its customers.
 */
function matchingReferralsSql(filter: ReferralFilter): SQL {
  const conditions = [
    ...(filter.status === undefined ? [] : [sql`status = ${filter.status}`]),
    ...(filter.pattern === undefined ? [] : [searchTextSql(filter.pattern)]),
  ];
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/**
 * The page subquery `w` (id, created_at) for a window, as lib/page-plan.ts planned it: walking
 * referrals_listing_idx (which carries search_text, so a search's walk is index-only) from the
 * nearer end, or, for a search with few matches, collecting them through the trigram index.
 */
export function referralWindowSql(window: ListWindow, filter: ReferralFilter): SQL {
  return windowSql(
    { table: 'referrals', columns: ['id', 'created_at'], where: matchingReferralsSql(filter) },
    window,
  );
}

/** The exact number of referrals a search matches (with the status filter, when given). */
export function countReferralMatchesSql(filter: ReferralFilter): SQL {
  return sql`select count(*)::int from referrals where ${matchingReferralsSql(filter)}`;
}

/**
 * The page's columns over `w`: both customers (primary-key probes), and the referee's orders in
 * one probe of orders_customer_idx, computed for the page's rows only. Orders that count leave
 * rejected and deleted (hidden, decision 151) ones out, as the Reward List's Invest column; the
 * `deleted_at is null` is also what lets the partial index serve them.
 */
function referralRowsSql(window: SQL): SQL {
  return sql`select r.id, r.referrer_id, referrer.full_name as referrer_name,
      referrer.email as referrer_email, r.referee_id, referee.full_name as referee_name,
      referee.email as referee_email, r.reward_amount, r.currency, r.status, r.completed_date,
      r.first_purchase_amount, r.first_purchase_date, r.referral_code, r.admin_notes,
      orders.order_count as total_purchases, orders.order_amount as total_purchase_amount,
      r.points_awarded, r.reward_paid, r.created_at, r.updated_at
    from (${window}) w
    join referrals r on r.id = w.id
    join customers referrer on referrer.id = r.referrer_id
    join customers referee on referee.id = r.referee_id
    cross join lateral (select count(*)::int as order_count,
      coalesce(sum(o.investment_amount), 0) as order_amount from orders o
      where o.customer_id = r.referee_id and o.status <> 'Reject' and o.deleted_at is null) orders`;
}

type Party = Referral['referrer'];

/** One row of referralRowsSql's columns as the contract's Referral; money as its exact decimal. */
const REFERRAL_ITEM = jsonObject<Referral>({
  id: sql`p.id`,
  referrer: jsonObject<Party>({
    id: sql`p.referrer_id`,
    fullName: sql`p.referrer_name`,
    email: sql`p.referrer_email`,
  }),
  referee: jsonObject<Party>({
    id: sql`p.referee_id`,
    fullName: sql`p.referee_name`,
    email: sql`p.referee_email`,
  }),
  rewardAmount: sql`p.reward_amount`,
  currency: sql`p.currency`,
  status: sql`p.status`,
  completedDate: isoTimeSql(sql`p.completed_date`),
  firstPurchaseAmount: sql`p.first_purchase_amount`,
  firstPurchaseDate: isoTimeSql(sql`p.first_purchase_date`),
  referralCode: sql`p.referral_code`,
  adminNotes: sql`p.admin_notes`,
  totalPurchases: sql`p.total_purchases`,
  totalPurchaseAmount: sql`p.total_purchase_amount`,
  pointsAwarded: sql`p.points_awarded`,
  rewardPaid: sql`p.reward_paid`,
  createdAt: isoTimeSql(sql`p.created_at`),
  version: versionSql(sql`p.updated_at`),
});

export interface ReferralPageRequest {
  page: number;
  limit: number;
  status?: ReferralStatus | undefined;
  search?: string | undefined;
  sort?: string | undefined;
}

/** The Referrals list's orders (issue 31): the contract's sort names to the referrals' columns. */
export const REFERRAL_LIST_SORTS = {
  createdAt: 'created_at',
  rewardAmount: 'reward_amount',
  status: 'status',
};

/**
 * The Referrals list: newest first, every referral or one status, optionally searched. Without a
 * search the total is a counter. A search's count is kept while neither customers.search_version
 * (names, e-mails, deletions) nor referrals.search_version (any change to a referral, which
 * includes the triggers rewriting its search text) moves: the triggers of
 * src/db/sql/030_customers_counters.sql and 034_referrals_counters.sql.
 */
export function createReferralList(database: Database) {
  const read = createList<Referral>(database, {
    counters: REFERRAL_LIST_COUNTERS,
    sorts: REFERRAL_LIST_SORTS,
    item: REFERRAL_ITEM,
  });
  return (query: ReferralPageRequest) => {
    const { page, limit, status, search } = query;
    const pattern = search === undefined ? undefined : containsPattern(search);
    const filter: ReferralFilter = { status, pattern };
    const request: ListRequest = {
      page,
      limit,
      sort: query.sort,
      key: `referrals:${status ?? ''}:${pattern ?? ''}`,
      listTotal: (counter) =>
        counter(status === undefined ? REFERRAL_COUNTERS.total : REFERRAL_COUNTERS.status(status)),
      ...(pattern === undefined
        ? {}
        : {
            search: {
              countSql: () => countReferralMatchesSql(filter),
              // A search matches the referral's code and status and both customers' names and
              // e-mails: its count stays exact while neither data version moves
              // (customers_search_version, referrals_search_version).
              versionCounters: [CUSTOMER_COUNTERS.searchVersion, REFERRAL_COUNTERS.searchVersion],
            },
          }),
      pageSql: (window) => referralRowsSql(referralWindowSql(window, filter)),
    };
    return read(request);
  };
}

/** The counters of the four cards, as read with a page (a counter never written reads 0). */
export function referralStats(counter: (name: string) => number) {
  return {
    overall: {
      totalReferrals: counter(REFERRAL_COUNTERS.total),
      completedReferrals: counter(REFERRAL_COUNTERS.status('completed')),
      pendingReferrals: counter(REFERRAL_COUNTERS.status('pending')),
      totalRewards: counter(REFERRAL_COUNTERS.completedRewardAmount),
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
  updatedAt: Date;
}

const referrer = alias(customers, 'referrer');
const referee = alias(customers, 'referee');

/** One referral with both customers and the referee's orders (a status change's answer). */
export async function selectReferral(db: DbOrTx, id: string): Promise<ReferralRowData | undefined> {
  // Orders that count: as the list's (referralRowsSql).
  const counted = and(
    eq(orders.customerId, referrals.refereeId),
    ne(orders.status, 'Reject'),
    isNull(orders.deletedAt),
  );
  const orderCount = db.$count(orders, counted);
  const orderTotal = db
    .select({ total: sql<string>`coalesce(${sum(orders.investmentAmount)}, 0)::text` })
    .from(orders)
    .where(counted);
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
      updatedAt: referrals.updatedAt,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
    .innerJoin(referee, eq(referee.id, referrals.refereeId))
    .where(eq(referrals.id, id));
  return row;
}

/** The ledger entries' descriptions of a referral's credit and of its reversal. */
export const REFERRAL_CREDITED = 'Referral completed';
export const REFERRAL_REVERSED = 'Referral set back to pending: reward reversed';

/** A bulk status change's row that its referrer's balance cannot take (063_referrals_move_points.sql). */
export interface PointsRefusal {
  kind: 'overdrawn' | 'overflowing';
  /** The referrer's name and balance as the rows before it left it, and the points it would move. */
  name: string;
  balance: number;
  change: number;
}

/**
 * The Referral List's bulk 'Set status' as one statement (issue 46, decision 399): each referral's
 * status and completion date (the date an undo puts back, else now), and its points moved row
 * after row by referrals_move_points(), which refuses a row its referrer's balance cannot take
 * (`refusal` words it). A row whose status does not change keeps its date and version.
 */
export function referralStatusBulk(
  maxBalance: number,
  refusal: (refused: PointsRefusal) => string,
): BulkAction<{ status: ReferralStatus; completedDate: string | null }> {
  return {
    action: 'referral.status_changed',
    entity: 'referral',
    missing: BULK_REFERRAL_NOT_FOUND,
    table: referrals,
    id: referrals.id,
    value: {
      status: sql`${referrals.status}`,
      completedDate: isoTimeSql(sql`${referrals.completedDate}`),
    },
    write: (actor: Actor) => ({
      moved: sql`select * from referrals_move_points(
        (select jsonb_agg(jsonb_build_object('id', change.id, 'from', locked.before->>'status',
          'to', change.value->>'status') order by change.ord)
          from change join locked on locked.id = change.id),
        ${actor.adminId}::uuid, ${maxBalance}, ${REFERRAL_CREDITED}, ${REFERRAL_REVERSED})`,
      changed: sql`update ${referrals}
        set status = change.value->>'status',
          completed_date = case when change.value->>'status' = 'completed'
            then coalesce((change.value->>'completedDate')::timestamptz, now()) end,
          updated_at = ${nextUpdatedAt(referrals.updatedAt)}
        from locked join change on change.id = locked.id
        where ${referrals.id} = locked.id and ${referrals.status} <> change.value->>'status'`,
    }),
    writeRefusals: { from: 'moved', message: (refused) => refusal(refused as PointsRefusal) },
  };
}

/** What a referral's status save read of the referral and its referrer, under their locks. */
export interface ReferralStatusRead {
  referrerId: string;
  referrerName: string;
  /** The referrer's balance before the save. */
  referrerPoints: number;
  /** The points the save moves (decision 155), 0 when none. */
  change: number;
}

/**
 * `PUT /referrals/{id}/status` as one statement (issue 46, decision 389): the referral and then
 * its referrer locked (the order every referral change takes), the version, the points the
 * ledger holds for it, the status, the ledger entry that moves the referrer's points (its trigger
 * derives the balance, 040) and the audit row. `refused` names the refusals: `unchanged` (the
 * status is already that one: nothing written), `overdrawn` and `overflowing` (the balance's
 * bounds). The caller reads the answer.
 */
export async function saveReferralStatus(
  db: DbOrTx,
  id: string,
  status: ReferralStatus,
  actor: Actor,
  expected: ExpectedRecordVersions,
  errors: {
    notFound: () => Error;
    unchanged: (read: ReferralStatusRead) => Error;
    overdrawn: (read: ReferralStatusRead) => Error;
    overflowing: (read: ReferralStatusRead) => Error;
  },
  maxBalance: number,
): Promise<ReferralStatusRead> {
  const entryId = randomUUID();
  const credited = sql`(select coalesce(sum(p.points), 0)::int from ${pointTransactions} p
    where p.referral_id = ${referrals.id})`;
  const change = sql`(case when ${status}::text = 'completed'
    then ${referrals.pointsAwarded} - ${credited} else -${credited} end)`;
  const balanceAfter = sql`(referrer.points_balance::bigint + ${change})`;
  const readChange = sql`(before.read->>'change')::int`;
  const when = (read: Record<string, unknown>) => read as unknown as ReferralStatusRead;
  const { read } = await runLockedEdit<ReferralStatusRead>(db, {
    table: referrals,
    id: referrals.id,
    updatedAt: referrals.updatedAt,
    where: sql`${referrals.id} = ${id}`,
    join: sql`join ${customers} referrer on referrer.id = ${referrals.referrerId}`,
    read: {
      referrerId: sql`${referrals.referrerId}`,
      referrerName: sql`referrer.full_name`,
      referrerPoints: sql`referrer.points_balance`,
      change,
    },
    readsOtherRows: true,
    refusals: {
      unchanged: sql`${referrals.status} = ${status}`,
      overdrawn: sql`${balanceAfter} < 0`,
      overflowing: sql`${balanceAfter} > ${maxBalance}`,
    },
    set: sql`status = ${status}, completed_date = case when ${status}::text = 'completed' then now() end`,
    audit: {
      action: 'referral.status_changed',
      entity: 'referral',
      actor,
      before: {
        status: sql`${referrals.status}`,
        completedDate: isoTimeSql(sql`${referrals.completedDate}`),
        referrerPoints: sql`referrer.points_balance`,
      },
      after: {
        status: sql`${referrals.status}`,
        completedDate: isoTimeSql(sql`${referrals.completedDate}`),
        referrerPoints: sql`(before.read->>'referrerPoints')::int + ${readChange}`,
        points: readChange,
        pointTransactionId: sql`case when ${readChange} <> 0 then ${entryId}::text end`,
      },
    },
    answer: sql`true`,
    also: {
      entry: sql`insert into ${pointTransactions}
          (id, customer_id, points, type, referral_id, description, admin_id)
        select ${entryId}::uuid, (before.read->>'referrerId')::uuid, ${readChange}, 'referral',
          before.id,
          case when ${readChange} > 0 then ${REFERRAL_CREDITED} else ${REFERRAL_REVERSED} end,
          ${actor.adminId}::uuid
        from before join after on after.id = before.id where ${readChange} <> 0`,
    },
    expected,
    notFound: errors.notFound,
    refused: {
      unchanged: (read) => errors.unchanged(when(read)),
      overdrawn: (read) => errors.overdrawn(when(read)),
      overflowing: (read) => errors.overflowing(when(read)),
    },
  });
  return read;
}

/** The Referrals List's WHERE, for its CSV export (modules/exports). */
export const referralListWhereSql = matchingReferralsSql;

/** The Referrals List's CSV (issue 29): its columns plus the referral's id, e-mails, currency and times. */
export const referralsExport: ExportSource<ExportFilters<typeof referralListDefinition>> = {
  file: 'referrals',
  sorts: REFERRAL_LIST_SORTS,
  table: 'referrals',
  where: (filters) =>
    referralListWhereSql({ status: filters.status, pattern: searchPattern(filters.search) }),
  joins: sql`join referrals t on t.id = w.id join customers referrer on referrer.id = t.referrer_id
    join customers referee on referee.id = t.referee_id`,
  columns: [
    ['ID', sql`t.id::text`],
    ['Referrer', sql`referrer.full_name`],
    ['Referrer Email', sql`referrer.email`],
    ['Referrals', sql`referee.full_name`],
    ['Referee Email', sql`referee.email`],
    ['Code', sql`t.referral_code`],
    ['Status', sql`t.status`],
    ['Reward Amount', sql`t.reward_amount::text`],
    ['Currency', sql`t.currency`],
    ['Completed Date', isoTimeSql(sql`t.completed_date`)],
    ['Created At', isoTimeSql(sql`t.created_at`)],
    ['Updated At', isoTimeSql(sql`t.updated_at`)],
  ],
};
