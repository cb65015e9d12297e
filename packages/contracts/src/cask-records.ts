import { z } from 'zod';
import { cask } from './casks.ts';
import { DATE_OUT_OF_RANGE, isDayInDateYears, line, okEnvelope, text } from './common.ts';
import { abvInput, volumeInput } from './measures.ts';
import { approvalReason } from './approval-request.ts';
import { todayIso, type CaskAlerts } from './cask-alerts.ts';

// The alerts' constants and rules, without zod (decision 450): the Cask List's badges read them
// from ./cask-alerts.ts; the API and the cask page import them from here as before.
export {
  ABV_LEGAL_MINIMUM,
  ABV_NEAR_YEARS,
  abvNearUntil,
  CASK_ALERT_LABELS,
  CASK_ALERTS,
  caskAlertsOf,
  REGAUGE_AFTER_YEARS,
  todayIso,
  YEARLY_REGAUGE_AFTER_YEARS,
  type CaskAlert,
  type CaskAlerts,
} from './cask-alerts.ts';

/**
 * The cask page (issue 30, docs/architecture.md#record-pages): regauges, ownership transfers, the
 * gauge alerts and the provenance timeline. Terms and numbers: docs/domain.md; choices: decision
 * 230.
 */

export const GAUGE_DATE_INVALID = 'Date must be a day, e.g. 2024-03-31';
export const GAUGE_DATE_IN_FUTURE = 'Date cannot be in the future';
export const gaugeDateBeforeFill = (year: number) =>
  `Date cannot be before the cask was filled (${year})`;
export const ABV_NOT_POSITIVE = 'ABV (%) must be more than 0';
export const moreAlcoholThanLastGauge = (lastLpa: string) =>
  `A cask gains no alcohol in bond: these figures give more litres of pure alcohol than the last gauge (${lastLpa} LPA). Check the bulk litres and the ABV.`;
export const TRANSFER_SAME_OWNER = 'The new owner already owns this cask';
export const TRANSFER_OWNER_REQUIRED = 'New owner is required';
export const TRANSFER_OWNER_NOT_FOUND = 'Customer not found';
export const TRANSFER_NOTE_MAX = 2000;

/** The first day of a cask's year: the fill, as far as the records know it (decision 230). */
export const fillDateOf = (year: number) => `${String(year).padStart(4, '0')}-01-01`;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day typed as YYYY-MM-DD (an <input type="date">), not after today (UTC). */
export const pastDay = text({ error: GAUGE_DATE_INVALID })
  .regex(DAY_PATTERN, GAUGE_DATE_INVALID)
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    GAUGE_DATE_INVALID,
  )
  .refine(isDayInDateYears, DATE_OUT_OF_RANGE)
  .refine((day) => day <= todayIso(), GAUGE_DATE_IN_FUTURE);

/** POST /casks/{id}/regauges. */
export const regaugeBody = z.object({
  gaugedOn: pastDay,
  bulkLitres: volumeInput('Bulk litres'),
  abv: abvInput('ABV (%)').refine((abv) => abv > 0, ABV_NOT_POSITIVE),
});
export type RegaugeBody = z.input<typeof regaugeBody>;

const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** POST /casks/{id}/transfers. */
export const transferBody = z.object({
  toCustomerId: text({ error: TRANSFER_OWNER_REQUIRED })
    .min(1, TRANSFER_OWNER_REQUIRED)
    .pipe(z.uuid(TRANSFER_OWNER_NOT_FOUND)),
  transferredOn: pastDay,
  price: z.preprocess(
    (value) =>
      typeof value === 'number'
        ? String(value)
        : typeof value === 'string' && value.trim() === ''
          ? undefined
          : value,
    line()
      .trim()
      .regex(MONEY_PATTERN, 'Price must be an amount of dollars, e.g. 1250.50')
      .optional(),
  ),
  note: text()
    .trim()
    .max(TRANSFER_NOTE_MAX, `Note must be at most ${TRANSFER_NOTE_MAX} characters`)
    .optional()
    .default(''),
  /** Required when the Approvals policy sends the transfer for approval (issue 45). */
  reason: approvalReason,
});
export type TransferBody = z.input<typeof transferBody>;

/**
 * A valuation of a cask (issue 44, docs/domain.md#valuation, decision 395): where the figure came
 * from, as the 'Source' select offers it and as it is stored.
 */
export const VALUATION_SOURCES = [
  'Broker quote',
  'Auction comparable',
  'Internal model',
  'Other',
] as const;
export type ValuationSource = (typeof VALUATION_SOURCES)[number];
export const VALUATION_NOTE_MAX = 500;
export const VALUATION_VALUE_REQUIRED = 'Value is required';
export const VALUATION_VALUE_NEGATIVE = 'Value cannot be negative';
export const VALUATION_VALUE_INVALID = 'Value must be an amount of dollars, e.g. 12500.50';
export const VALUATION_SOURCE_REQUIRED =
  'Source must be Broker quote, Auction comparable, Internal model or Other';
export const VALUATION_NOTE_TOO_LONG = `Note must be at most ${VALUATION_NOTE_MAX} characters`;
/** A day before the latest valuation's, without 'Earlier than the latest valuation' ticked. */
export const valuationBeforeLatest = (latestOn: string) =>
  `Date cannot be before the latest valuation (${latestOn}); tick 'Earlier than the latest valuation' to record an earlier one`;
/** What a cask's first valuation says when it is recorded with the cask (decision 397). */
export const VALUATION_NOTE_ON_ADD = 'Current value entered when the cask was added';

