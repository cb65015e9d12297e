import { and, desc, eq, isNull, ne, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pointTransactions, type NewPointTransaction } from '../../db/schema/point-transactions.ts';
import { purchases } from '../../db/schema/purchases.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { customers } from '../../db/schema/customers.ts';
import { customerWindow, type CustomerWindow } from '../customers/customers.repository.ts';

export interface RewardRowData {
  id: string;
  fullName: string;
  email: string;
  totalReferrals: number;
  /** Exact numeric text. */
  totalInvestmentAmount: string;
  referralPoints: number;
}

/**
 * One page of the reward list: the same customers, order and search as User Management, with the
 * referral totals computed for the page's rows only (index-only on referrals_referrer_idx and
 * purchases_customer_idx).
 */
export async function selectRewardPage(
  db: DbOrTx,
  window: CustomerWindow,
): Promise<RewardRowData[]> {
  const page = customerWindow(db, window);
  const investment = db
    .select({ total: sql<string>`coalesce(${sum(purchases.investmentAmount)}, 0)::text` })
    .from(purchases)
    .where(
      and(
        eq(purchases.customerId, page.id),
        ne(purchases.status, 'Reject'),
        // A deleted order is hidden (decision 151): it counts in no sum.
        isNull(purchases.deletedAt),
      ),
    );
  return db
    .select({
      id: page.id,
      fullName: page.fullName,
      email: page.email,
      totalReferrals: db.$count(referrals, eq(referrals.referrerId, page.id)),
      totalInvestmentAmount: sql<string>`(${investment})`,
      referralPoints: page.pointsBalance,
    })
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id));
}

/** Appends one ledger entry; a trigger adds its points to the customer's balance (migration 0004). */
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
