import { z } from 'zod';
import { line } from './common.ts';

/**
 * ABV and volume of casks and offers (issue 27): typed as the spec's forms show them ('e.g. 40%',
 * 'e.g. 2000L'), stored and answered as numbers (ABV in percent, volume in litres), shown with
 * their unit again by `formatAbv` and `formatVolume`.
 */

export const ABV_MAX = 100;
/** Far above the largest vat; numeric(12,3) in the database. */
export const VOLUME_MAX_LITRES = 1_000_000;

/** '58.4', '58.4%' or '58.4 %': at most two decimals, as numeric(5,2) keeps them. */
const ABV_PATTERN = /^(\d{1,3}(?:\.\d{1,2})?) ?%?$/;
/** '250', '250L', '250 l', '70cl', '700ml': digits and at most three decimals, then a unit. */
const VOLUME_PATTERN = /^(\d{1,9})(?:\.(\d{1,3}))? ?(l|cl|ml)?$/i;
/** Millilitres per unit. */
const MILLILITRES = { l: 1000, cl: 10, ml: 1 } as const;

const abvInvalid = (label: string) => `${label} must be a percentage, e.g. 58.4 or 58.4%`;
const abvOutOfRange = (label: string) => `${label} must be from 0 to ${ABV_MAX}%`;
const volumeInvalid = (label: string) =>
  `${label} must be a number of litres, e.g. 250 or 250L (or 70cl, 700ml)`;
const volumeOutOfRange = (label: string) =>
  `${label} must be more than 0 and at most ${VOLUME_MAX_LITRES.toLocaleString('en-US')} litres`;

/** The percentage in a typed ABV, or an error message. */
export function parseAbv(typed: string, label = 'ABV'): number | { error: string } {
  const match = ABV_PATTERN.exec(typed);
  if (!match?.[1]) return { error: abvInvalid(label) };
  const abv = Number(match[1]);
  return abv <= ABV_MAX ? abv : { error: abvOutOfRange(label) };
}

/**
 * The litres in a typed volume, or an error message. Counted in whole millilitres, so 70cl is
 * exactly 0.7 L (no floating-point sums) and a volume finer than a millilitre is refused.
 */
export function parseVolume(typed: string, label = 'Volume'): number | { error: string } {
  const match = VOLUME_PATTERN.exec(typed);
  if (!match?.[1]) return { error: volumeInvalid(label) };
  const unit = (match[3]?.toLowerCase() ?? 'l') as keyof typeof MILLILITRES;
  const decimals = match[2] ?? '';
  // The digits as a whole number of thousandths of the unit: 33.3cl is 33300 thousandths.
  const thousandths = Number(match[1]) * 1000 + Number(decimals.padEnd(3, '0'));
  const millilitres = (thousandths * MILLILITRES[unit]) / 1000;
  if (!Number.isInteger(millilitres)) return { error: volumeInvalid(label) };
  const litres = millilitres / 1000;
  return litres > 0 && litres <= VOLUME_MAX_LITRES ? litres : { error: volumeOutOfRange(label) };
}

/** A form's text (or a number, e.g. from JSON) read by `parse` into a number. */
function measure(parse: (typed: string, label: string) => number | { error: string }) {
  return (label: string) =>
    z
      .preprocess(
        (value) => (typeof value === 'number' ? String(value) : value),
        line({ error: `${label} must be text or a number` }),
      )
      .transform((typed, ctx) => {
        const parsed = parse(typed, label);
        if (typeof parsed === 'number') return parsed;
        ctx.issues.push({ code: 'custom', message: parsed.error, input: typed });
        return z.NEVER;
      });
}

/** An ABV as a form sends it ('58.4%' or '58.4'), parsed to the percentage. */
export const abvInput = measure(parseAbv);
/** A volume as a form sends it ('250L', '250' or '70cl'), parsed to litres. */
export const volumeInput = measure(parseVolume);

/** An ABV and a volume written with their unit, in ./lists-plain.ts (the screens draw without zod). */
export { formatAbv, formatVolume } from './lists-plain.ts';
