import { z } from 'zod';
import {
  bulkAnswer,
  bulkChanges,
  instantParam,
  okEnvelope,
  pageQuery,
  pagination,
  recordVersion,
  searchParam,
  sortParam,
} from './common.ts';
import { defineList } from './lists.ts';
import {
  REFERRAL_LIST,
  REFERRAL_SORTS,
  REFERRAL_STATUSES,
  REFERRALS_PAGE_SIZE,
} from './lists-plain.ts';

/**
 * docs/screens/referrals.md: a referral is pending or completed, and the admin may set either
 * freely; ten a page; in ./lists-plain.ts, with the sorts, so the Referrals list draws without
 * zod (decision 450).
 */
export { REFERRAL_SORTS, REFERRAL_STATUSES, REFERRALS_PAGE_SIZE };
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

const STATUS_MESSAGE = 'Status must be pending or completed';
export const referralStatus = z.enum(REFERRAL_STATUSES, { error: STATUS_MESSAGE });

/**
 * GET /referrals (docs/screens/referrals.md#api-calls): page, limit, an optional status filter and
 * a search over the referrer's and the referee's names and e-mails and the referral code.
 */
export const referralListQuery = pageQuery.extend({
  status: referralStatus.optional(),
  search: searchParam,
  sort: sortParam(REFERRAL_SORTS),
});
export type ReferralListQuery = z.input<typeof referralListQuery>;
export type ReferralListParams = z.output<typeof referralListQuery>;

/** A referrer or a referee. A customer deleted since still shows under their name. */
export const referralParty = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
});
export type ReferralParty = z.infer<typeof referralParty>;

/**
 * docs/screens/referrals.md#api-calls: a referral. Amounts are dollars; an absent one is null (the
 * screen shows '0', and 'N/A' for an absent name or date: those are the screen's, not the API's).
 */
export const referral = z.object({
  id: z.uuid(),
  referrer: referralParty,
  referee: referralParty,
  rewardAmount: z.number(),
  currency: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  completedDate: z.iso.datetime().nullable(),
  firstPurchaseAmount: z.number().nullable(),
  firstPurchaseDate: z.iso.datetime().nullable(),
  referralCode: z.string(),
  adminNotes: z.string().nullable(),
  /** The referee's orders, rejected ones excepted (as the Reward List's Invest column). */
  totalPurchases: z.number().int(),
  totalPurchaseAmount: z.number(),
  /** What completing the referral credits the referrer in the points ledger. */
  pointsAwarded: z.number().int(),
  rewardPaid: z.boolean(),
  createdAt: z.iso.datetime(),
  /** Changes with every save; a save names it in If-Match (docs/decisions/208). */
  version: recordVersion,
});
export type Referral = z.infer<typeof referral>;

/**
 * The four cards (docs/screens/referrals.md), over every referral whatever the filter: exact, from
 * counters. totalRewards is the dollars of the completed referrals' rewards (docs/decisions/157).
 */
export const referralStats = z.object({
  overall: z.object({
    totalReferrals: z.number().int(),
    completedReferrals: z.number().int(),
    pendingReferrals: z.number().int(),
    totalRewards: z.number(),
  }),
});
export type ReferralStats = z.infer<typeof referralStats>;

/** Newest first; `pagination.total` counts what the filter and search match. */
export const referralListResponse = okEnvelope(
  z.object({ referrals: z.array(referral), stats: referralStats, pagination }),
);
export type ReferralListResponse = z.infer<typeof referralListResponse>;

/** PUT /referrals/{id}/status (docs/screens/referrals.md#api-calls). */
export const updateReferralStatusBody = z.object({ status: referralStatus });
export type UpdateReferralStatusBody = z.infer<typeof updateReferralStatusBody>;

/** The referral as saved, and the referrer's point balance after it. */
export const updateReferralStatusResponse = okEnvelope(
  z.object({ referral, referrerPoints: z.number().int() }),
);
export type UpdateReferralStatusResponse = z.infer<typeof updateReferralStatusResponse>;

/** GET /referrals/{id}: one referral, its version also in the ETag (docs/decisions/208). */
export const referralResponse = okEnvelope(z.object({ referral }));
export type ReferralResponse = z.infer<typeof referralResponse>;

/**
 * POST /referrals/bulk/status (issue 31): the Referral List's 'Set status' for the chosen
 * referrals in one transaction, each with its points as the single change moves them; undone by
 * sending the answer's `before` statuses back.
 */
export const referralStatusChangesBody = bulkChanges({
  status: referralStatus,
  /** The completion date an undo puts back (the answer's `before`); otherwise completing is now. */
  completedDate: instantParam('completedDate must be a date and time in ISO 8601 with its offset')
    .nullable()
    .optional(),
});
export type ReferralStatusChanges = z.infer<typeof referralStatusChangesBody>;
export const referralStatusChangesResponse = bulkAnswer({
  status: z.enum(REFERRAL_STATUSES),
  completedDate: z.string().nullable(),
});
export type ReferralStatusChangesResponse = z.infer<typeof referralStatusChangesResponse>;
export const BULK_REFERRAL_NOT_FOUND = 'Referral not found';

/** Referrals: its route, query and answer, for the API and the web app (lists.ts). */
export const referralListDefinition = defineList({
  ...REFERRAL_LIST,
  query: referralListQuery,
  response: referralListResponse,
});
