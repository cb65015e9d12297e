import { z } from 'zod';
import {
  deletedAnswer,
  deletedChanges,
  line,
  okEnvelope,
  pageQuery,
  pagination,
  recordVersion,
  searchParam,
  sortParam,
  DATE_OUT_OF_RANGE,
  isDayInDateYears,
  text,
} from './common.ts';
import { abvInput, volumeInput } from './measures.ts';
import { defineList } from './lists.ts';
import { CASK_LIST, CASK_SEARCH_DEBOUNCE_MS, CASK_SORTS, CASKS_PAGE_SIZE } from './lists-plain.ts';

/**
 * docs/screens/casks.md: Ready and Maturing are chosen by the admin; Experience is only ever shown.
 */
export const CASK_STATUSES = ['Ready', 'Maturing', 'Experience'] as const;
export type CaskStatus = (typeof CASK_STATUSES)[number];
export const EDITABLE_CASK_STATUSES = ['Ready', 'Maturing'] as const;
export type EditableCaskStatus = (typeof EDITABLE_CASK_STATUSES)[number];
export const DEFAULT_CASK_STATUS: EditableCaskStatus = 'Ready';

/** docs/screens/casks.md: cask, bottle, experience; a new cask is a cask. */
export const CASK_TYPES = ['cask', 'bottle', 'experience'] as const;
export type CaskType = (typeof CASK_TYPES)[number];

/**
 * docs/screens/casks.md#limits: the list shows 10 a page, and the search waits 300 ms; in
 * ./lists-plain.ts, with the sorts, so the Cask List draws without zod (decision 450).
 */
export { CASK_SEARCH_DEBOUNCE_MS, CASK_SORTS, CASKS_PAGE_SIZE };

/** The multipart field holding the image (docs/screens/casks.md#api-calls `caskImages`). */
export const CASK_IMAGE_FIELD = 'caskImages';

export const CASK_TEXT_MAX = 200;
export const CASK_NOTES_MAX = 2000;
export const CASK_YEAR_MIN = 1800;
/** A cask can be filled this year at the latest: next year, so a cask ordered ahead still fits. */
export const caskYearMax = (today = new Date()) => today.getUTCFullYear() + 1;
/** numeric(14,2): at most 12 digits before the point and 2 after. */
const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

export const CASK_NAME_REQUIRED = 'Cask name is required';
export const CASK_OWNER_REQUIRED = 'Owner is required';
export const CASK_OWNER_NOT_FOUND = 'Owner not found';
export const CASK_NOT_FOUND = 'Cask not found';

/**
 * A cask's identity (issue 44, docs/domain.md#identity, decision 400): the number stencilled on
 * its head (letters, digits, '-' and '/', e.g. '1234' or 'RC-12/3'), the day it was filled, and
 * the warehouse it lies in. Number + distillery (any case) + fill year is unique.
 */
export const CASK_NUMBER_MAX = 20;
const CASK_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/-]*$/;
export const CASK_NUMBER_INVALID = "Cask number may hold only letters, digits, '-' and '/'";
export const CASK_NUMBER_NEEDS_IDENTITY = 'A cask number needs the distillery and the fill year';
export const FILL_DATE_INVALID = 'Fill date must be a day, e.g. 2015-03-31';
export const FILL_DATE_IN_FUTURE = 'Fill date cannot be in the future';
export const YEAR_NOT_FILL_YEAR = "Year must be the fill date's year";
export const WAREHOUSE_NOT_FOUND = 'Warehouse not found';
/** The 409 of an add whose number, distillery and fill year another cask already has. */
export const caskIdentityTaken = (number: string, distillery: string, year: number) =>
  `A cask with number ${number} of ${distillery} filled in ${year} already exists`;
/** The 409 of an undo that would bring back a cask whose identity a cask added since holds. */
export const CASK_IDENTITY_TAKEN_SINCE =
  'Another cask with this number, distillery and fill year was added since';

/** The fill year a form gives: the fill date's year when there is one (decision 400), else Year. */
export const fillYearOf = (fields: { year?: number | undefined; fillDate?: string | undefined }) =>
  fields.fillDate === undefined ? fields.year : Number(fields.fillDate.slice(0, 4));

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (day: string) =>
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
  new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/**
 * A form field as multipart sends it: a string, where empty means "left out"
 * (docs/screens/casks.md).
 */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = (label: string, max = CASK_TEXT_MAX) =>
  z.preprocess(
    blankToUndefined,
    line().max(max, `${label} must be at most ${max} characters`).optional(),
  );

