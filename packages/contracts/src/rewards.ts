import { z } from 'zod';
import { line, okEnvelope, pageQuery, pagination, searchParam, sortParam, text } from './common.ts';
import { defineList } from './lists.ts';
import { approvalReason } from './approval-request.ts';
import { REWARD_LIST, REWARD_SORTS } from './lists-plain.ts';

/**
 * GET /referrals/admin/rewards (docs/architecture.md#envelope): the Reward List under User
 * Management.
 */
/** The columns the Reward List sorts by (issue 31), in ./lists-plain.ts (the screen draws without zod). */
export { REWARD_SORTS };
export const rewardListQuery = pageQuery.extend({
  search: searchParam,
  sort: sortParam(REWARD_SORTS),
});
export type RewardListQuery = z.input<typeof rewardListQuery>;
export type RewardListParams = z.output<typeof rewardListQuery>;

/** docs/screens/rewards.md#api-calls, a row: one customer and their referral totals. */
export const rewardRow = z.object({
  /** The customer's id (the userId of a manual adjustment). */
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  /**
   * Customers this one referred ("Referrals"). The spec shows it under "Casks"; the screen shows
   * the customer's casks there instead (docs/decisions/315).
   */
  totalReferrals: z.number().int(),
  /** The customer's casks, deleted ones left out, as User Management counts them ("Casks"). */
  casks: z.number().int(),
  /** Dollars: the customer's orders, rejected ones excepted ("Invest"). */
  totalInvestmentAmount: z.number(),
  /** The reward-point balance, from the ledger ("Point"). */
  referralPoints: z.number().int(),
});
export type RewardRow = z.infer<typeof rewardRow>;

export const rewardListResponse = okEnvelope(z.object({ rewards: z.array(rewardRow), pagination }));
export type RewardListResponse = z.infer<typeof rewardListResponse>;

/** docs/screens/rewards.md: the only adjustment type this screen sends. */
export const MANUAL_ADJUSTMENT = 'manual_adjustment';
/** A bound well above any real adjustment, so a typo of extra zeros is refused. */
export const MAX_POINTS_ADJUSTMENT = 1_000_000;
/** A customer's balance is an integer column: no credit may take it past PostgreSQL's int4. */
export const MAX_POINTS_BALANCE = 2_147_483_647;
export const POINTS_DESCRIPTION_MAX = 500;
export const POINTS_ADMIN_NOTES_MAX = 1000;

/** An optional text: one line (`line`) or several (`text`, trimmed). */
const optionalText = (max: number, label: string, lines: 'one' | 'several') =>
  (lines === 'one' ? line() : text().trim())
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * POST /referrals/admin/manual-points: docs/screens/rewards.md#api-calls. Points are a whole
 * number, positive (add) or negative (remove), never zero; the server also refuses any adjustment
 * that would take the balance below zero.
 */
export const manualPointsBody = z.object({
  userId: z.uuid({ error: 'userId must be a user id' }),
  points: z
    .number({ error: 'Points must be a number' })
    .int('Points must be a whole number')
    .min(
      -MAX_POINTS_ADJUSTMENT,
      `Points must be at least -${MAX_POINTS_ADJUSTMENT.toLocaleString('en-US')}`,
    )
    .max(
      MAX_POINTS_ADJUSTMENT,
      `Points must be at most ${MAX_POINTS_ADJUSTMENT.toLocaleString('en-US')}`,
    )
    .refine((value) => value !== 0, 'Points cannot be zero'),
  type: z.literal(MANUAL_ADJUSTMENT).default(MANUAL_ADJUSTMENT),
  description: optionalText(POINTS_DESCRIPTION_MAX, 'Description', 'one'),
  adminNotes: optionalText(POINTS_ADMIN_NOTES_MAX, 'Admin notes', 'several'),
  /** Required when the Approvals policy sends the adjustment for approval (issue 45). */
  reason: approvalReason,
});
/** What the form holds and sends (type may be left out). */
export type ManualPointsBody = z.input<typeof manualPointsBody>;
/** The body once parsed: type filled in, empty texts as null. */
export type ManualPoints = z.output<typeof manualPointsBody>;

/** One entry of the append-only point ledger. */
export const pointTransaction = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  points: z.number().int(),
  type: z.enum(['manual_adjustment', 'referral', 'purchase']),
  description: z.string().nullable(),
  adminNotes: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type PointTransaction = z.infer<typeof pointTransaction>;

/** The ledger entry written and the customer's new balance. */
export const manualPointsResponse = okEnvelope(
  z.object({ transaction: pointTransaction, referralPoints: z.number().int() }),
);
export type ManualPointsResponse = z.infer<typeof manualPointsResponse>;

/** The Reward List: its route, query and answer, for the API and the web app (lists.ts). */
export const rewardListDefinition = defineList({
  ...REWARD_LIST,
  query: rewardListQuery,
  response: rewardListResponse,
});
