import {
  MAX_POINTS_BALANCE,
  type ManualPoints,
  type PointTransaction,
  type RewardListParams,
} from '@cask/contracts/rewards';
import type { z } from 'zod';
import { manualPointsBody } from '@cask/contracts/rewards';
import type { Database, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import {
  approvalLink,
  type ApprovableAction,
  type ApprovedActor,
} from '../approvals/approvable.ts';
import { APPROVERS } from '../approvals/approvals.service.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { lockCustomer } from '../customers/customers.service.ts';
import {
  createRewardList,
  insertPointTransaction,
  readPointsBalance,
} from './rewards.repository.ts';

/** The list's CSV export (issue 29), declared in its repository, for its routes' routeListExport. */
export { rewardsExport } from './rewards.repository.ts';

export function createRewardsService(deps: { database: Database }) {
  const readRewardList = createRewardList(deps.database);
  return {
    /**
     * The Reward List (docs/screens/rewards.md): customers newest first, with referral totals and
     * points (db/list.ts).
     */
    async list(query: RewardListParams) {
      const answer = await readRewardList(query);
      return { rewards: answer.items, pagination: answer.pagination };
    },
  };
}

/**
 * docs/screens/rewards.md#api-calls POST /referrals/admin/manual-points: one ledger entry
 * (docs/architecture.md#data-model), in the caller's transaction. The row lock makes concurrent
 * adjustments of one customer take turns, so each checks the balance the previous one left; the
 * CHECK on points_balance backs this up inside the database. Run at once, or on approval (issue
 * 45), when its audit row names the approval.
 */
export async function adjustPoints(
  tx: Tx,
  body: ManualPoints,
  actor: ApprovedActor,
): Promise<{ transaction: PointTransaction; referralPoints: number }> {
  const customer = await lockCustomer(tx, body.userId);
  const balance = customer.pointsBalance;
  const next = balance + body.points;
  if (next < 0) {
    const message = `Insufficient points: ${customer.fullName} has ${balance} points, so at most ${balance} can be removed`;
    throw new BadRequestError(message, [{ field: 'points', message }]);
  }
  if (next > MAX_POINTS_BALANCE) {
    const message = `The balance cannot exceed ${MAX_POINTS_BALANCE} points`;
    throw new BadRequestError(message, [{ field: 'points', message }]);
  }
  const entry = await insertPointTransaction(tx, {
    customerId: customer.id,
    points: body.points,
    type: body.type,
    description: body.description,
    adminNotes: body.adminNotes,
    adminId: actor.adminId,
  });
  const referralPoints = await readPointsBalance(tx, customer.id);
  await writeAudit(tx, {
    adminId: actor.adminId,
    action: 'points.adjusted',
    entity: 'customer',
    entityId: customer.id,
    before: { referralPoints: balance },
    after: {
      referralPoints,
      points: entry.points,
      pointTransactionId: entry.id,
      ...approvalLink(actor),
    },
    ip: actor.ip,
  });
  return {
    transaction: {
      id: entry.id,
      userId: entry.customerId,
      points: entry.points,
      type: entry.type,
      description: entry.description,
      adminNotes: entry.adminNotes,
      createdAt: entry.createdAt.toISOString(),
    },
    referralPoints,
  };
}

/**
 * A manual adjustment as an approvable action (issue 45, decision 421): sent for approval when
 * the policy's 'Manual points above' is on and the points are more than its threshold, either
 * sign. Its version is the customer's balance: the request shows the balance before and after,
 * and is Outdated once another entry has moved it.
 */
export const manualPoints: ApprovableAction<
  z.output<typeof manualPointsBody>,
  Awaited<ReturnType<typeof adjustPoints>>
> = {
  action: 'manualPoints',
  entity: 'customer',
  approvers: APPROVERS.manualPoints,
  body: manualPointsBody,
  async needsApproval(policy, body) {
    const { manualPoints } = await policy();
    return manualPoints.on && Math.abs(body.points) > manualPoints.above;
  },
  async describe(tx, _recordId, body) {
    const customer = await lockCustomer(tx, body.userId);
    const balance = customer.pointsBalance;
    const points = body.points > 0 ? `+${body.points}` : String(body.points);
    return {
      version: String(balance),
      record: customer.fullName,
      summary: `${points} points`,
      before: { referralPoints: balance },
      after: { referralPoints: balance + body.points, points: body.points },
    };
  },
  run: (db, _recordId, body, actor) => db.transaction((tx) => adjustPoints(tx, body, actor)),
};