/** Dollars with at most two decimals, kept as the exact decimal string for numeric(14,2). */
const money = (label: string) =>
  z.preprocess(
    blankToUndefined,
    text()
      .trim()
      .regex(MONEY_PATTERN, `${label} must be an amount of dollars, e.g. 1250.50`)
      .optional(),
  );

/** A cask's number as a form sends it (decision 400); blank is none. */
const caskNumberField = z.preprocess(
  blankToUndefined,
  line({ error: CASK_NUMBER_INVALID })
    .max(CASK_NUMBER_MAX, `Cask number must be at most ${CASK_NUMBER_MAX} characters`)
    .regex(CASK_NUMBER_PATTERN, CASK_NUMBER_INVALID)
    .optional(),
);
/** A day (YYYY-MM-DD, an <input type="date">) not after today (UTC); blank is none. */
const fillDateField = z.preprocess(
  blankToUndefined,
  text({ error: FILL_DATE_INVALID })
    .trim()
    .regex(DAY_PATTERN, FILL_DATE_INVALID)
    .refine(isCalendarDay, FILL_DATE_INVALID)
    .refine(isDayInDateYears, DATE_OUT_OF_RANGE)
    .refine((day) => day <= new Date().toISOString().slice(0, 10), FILL_DATE_IN_FUTURE)
    .optional(),
);
/** A warehouse's id (GET /warehouses); blank is none. */
const warehouseField = z.preprocess(blankToUndefined, z.uuid(WAREHOUSE_NOT_FOUND).optional());

/**
 * `POST /casks` (docs/screens/casks.md#api-calls), multipart/form-data: these text fields plus the
 * image in `caskImages`. Empty fields count as left out; the owner is required, and so is the name
 * (the list shows it). Year, volume and ABV are parsed to numbers; money stays its exact decimal
 * text.
 */
export const createCaskFields = z
  .object({
    type: z.preprocess(
      blankToUndefined,
      z.enum(CASK_TYPES, { error: 'Type must be cask, bottle or experience' }).default('cask'),
    ),
    name: z.preprocess(
      (value) => blankToUndefined(value) ?? '',
      line({ error: CASK_NAME_REQUIRED })
        .min(1, CASK_NAME_REQUIRED)
        .max(CASK_TEXT_MAX, `Cask name must be at most ${CASK_TEXT_MAX} characters`),
    ),
    distillery: optionalText('Distillery'),
    // Plain digits only: Number() would also read 0x7DF, 0b11111011111, 2.015e3 and ' 2015 '.
    year: z.preprocess(
      blankToUndefined,
      text({ error: 'Year must be a number' })
        .regex(/^\d{1,4}$/, 'Year must be a year in plain digits, e.g. 2015')
        .transform(Number)
        .superRefine((year, ctx) => {
          const max = caskYearMax();
          if (year < CASK_YEAR_MIN || year > max) {
            ctx.addIssue({
              code: 'custom',
              message: `Year must be from ${CASK_YEAR_MIN} to ${max}`,
            });
          }
        })
        .optional(),
    ),
    // Typed with a unit or without ('250L', '58.4%'), kept as numbers (issue 27).
    volume: z.preprocess(blankToUndefined, volumeInput('Volume').optional()),
    abv: z.preprocess(blankToUndefined, abvInput('ABV').optional()),
    location: optionalText('Location'),
    caskNumber: caskNumberField,
    fillDate: fillDateField,
    warehouse: warehouseField,
    estimatedValue: money('Estimated value'),
    currentValue: money('Current value'),
    purchasePrice: money('Purchase price'),
    status: z.preprocess(
      blankToUndefined,
      z
        .enum(EDITABLE_CASK_STATUSES, { error: 'Status must be Ready or Maturing' })
        .default(DEFAULT_CASK_STATUS),
    ),
    owner: z.preprocess(
      (value) => blankToUndefined(value) ?? '',
      z.string().min(1, CASK_OWNER_REQUIRED).pipe(z.uuid(CASK_OWNER_NOT_FOUND)),
    ),
  })
  .superRefine((fields, ctx) => {
    // The fill year is Year (decision 400): a fill date gives it, and a Year beside it must agree.
    if (
      fields.fillDate !== undefined &&
      fields.year !== undefined &&
      fields.year !== fillYearOf(fields)
    ) {
      ctx.addIssue({ code: 'custom', path: ['year'], message: YEAR_NOT_FILL_YEAR });
    }
    if (
      fields.caskNumber !== undefined &&
      (fields.distillery === undefined || fillYearOf(fields) === undefined)
    ) {
      ctx.addIssue({ code: 'custom', path: ['caskNumber'], message: CASK_NUMBER_NEEDS_IDENTITY });
    }
  });
