import { z } from 'zod';
import { line, text, type FieldError } from './common.ts';
import { abvInput, formatAbv, formatVolume, volumeInput } from './measures.ts';
import {
  DETAILS_NOT_JSON,
  OFFER_TYPES,
  type OfferDetailsAnswer,
  type OfferType,
} from './offers.ts';

/**
 * The offer form's fields (docs/screens/offers.md) as the Add/Edit Offer modal and the API check
 * them. Apart from offers.ts so that the list screen loads without them (decision 144).
 */

const TEXT_MAX = 200;
const DESCRIPTION_MAX = 5000;

/** A one-line text the admin must fill in: missing, empty or blank say '{label} is required'. */
const requiredText = (label: string, max = TEXT_MAX) =>
  line({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * A text the admin may leave empty: blank counts as not given. One line (a name, a place) unless
 * it is the description, whose box takes several.
 */
const optionalText = (label: string, max = TEXT_MAX, lines: 'one' | 'several' = 'one') =>
  (lines === 'one'
    ? line({ error: `${label} must be text` })
    : text({ error: `${label} must be text` }).trim()
  )
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Dollars with at most two decimals, kept as text so the numeric column stays exact. */
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const moneyMessage = (label: string) =>
  `${label} must be an amount in dollars, e.g. 1500 or 1500.50`;
const requiredMoney = (label: string) => requiredText(label, 20).regex(MONEY, moneyMessage(label));
const optionalMoney = (label: string) =>
  text({ error: moneyMessage(label) })
    .trim()
    .refine((value) => value === '' || MONEY.test(value), moneyMessage(label))
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * The deadline: a calendar date (only the date part is shown, docs/screens/offers.md). Year 0000
 * reads as a date in JavaScript, but there is no year zero in the calendar PostgreSQL keeps (1 BC
 * is followed by AD 1), so it cannot be stored: it is no real date either.
 */
const deadline = requiredText('Deadline', 10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Deadline must be a date (YYYY-MM-DD)')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !value.startsWith('0000') &&
      !Number.isNaN(date.getTime()) &&
      date.toISOString().startsWith(value)
    );
  }, 'Deadline must be a real date');

/** What the API answers for a deadline that was over before the offer existed (issue 27). */
export const DEADLINE_BEFORE_CREATION = 'Deadline must not be before the day the offer is created';

/**
 * One type-specific field of docs/screens/offers.md#add-offer--edit-offer, as the form shows it.
 */
export interface OfferDetailField {
  key: string;
  label: string;
  /** `abv` and `volume` are typed as text with a unit and kept as numbers (see measures.ts). */
  kind: 'text' | 'integer' | 'abv' | 'volume';
  /** Marked required in the form and enforced by the API (docs/decisions/140). */
  required: boolean;
  placeholder?: string;
  min?: number;
  max?: number;
}

/**
 * docs/screens/offers.md: cask {distillery, caskType, vintage, abv, volume}, bottle {distillery,
 * packaging, quantity, volume, certificate}, experience {packaging, duration, testing,
 * participants, includes}. Vintage and quantity are numbers (docs/screens/offers.md); participants
 * too.
 */
export const OFFER_DETAIL_FIELDS: Record<OfferType, readonly OfferDetailField[]> = {
  cask: [
    { key: 'distillery', label: 'Distillery', kind: 'text', required: true },
    {
      key: 'caskType',
      label: 'Cask Type',
      kind: 'text',
      required: true,
      placeholder: 'e.g. Sherry Butt',
    },
    {
      key: 'vintage',
      label: 'Vintage',
      kind: 'integer',
      required: true,
      placeholder: 'e.g. 2015',
      min: 1800,
      max: 2100,
    },
    { key: 'abv', label: 'ABV', kind: 'abv', required: false, placeholder: 'e.g. 58.2%' },
    { key: 'volume', label: 'Volume', kind: 'volume', required: false, placeholder: 'e.g. 500L' },
  ],
  bottle: [
    { key: 'distillery', label: 'Distillery', kind: 'text', required: true },
    {
      key: 'packaging',
      label: 'Packaging',
      kind: 'text',
      required: false,
      placeholder: 'e.g. Wooden case',
    },
    {
      key: 'quantity',
      label: 'Quantity',
      kind: 'integer',
      required: true,
      placeholder: 'e.g. 12',
      min: 1,
      max: 1_000_000,
    },
    { key: 'volume', label: 'Volume', kind: 'volume', required: false, placeholder: 'e.g. 70cl' },
    { key: 'certificate', label: 'Certificate', kind: 'text', required: false },
  ],
  experience: [
    {
      key: 'packaging',
      label: 'Packaging',
      kind: 'text',
      required: false,
      placeholder: 'e.g. Digital voucher',
    },
    { key: 'duration', label: 'Duration', kind: 'text', required: true, placeholder: 'e.g. 1 day' },
    {
      key: 'testing',
      label: 'Testing',
      kind: 'text',
      required: false,
      placeholder: 'e.g. 5 drams',
    },
    {
      key: 'participants',
      label: 'Participants',
      kind: 'integer',
      required: true,
      placeholder: 'e.g. 4',
      min: 1,
      max: 10_000,
    },
    { key: 'includes', label: 'Includes', kind: 'text', required: false },
  ],
};