/**
 * The rule the form and the API share for a valuation's day against the cask's latest one:
 * the message to show under 'Date', or undefined when the day may be recorded. The same day as
 * the latest is no earlier; an earlier one needs the flag (decision 395).
 */
export function valuationDateRefusal(
  valuedOn: string,
  latestOn: string | null,
  earlierThanLatest: boolean,
): string | undefined {
  if (latestOn === null || earlierThanLatest || valuedOn >= latestOn) return undefined;
  return valuationBeforeLatest(latestOn);
}

/**
 * POST /casks/{id}/valuations (issue 44): the day the value is for (not after today), the value
 * in dollars (numeric(14,2): exact, kept as its decimal text, never negative), its source, a
 * note, and whether a day before the latest valuation's is meant. The form checks the same.
 */
export const valuationBody = z.object({
  valuedOn: pastDay,
  value: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value === null ? undefined : value),
    text({ error: VALUATION_VALUE_REQUIRED })
      .trim()
      .superRefine((value, ctx) => {
        // One message a value: the first thing wrong with it.
        const message =
          value === ''
            ? VALUATION_VALUE_REQUIRED
            : value.startsWith('-')
              ? VALUATION_VALUE_NEGATIVE
              : MONEY_PATTERN.test(value)
                ? undefined
                : VALUATION_VALUE_INVALID;
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
  ),
  source: z.enum(VALUATION_SOURCES, { error: VALUATION_SOURCE_REQUIRED }),
  note: text().trim().max(VALUATION_NOTE_MAX, VALUATION_NOTE_TOO_LONG).optional().default(''),
  earlierThanLatest: z
    .boolean({ error: 'Earlier than the latest valuation must be true or false' })
    .optional()
    .default(false),
  /** Required when the Approvals policy sends the valuation for approval (issue 45). */
  reason: approvalReason,
});
export type ValuationBody = z.input<typeof valuationBody>;
export type ValuationInput = z.output<typeof valuationBody>;

/**
 * valuationBody as the 'Record Valuation' dialog checks it: also the day against the cask's
 * latest valuation (`latestOn`, null when never valued), with valuationDateRefusal's text under
 * 'Date'. The API checks the same rule against the latest valuation it finds under the cask's
 * lock.
 */
export const valuationBodyAfter = (latestOn: string | null) =>
  valuationBody.superRefine((body, ctx) => {
    const refusal = valuationDateRefusal(body.valuedOn, latestOn, body.earlierThanLatest);
    if (refusal) ctx.addIssue({ code: 'custom', path: ['valuedOn'], message: refusal });
  });

/** A cask's latest valuation (by day, then by when it was recorded): its current value. */
export const latestValuation = z.object({
  valuedOn: z.string(),
  value: z.number(),
  source: z.string(),
});
export type LatestValuation = z.infer<typeof latestValuation>;

export const regauge = z.object({
  id: z.uuid(),
  gaugedOn: z.string(),
  bulkLitres: z.number(),
  abv: z.number(),
  /** Litres of pure alcohol: bulk litres x ABV, to the millilitre. */
  lpa: z.number(),
  /**
   * The yearly loss of pure alcohol since the previous gauge, in percent (the angel's share):
   * 1 - (LPA now / LPA before) ^ (1 / years). Null for the first gauge or one on the same day.
   */
  yearlyLoss: z.number().nullable(),
  admin: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Regauge = z.infer<typeof regauge>;

export const caskTransfer = z.object({
  id: z.uuid(),
  transferredOn: z.string(),
  from: z.object({ id: z.uuid(), fullName: z.string() }),
  to: z.object({ id: z.uuid(), fullName: z.string() }),
  price: z.number().nullable(),
  note: z.string().nullable(),
  admin: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type CaskTransfer = z.infer<typeof caskTransfer>;

export const caskAlerts = z.object({
  /** The day from which a regauge is due (null: the cask's year is unknown). */
  regaugeDueOn: z.string().nullable(),
  regaugeDue: z.boolean(),
  /** The day the trend of the gauges' ABV crosses 40% (null: no falling trend). */
  abvFortyOn: z.string().nullable(),
  abvNearForty: z.boolean(),
}) satisfies z.ZodType<CaskAlerts>;

/**
 * GET /casks/{id}/record: the cask, its gauges (newest first), its transfers, its alerts and its
 * latest valuation.
 */
export const caskRecord = z.object({
  cask,
  regauges: z.array(regauge),
  transfers: z.array(caskTransfer),
  alerts: caskAlerts,
  /** The valuation the current value is (null: never valued); a new one may not be dated before it. */
  latestValuation: latestValuation.nullable(),
});
export type CaskRecord = z.infer<typeof caskRecord>;
export const caskRecordResponse = okEnvelope(caskRecord);
export type CaskRecordResponse = z.infer<typeof caskRecordResponse>;

export const PROVENANCE_KINDS = [
  'added',
  'valuation',
  'status',
  'note',
  'regauge',
  'transfer',
  'removed',
  /** The undo of a delete (decision 273). */
  'restored',
] as const;
export type ProvenanceKind = (typeof PROVENANCE_KINDS)[number];

/** One event of a cask's life, newest first on its page. */
export const provenanceEvent = z.object({
  kind: z.enum(PROVENANCE_KINDS),
  at: z.iso.datetime(),
  /** What happened, in words. */
  summary: z.string(),
  /** The admin's name; null when no admin recorded it (the seeds' and migration 0036's history). */
  admin: z.string().nullable(),
});
export type ProvenanceEvent = z.infer<typeof provenanceEvent>;
export const provenanceResponse = okEnvelope(z.object({ events: z.array(provenanceEvent) }));
export type ProvenanceResponse = z.infer<typeof provenanceResponse>;
