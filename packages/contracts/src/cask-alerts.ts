/**
 * A cask's gauge alerts (issue 30, decision 230): their constants, labels and rules, in a module
 * without zod, so the Cask List's badges do not load the cask page's schemas (decision 450).
 * `./cask-records.ts` re-exports all of it.
 */

/** A cask older than this many years is regauged every 3 years… */
export const REGAUGE_AFTER_YEARS = 5;
/** …and every year once it is older than this. */
export const YEARLY_REGAUGE_AFTER_YEARS = 15;
/** The legal minimum ABV of Scotch whisky. */
export const ABV_LEGAL_MINIMUM = 40;
/** 'ABV near 40%' when the trend of the gauges crosses 40% within this many years (or has). */
export const ABV_NEAR_YEARS = 3;

export const CASK_ALERTS = ['regauge-due', 'abv-near-40'] as const;
export type CaskAlert = (typeof CASK_ALERTS)[number];
export const CASK_ALERT_LABELS: Record<CaskAlert, string> = {
  'regauge-due': 'Regauge due',
  'abv-near-40': 'ABV near 40%',
};

/** Today's date in UTC, as YYYY-MM-DD. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** A cask's alerts, as `GET /casks/{id}/record` sends them (`caskAlerts` in ./cask-records.ts). */
export interface CaskAlerts {
  /** The day from which a regauge is due (null: the cask's year is unknown). */
  regaugeDueOn: string | null;
  regaugeDue: boolean;
  /** The day the trend of the gauges' ABV crosses 40% (null: no falling trend). */
  abvFortyOn: string | null;
  abvNearForty: boolean;
}

/** The last day whose ABV crossing counts as 'near' seen from `today` (YYYY-MM-DD). */
export function abvNearUntil(today = todayIso()): string {
  const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
  return `${String(year + ABV_NEAR_YEARS).padStart(4, '0')}${rest === '-02-29' ? '-02-28' : rest}`;
}

/** The alerts of a cask from the days the database keeps (decision 230). */
export function caskAlertsOf(
  cask: { regaugeDueOn: string | null; abvFortyOn: string | null },
  today = todayIso(),
): CaskAlerts {
  return {
    regaugeDueOn: cask.regaugeDueOn,
    regaugeDue: cask.regaugeDueOn !== null && cask.regaugeDueOn <= today,
    abvFortyOn: cask.abvFortyOn,
    abvNearForty: cask.abvFortyOn !== null && cask.abvFortyOn <= abvNearUntil(today),
  };
}