export type CreateCaskFields = z.output<typeof createCaskFields>;
/** The text fields the form may send (all as strings in the multipart body). */
export type CreateCaskField = keyof CreateCaskFields;

export const STATUS_NOT_EDITABLE = 'Status must be Ready or Maturing';

/**
 * `PUT /casks/{id}/appreciation` (docs/screens/casks.md#api-calls): the two things the Edit Cask
 * dialog changes. Ready or Maturing; Experience only as the status the cask has already (display
 * only, docs/screens/casks.md#edit-cask), so the notes of an experience can be saved without
 * changing what it is.
 */
export const updateCaskBody = z.object({
  status: z.enum(CASK_STATUSES, { error: STATUS_NOT_EDITABLE }),
  notes: text({ error: 'Notes must be text' })
    .max(CASK_NOTES_MAX, `Notes must be at most ${CASK_NOTES_MAX} characters`)
    .optional()
    .default(''),
});
export type UpdateCaskBody = z.input<typeof updateCaskBody>;

/**
 * `PUT /casks/{id}/identity` (issue 44, docs/screens/casks.md#edit-identity): the cask's number,
 * fill date, warehouse and place in it, all four as the dialog shows them; a blank one is none
 * (cleared). A fill date makes its year the cask's Year (decision 430); a number needs the cask's
 * distillery and a fill year, which the API checks against the cask.
 */
export const caskIdentityBody = z.object({
  caskNumber: caskNumberField,
  fillDate: fillDateField,
  warehouse: warehouseField,
  location: optionalText('Location'),
});
export type CaskIdentityBody = z.input<typeof caskIdentityBody>;
export type CaskIdentityValues = z.output<typeof caskIdentityBody>;

/**
 * The Edit Identity dialog's check of the body against the cask it edits: a number needs the
 * cask's distillery and a fill year (the fill date's, else the cask's Year), as the API checks it
 * on the locked row.
 */
export const caskIdentityBodyFor = (cask: { distillery: string | null; year: number | null }) =>
  caskIdentityBody.superRefine((fields, ctx) => {
    const year = fields.fillDate === undefined ? cask.year : Number(fields.fillDate.slice(0, 4));
    if (fields.caskNumber !== undefined && (cask.distillery === null || year === null)) {
      ctx.addIssue({ code: 'custom', path: ['caskNumber'], message: CASK_NUMBER_NEEDS_IDENTITY });
    }
  });

/**
 * GET /casks: docs/screens/casks.md#api-calls (page, limit, search over name, distillery, cask
 * number and location, decision 400; the warehouse a filter by its id).
 */
export const caskListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(CASKS_PAGE_SIZE),
  search: searchParam,
  sort: sortParam(CASK_SORTS),
  /** Only the casks with this gauge alert (issue 30): 'regauge-due' or 'abv-near-40'. */
  alert: z
    .enum(['regauge-due', 'abv-near-40'], { error: 'Alert must be regauge-due or abv-near-40' })
    .optional(),
  /** Only the casks in this warehouse (issue 44): its id, from GET /warehouses. */
  warehouse: z.uuid({ error: 'Warehouse must be the id of a warehouse' }).optional(),
});
export type CaskListQuery = z.input<typeof caskListQuery>;
export type CaskListParams = z.output<typeof caskListQuery>;

export const caskOwner = z.object({ id: z.uuid(), fullName: z.string(), email: z.string() });

/** The warehouse a cask lies in, as a cask names it (decision 400). */
export const caskWarehouse = z.object({ id: z.uuid(), name: z.string() });

/**
 * GET /warehouses (issue 44): every bonded warehouse, by name, for the Cask List's filter and the
 * Add Cask form's select. A handful, so no paging.
 */
export const warehouse = caskWarehouse.extend({ city: z.string().nullable() });
export type Warehouse = z.infer<typeof warehouse>;
export const warehouseListResponse = okEnvelope(z.object({ warehouses: z.array(warehouse) }));
export type WarehouseListResponse = z.infer<typeof warehouseListResponse>;

/** One point of "Value Appreciation Over Time": month as YYYY-MM, value in dollars. */
export const appreciationPoint = z.object({ month: z.string(), value: z.number() });

