import { http } from 'msw';
import type {
  Referral,
  ReferralListResponse,
  ReferralResponse,
  ReferralStatusChanges,
  ReferralStatusChangesResponse,
  UpdateReferralStatusBody,
  UpdateReferralStatusResponse,
} from '@cask/contracts/referrals';
import {
  bodyOf,
  bulkIdOf,
  bulkRefusal,
  etag,
  json,
  nextVersion,
  notFound,
  page,
  queryOf,
  refuseStaleSave,
} from '../respond.ts';
import { aCustomer, aReferral } from '../factories.ts';
import { db, listsReleased } from '../store.ts';

/** Referrals (modules/referrals): a completed referral credits its referrer's points. */
export const referralsHandlers = [
  http.get('/api/referrals', async ({ request }) => {
    await listsReleased();
    const query = queryOf(request);
    const state = db();
    const search = (query.search ?? '').trim().toLowerCase();
    const found = state.referrals.filter(
      (r) =>
        (!query.status || r.status === query.status) &&
        [r.referrer.fullName, r.referrer.email, r.referee.fullName, r.referee.email, r.referralCode]
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
  }),
  http.post('/api/referrals/bulk/status', async ({ request }) => {
    // All or nothing, as the API: a referral not there, or a referrer who no longer holds the
    // points a referral credited, fails the whole change (409) and is named.
    const body = await bodyOf<ReferralStatusChanges>(request);
    const state = db();
    const failed = body.changes.flatMap(({ id, status }, index) => {
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
    if (failed.length > 0) return bulkRefusal(body.changes.length, failed);
    const done = body.changes.map(({ id, status, completedDate }) => {
      const index = state.referrals.findIndex((r) => r.id === id);
      const found = state.referrals[index]!;
      const before = { status: found.status, completedDate: found.completedDate };
      if (status === found.status) return { id, before, after: before };
      const after = {
        status,
        completedDate: status === 'completed' ? (completedDate ?? new Date().toISOString()) : null,
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
      data: { bulkId: bulkIdOf(body), changes: done },
    } satisfies ReferralStatusChangesResponse);
  }),
  http.get('/api/referrals/:id', ({ params }) => {
    const found = db().referrals.find((r) => r.id === params.id);
    if (!found) return notFound('Referral not found');
    return json(
      200,
      { success: true, data: { referral: found } } satisfies ReferralResponse,
      etag(found.version),
    );
  }),
  http.put('/api/referrals/:id/status', async ({ request, params }) => {
    const state = db();
    const index = state.referrals.findIndex((r) => r.id === params.id);
    const found = state.referrals[index];
    if (!found) return notFound('Referral not found');
    const stale = refuseStaleSave(request, found.version);
    if (stale) return stale;
    const { status } = await bodyOf<UpdateReferralStatusBody>(request);
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
  }),
];

/** When Isla's referral of `rhonasReferrals()` was completed. */
export const ISLA_COMPLETED_ON = '2025-03-04T12:00:00.000Z';

/**
 * Rhona Fraser (1,000 points) and the three referrals she made (the bulk 'Set status' tests):
 * Angus's pending (100 points), Isla's completed on ISLA_COMPLETED_ON (200), Morag's pending
 * (400).
 * Fresh rows each call: the handlers change the rows a test seeds.
 */
export function rhonasReferrals() {
  const rhona = aCustomer({ fullName: 'Rhona Fraser', referralPoints: 1000 });
  const party = (fullName: string) => ({
    id: crypto.randomUUID(),
    fullName,
    email: `${fullName.toLowerCase()}@example.com`,
  });
  const referrer = { id: rhona.id, fullName: rhona.fullName, email: rhona.email };
  return {
    rhona,
    rows: [
      aReferral({ referrer, referee: party('Angus'), status: 'pending', pointsAwarded: 100 }),
      aReferral({
        referrer,
        referee: party('Isla'),
        status: 'completed',
        completedDate: ISLA_COMPLETED_ON,
        pointsAwarded: 200,
      }),
      aReferral({ referrer, referee: party('Morag'), status: 'pending', pointsAwarded: 400 }),
    ],
  };
}
