import { and, desc, eq, inArray, isNull, ne, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { COUNTER_NAMES, counters } from '../../db/schema/counters.ts';
import { customers } from '../../db/schema/customers.ts';
import { pointTransactions } from '../../db/schema/point-transactions.ts';
import { purchases } from '../../db/schema/purchases.ts';
import { referrals, type ReferralStatus } from '../../db/schema/referrals.ts';

export interface ReferralCounters {
  total: number;
  completed: number;
  pending: number;
  /** Exact numeric text: the rewards of the completed referrals, in dollars. */
  completedRewards: string;
}

/** The four cards, from the counters the referral triggers keep (migrations 0004, 0007). */
export async function readReferralCounters(db: DbOrTx): Promise<ReferralCounters> {
  const names = {
    total: COUNTER_NAMES.referrals,
    completed: COUNTER_NAMES.referralStatus('completed'),
    pending: COUNTER_NAMES.referralStatus('pending'),
    completedRewards: COUNTER_NAMES.completedReferralRewards,
  };
  const rows = await db
    .select({ name: counters.name, value: counters.value })
    .from(counters)
    .where(inArray(counters.name, Object.values(names)));
  // A counter never written reads as 0.
  const value = (name: string) => rows.find((row) => row.name === name)?.value ?? '0';
  return {
    total: Number(value(names.total)),
    completed: Number(value(names.completed)),
    pending: Number(value(names.pending)),
    completedRewards: value(names.completedRewards),
  };
}

export interface ReferralSlice {
  status: ReferralStatus | undefined;
  limit: number;
  offset: number;
}

/** One page of ids, newest first, of every referral or of one status (referrals_listing_idx). */
export async function selectReferralIds(db: DbOrTx, slice: ReferralSlice): Promise<string[]> {
  const rows = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(slice.status ? eq(referrals.status, slice.status) : undefined)
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(slice.limit)
    .offset(slice.offset);
  return rows.map((row) => row.id);
}

/**
 * One page of the referrals a search matches, and how many match in all. Customers first: the
 * names and e-mails that match come from the customers' trigram indexes (partial: customers not
 * deleted), their referrals from referrals_referrer_idx and referrals_referee_unique, and codes
 * from referrals_code_trgm_idx; the three sets are united, so no branch scans the table
 * (docs/decisions/158).
 */
export async function searchReferralIds(
  db: DbOrTx,
  slice: ReferralSlice & { pattern: string },
): Promise<{ ids: string[]; total: number }> {
  const statusIs: SQL = slice.status ? sql`and r.status = ${slice.status}` : sql``;
  const result = await db.execute(sql`
    with matched as materialized (
      select c.id from ${customers} c
      where c.deleted_at is null and (c.full_name ilike ${slice.pattern} or c.email ilike ${slice.pattern})
    ),
    hits as (
      select r.id, r.created_at from ${referrals} r
        where r.referrer_id in (select id from matched) ${statusIs}
      union
      select r.id, r.created_at from ${referrals} r
        where r.referee_id in (select id from matched) ${statusIs}
      union
      select r.id, r.created_at from ${referrals} r
        where r.referral_code ilike ${slice.pattern} ${statusIs}
    )
    select id, (count(*) over ())::int as total from hits
    order by created_at desc, id desc
    limit ${slice.limit} offset ${slice.offset}`);
  // node-postgres and PGlite both answer { rows }; the driver-neutral type does not say so.
  const rows = (result as unknown as { rows: { id: string; total: number }[] }).rows;
  if (rows.length > 0)
    return { ids: rows.map((row) => row.id), total: Number(rows[0]?.total ?? 0) };
  // A page past the last one has no row to carry the total: count on its own.
  if (slice.offset === 0) return { ids: [], total: 0 };
  const counted = await searchReferralIds(db, { ...slice, offset: 0, limit: 1 });
  return { ids: [], total: counted.total };
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

/** The referrals with these ids, newest first, with both customers and the referee's orders. */
export async function selectReferralRows(db: DbOrTx, ids: string[]): Promise<ReferralRowData[]> {
  if (ids.length === 0) return [];
  // Orders that count: the Reward List's Invest column leaves rejected and deleted (hidden,
  // decision 151) ones out too; the same filter lets the partial purchases_customer_idx serve it.
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
  return db
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
    .where(inArray(referrals.id, ids))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
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
