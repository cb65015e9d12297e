import {
  type Referral,
  type ReferralListParams,
  type ReferralStatusChanges,
  type UpdateReferralStatusBody,
} from '@cask/contracts/referrals';
import { applyBulk } from '../../db/bulk.ts';
import { MAX_POINTS_BALANCE } from '@cask/contracts/rewards';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../db/audit.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { versionOf, type ExpectedRecordVersions } from '../../lib/preconditions.ts';
import * as repo from './referrals.repository.ts';

/** The list's CSV export (issue 29), declared in its repository, for its routes' routeListExport. */
export { referralsExport } from './referrals.repository.ts';

export const REFERRAL_NOT_FOUND = 'Referral not found';

const amount = (value: string | null) => (value === null ? null : Number(value));

function toReferral({ updatedAt, ...row }: repo.ReferralRowData): Referral {
  return {
    ...row,
    rewardAmount: Number(row.rewardAmount),
    completedDate: row.completedDate?.toISOString() ?? null,
    firstPurchaseAmount: amount(row.firstPurchaseAmount),
    firstPurchaseDate: row.firstPurchaseDate?.toISOString() ?? null,
    totalPurchaseAmount: Number(row.totalPurchaseAmount),
    createdAt: row.createdAt.toISOString(),
    version: versionOf(updatedAt),
  };
}

/** A status change the referrer's balance cannot take: a 409 under Status. */
const statusRefused = (message: string) =>
  new ConflictError(message, [{ field: 'status', message }]);

const overdrawnMessage = (name: string, balance: number, change: number) =>
  `${name} has ${balance} points left, fewer than the ${-change} this referral credited, so it cannot go back to pending`;

const overflowingMessage = (name: string, balance: number, change: number) =>
  `${name} has ${balance} points: the ${change} of this referral would take the balance past ${MAX_POINTS_BALANCE}, so it cannot be completed`;

/** The single status save's refusal when the referral already has the status asked. */
class AlreadyThatStatus extends Error {
  constructor(readonly referrerPoints: number) {
    super('The referral already has this status');
  }
}

/** The bulk 'Set status' (issue 31, db/bulk.ts; one statement since issue 46, decision 399). */
const referralStatusBulk = repo.referralStatusBulk(MAX_POINTS_BALANCE, (refused) =>
  refused.kind === 'overdrawn'
    ? overdrawnMessage(refused.name, refused.balance, refused.change)
    : overflowingMessage(refused.name, refused.balance, refused.change),
);

export function createReferralsService(deps: { database: Database }) {
  const { db } = deps.database;
  const readReferralList = repo.createReferralList(deps.database);

  async function readOne(tx: Parameters<typeof repo.selectReferral>[0], id: string) {
    const row = await repo.selectReferral(tx, id);
    if (!row) throw new NotFoundError(REFERRAL_NOT_FOUND);
    return toReferral(row);
  }

  return {
    /** GET /referrals/{id}: one referral as the list shows it, with its version (decision 208). */
    async get(id: string): Promise<Referral> {
      return readOne(db, id);
    },

    /**
     * docs/screens/referrals.md: one page, newest first, of every referral or of one status,
     * optionally searched; the cards always count every referral (stats.overall).
     */
    async list(query: ReferralListParams) {
      const answer = await readReferralList(query);
      return {
        referrals: answer.items,
        stats: repo.referralStats(answer.counter),
        pagination: answer.pagination,
      };
    },

    /** Issue 31: the chosen referrals' statuses, all or none, each audited (db/bulk.ts). */
    async setStatuses(body: ReferralStatusChanges, actor: Actor) {
      const changes = body.changes.map(({ id, status, completedDate }) => ({
        id,
        value: { status, completedDate: status === 'completed' ? (completedDate ?? null) : null },
      }));
      return applyBulk(deps.database, referralStatusBulk, { changes, bulkId: body.bulkId }, actor);
    },

    /**
     * docs/screens/referrals.md#edit-referral, PUT /referrals/{id}/status: pending and completed,
     * freely either way. The referral's row lock makes changes to it take turns, and each compares
     * the status it finds after waiting, so a repeat or a race changes nothing. The ledger holds
     * the referral's credit (entries linked by referral_id): completing tops it up to
     * pointsAwarded, going back to pending takes back what it holds, so the referrer is credited
     * exactly once (decision 155).
     */
    async setStatus(
      id: string,
      body: UpdateReferralStatusBody,
      actor: Actor,
      expectedVersion?: ExpectedRecordVersions,
    ): Promise<{ referral: Referral; referrerPoints: number }> {
      try {
        const read = await repo.saveReferralStatus(
          db,
          id,
          body.status,
          actor,
          expectedVersion,
          {
            notFound: () => new NotFoundError(REFERRAL_NOT_FOUND),
            unchanged: (read) => new AlreadyThatStatus(read.referrerPoints),
            overdrawn: ({ referrerName, referrerPoints, change }) =>
              statusRefused(overdrawnMessage(referrerName, referrerPoints, change)),
            overflowing: ({ referrerName, referrerPoints, change }) =>
              statusRefused(overflowingMessage(referrerName, referrerPoints, change)),
          },
          MAX_POINTS_BALANCE,
        );
        return {
          referral: await readOne(db, id),
          referrerPoints: read.referrerPoints + read.change,
        };
      } catch (error) {
        // Nothing to change, so nothing written or audited: the referral as it stands.
        if (!(error instanceof AlreadyThatStatus)) throw error;
        return { referral: await readOne(db, id), referrerPoints: error.referrerPoints };
      }
    },
  };
}