/**
 * docs/screens/casks.md#api-calls, a cask. Money is in dollars (exact in the database, summed
 * there). `gain` is the current value minus the purchase price, computed in SQL, null when either
 * is unknown; `calculatedGain` is the same number (the spec names both); `gainPercentage` is the
 * gain over the purchase price in percent, two decimals, null without a positive purchase price.
 */
export const cask = z.object({
  id: z.uuid(),
  name: z.string(),
  distillery: z.string().nullable(),
  year: z.number().int().nullable(),
  /**
   * 'Volume' and 'ABV' (docs/screens/casks.md#where-the-app-differs): the cask as its latest gauge
   * found it (on `gaugedOn`), or as filled when it has no gauge (docs/decisions/305). Litres, shown
   * with `formatVolume` ('250L', '70cl'); percent, shown with `formatAbv` ('58.4%').
   */
  volume: z.number().nullable(),
  abv: z.number().nullable(),
  /** The day of the latest gauge `volume` and `abv` come from (YYYY-MM-DD); null: as filled. */
  gaugedOn: z.string().nullable(),
  /** 'Filled at': the volume and ABV the cask was added with. */
  filledVolume: z.number().nullable(),
  filledAbv: z.number().nullable(),
  /** Identity (decision 400): the number on its head, the day it was filled (YYYY-MM-DD). */
  caskNumber: z.string().nullable(),
  fillDate: z.string().nullable(),
  /** The bonded warehouse it lies in; `location` is its place there (rack, bay). */
  warehouse: caskWarehouse.nullable(),
  location: z.string().nullable(),
  estimatedValue: z.number().nullable(),
  currentValue: z.number().nullable(),
  purchasePrice: z.number().nullable(),
  status: z.enum(CASK_STATUSES),
  owner: caskOwner,
  /** The image's URL (`/uploads/<id>`), or null. */
  caskImages: z.string().nullable(),
  type: z.enum(CASK_TYPES),
  notes: z.string().nullable(),
  gain: z.number().nullable(),
  gainPercentage: z.number().nullable(),
  calculatedGain: z.number().nullable(),
  purchaseDate: z.iso.datetime().nullable(),
  appreciationData: z.array(appreciationPoint),
  /**
   * The gauge alerts' days (issue 30, decision 230), kept by the database: from when a regauge
   * is due, and when the trend of the gauges' ABV crosses 40% (YYYY-MM-DD, or null).
   */
  regaugeDueOn: z.string().nullable(),
  abvFortyOn: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Changes with every save; a save names it in If-Match (docs/decisions/208). */
  version: recordVersion,
});
export type Cask = z.infer<typeof cask>;

/** Exact over every cask, from maintained counters (docs/decisions/146). */
export const caskStats = z.object({
  totalCasks: z.number().int(),
  readyCasks: z.number().int(),
  maturingCasks: z.number().int(),
  /** Sum of current values (unknown counts as 0). */
  totalValue: z.number(),
  /** totalValue / totalCasks, rounded to cents; 0 without casks. */
  avgValue: z.number(),
  /** Sum of the gains of the casks that have one. */
  totalGain: z.number(),
});
export type CaskStats = z.infer<typeof caskStats>;

export const caskListResponse = okEnvelope(
  z.object({ casks: z.array(cask), stats: caskStats, pagination }),
);
export type CaskListResponse = z.infer<typeof caskListResponse>;
export type CaskList = CaskListResponse['data'];

export const caskResponse = okEnvelope(z.object({ cask }));
export type CaskResponse = z.infer<typeof caskResponse>;

export const deleteCaskResponse = okEnvelope(z.object({ id: z.uuid() }));
export type DeleteCaskResponse = z.infer<typeof deleteCaskResponse>;

/**
 * POST /casks/bulk/deleted (issue 31, decision 273): hides casks as DELETE /casks/{id} does
 * (`deleted: true`) and brings them back as they were (`deleted: false`: the undo of a delete).
 */
export const caskDeletedChangesBody = deletedChanges();
export type CaskDeletedChanges = z.infer<typeof caskDeletedChangesBody>;
export const caskDeletedChangesResponse = deletedAnswer();
export type CaskDeletedChangesResponse = z.infer<typeof caskDeletedChangesResponse>;
export const BULK_CASK_NOT_FOUND = 'Cask not found (deleted, or never there)';
export const BULK_CASK_NOT_DELETED = 'Cask is not deleted';

/** The Cask List: its route, query and answer, for the API and the web app (lists.ts). */
export const caskListDefinition = defineList({
  ...CASK_LIST,
  query: caskListQuery,
  response: caskListResponse,
});