function detailSchema(field: OfferDetailField): z.ZodType<string | number | undefined> {
  if (field.kind === 'integer') {
    const min = field.min ?? 0;
    const max = field.max ?? Number.MAX_SAFE_INTEGER;
    const number = z
      .number({
        error: (issue) =>
          issue.input === undefined && field.required
            ? `${field.label} is required`
            : `${field.label} must be a whole number`,
      })
      .int(`${field.label} must be a whole number`)
      .min(min, `${field.label} must be at least ${min}`)
      .max(max, `${field.label} must be at most ${max}`);
    return field.required ? number : number.optional();
  }
  if (field.kind === 'abv' || field.kind === 'volume') {
    const measure = (field.kind === 'abv' ? abvInput : volumeInput)(field.label);
    // Left blank, it is left out, as an optional text is.
    return z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      measure.optional(),
    );
  }
  return field.required ? requiredText(field.label) : optionalText(field.label);
}

/**
 * What a detail's input shows for a saved value: ABV and volume with their unit, as the admin
 * types them ('58.2%', '500L', '70cl'), anything else as text.
 */
export function detailInputValue(
  field: Pick<OfferDetailField, 'kind'>,
  value: OfferDetailsAnswer[string] | undefined,
): string {
  if (typeof value === 'number' && field.kind === 'abv') return formatAbv(value);
  if (typeof value === 'number' && field.kind === 'volume') return formatVolume(value);
  return value === null || value === undefined ? '' : String(value);
}

function detailsSchema(type: OfferType): z.ZodType<Record<string, string | number | undefined>> {
  const shape: Record<string, z.ZodType<string | number | undefined>> = {};
  for (const field of OFFER_DETAIL_FIELDS[type]) shape[field.key] = detailSchema(field);
  return z.object(shape, { error: DETAILS_NOT_JSON });
}

/** The details of each type; unknown keys are dropped, blank optional texts left out. */
export const offerDetailsSchemas: Record<OfferType, ReturnType<typeof detailsSchema>> = {
  cask: detailsSchema('cask'),
  bottle: detailsSchema('bottle'),
  experience: detailsSchema('experience'),
};

export type OfferDetailValues = Record<string, string | number>;

/**
 * The fields every offer form sends (docs/screens/offers.md). Required: type, title, current value
 * and deadline, with the type's own required details (docs/decisions/140). The list price
 * (`priceNumeric`) is the current value unless given.
 */
export const offerFields = z.object({
  type: z.enum(OFFER_TYPES, { error: 'Type must be cask, bottle or experience' }),
  title: requiredText('Title'),
  description: optionalText('Description', DESCRIPTION_MAX, 'several'),
  location: optionalText('Location'),
  currentPrice: requiredMoney('Current value'),
  originalPrice: optionalMoney('Purchase value'),
  priceNumeric: optionalMoney('Price'),
  expiryDate: deadline,
});
export type OfferFields = z.output<typeof offerFields>;

const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'));

/** POST /offers: multipart text fields besides the files (details is JSON text). */
export const createOfferFields = offerFields.extend({ isFeatured: flag('isFeatured') });
/**
 * PUT /offers/{id}. `image`: the current banner URL to keep, '' to remove it; absent keeps it.
 * `images`: JSON text, the URLs of the current sliding images to keep in order; absent keeps all.
 * New files in offerImage / offerImages replace the banner and join the sliding images.
 */
export const updateOfferFields = offerFields.extend({
  isActive: flag('isActive'),
  image: line().max(200).optional(),
  images: text().max(5000).optional(),
});
export type CreateOfferFields = z.output<typeof createOfferFields>;
export type UpdateOfferFields = z.output<typeof updateOfferFields>;

/** The field errors of a failed parse, named as the form names its inputs ('details.vintage'). */
export function fieldErrorsOf(error: z.ZodError, prefix = ''): FieldError[] {
  return error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || 'body',
    message: issue.message,
  }));
}
