import { eq, sql } from 'drizzle-orm';
import type { RewardRow, rewardListDefinition } from '@cask/contracts/rewards';
import type { ExportFilters } from '@cask/contracts/lists';
import type { Database, DbOrTx } from '../../db/client.ts';
import { searchPattern, type ExportSource } from '../../db/csv-export.ts';
import { createList } from '../../db/list.ts';
import { frozenSql, isoTimeSql, jsonObject } from '../../db/sql-fragments.ts';
import { pointTransactions, type NewPointTransaction } from '../../db/schema/point-transactions.ts';
import { customers } from '../../db/schema/customers.ts';
import {
  CUSTOMER_LIST_COUNTERS,
  CUSTOMER_SORTS,
  customerListRequest,
  customerListWhereSql,
  type CustomerPageRequest,
} from '../customers/customers.repository.ts';

/** The Reward List's orders (issue 31): the contract's sort names to the customers' columns. */
export const REWARD_LIST_SORTS = {
  createdAt: CUSTOMER_SORTS.createdAt,
  fullName: CUSTOMER_SORTS.fullName,
  email: CUSTOMER_SORTS.email,
  referralPoints: CUSTOMER_SORTS.referralPoints,
};

/**
 * The Reward List (docs/screens/rewards.md) through db/list.ts: the same customers, order and
 * search as User Management, with the referral totals and cask count computed for the page's rows
 * only (index-only on referrals_referrer_idx and casks_owner_idx, and orders_customer_idx, whose
 * `deleted_at is null` the sum keeps: a deleted order counts in no sum, decision 151), written by
 * PostgreSQL as the contract's RewardRow.
 */
export function createRewardList(database: Database) {
  const read = createList<RewardRow>(database, {
    counters: CUSTOMER_LIST_COUNTERS,
    sorts: REWARD_LIST_SORTS,
    item: jsonObject<RewardRow>({
      id: sql`p.id`,
      fullName: sql`p.full_name`,
      email: sql`p.email`,
      totalReferrals: sql`p.total_referrals`,
      casks: sql`p.casks`,
      totalInvestmentAmount: sql`p.invested`,
      referralPoints: sql`p.points_balance`,
    }),
  });
  // The casks as User Management's Casks: index-only on casks_owner_idx, deleted casks left out.
  const rowSql = frozenSql(sql`w.id, w.full_name, w.email,
    (select count(*)::int from referrals r where r.referrer_id = w.id) as total_referrals,
    (select count(*)::int from casks k where k.owner_id = w.id and k.deleted_at is null) as casks,
    (select coalesce(sum(o.investment_amount), 0) from orders o
      where o.customer_id = w.id and o.status <> 'Reject' and o.deleted_at is null) as invested,
    w.points_balance, w.created_at`);
  return (query: CustomerPageRequest) => read(customerListRequest(query, 'rewards', rowSql));
}

/**
 * Appends one ledger entry; a trigger adds its points to the customer's balance
 * (src/db/sql/040_apply_point_transactions.sql).
 */
export async function insertPointTransaction(tx: DbOrTx, entry: NewPointTransaction) {
  const [row] = await tx.insert(pointTransactions).values(entry).returning();
  if (!row) throw new Error('point transaction insert returned nothing');
  return row;
}

export async function readPointsBalance(tx: DbOrTx, customerId: string): Promise<number> {
  const [row] = await tx
    .select({ pointsBalance: customers.pointsBalance })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw new Error('customer vanished inside its own transaction');
  return row.pointsBalance;
}

const iso = isoTimeSql;

/** The Reward List's CSV (issue 29): its columns plus the customer's id, referrals and times. */
export const rewardsExport: ExportSource<ExportFilters<typeof rewardListDefinition>> = {
  table: 'customers',
  where: (filters) => customerListWhereSql(searchPattern(filters.search)),
  // Each number as one grouped join, not a count or sum per row: PostgreSQL's COPY computes them
  // in its parallel workers (decision 279, as the users export's cask count).
  joins: sql`join customers t on t.id = w.id
    left join (select owner_id, count(*) as n from casks where deleted_at is null group by owner_id) kc on kc.owner_id = t.id
    left join (select customer_id, sum(investment_amount) as total from orders where status <> 'Reject' and deleted_at is null group by customer_id) inv on inv.customer_id = t.id
    left join (select referrer_id, count(*) as n from referrals group by referrer_id) rc on rc.referrer_id = t.id`,
  file: 'rewards',
  sorts: REWARD_LIST_SORTS,
  columns: [
    ['ID', sql`t.id::text`],
    ['User Name', sql`t.full_name`],
    ['Email', sql`t.email`],
    ['Casks', sql`coalesce(kc.n, 0)::text`],
    // As the Reward List's Invest: rejected and deleted (hidden) orders count in no sum.
    ['Invest', sql`coalesce(inv.total, 0)::text`],
    ['Point', sql`t.points_balance::text`],
    ['Referrals', sql`coalesce(rc.n, 0)::text`],
    ['Created At', iso(sql`t.created_at`)],
    ['Updated At', iso(sql`t.updated_at`)],
  ],
};
