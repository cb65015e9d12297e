import { z } from 'zod';
import {
  BULK_MAX,
  BULK_TOO_MANY,
  DATE_OUT_OF_RANGE,
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  ifMatchHeaders,
  inDateYears,
  isDayInDateYears,
  SEARCH_MAX_LENGTH,
} from './plain.ts';

/** A field error as the API returns it inside `errors[]` (docs/architecture.md#errors). */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

/** The failure envelope every error answer uses. */
export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  /** Set on the few refusals the web app acts on (issue 28: step-up, two-factor set-up). */
  code: z.string().optional(),
  errors: z.array(fieldError).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The success envelope: `{ success: true, message?, data? }`. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

/** An envelope with no data (e.g. "mail sent"). */
export const messageEnvelope = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});
export type MessageEnvelope = z.infer<typeof messageEnvelope>;

/**
 * docs/architecture.md#errors: PostgreSQL cannot store U+0000 in text, so no request may carry it.
 */
export const NUL_CHARACTER_REFUSED = 'Text must not contain the NUL character (U+0000)';
/**
 * Half of a UTF-16 surrogate pair without its other half (`"x\ud800"` in JSON) is no character:
 * it has no UTF-8 form, so PostgreSQL cannot store it either (issue 27).
 */
export const LONE_SURROGATE_REFUSED =
  'Text must be well-formed Unicode: half of a surrogate pair (U+D800 to U+DFFF) alone is no character';

// With the u flag a whole pair is one code point, so only a half standing alone matches.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Every text field of every request starts here instead of at `z.string()`: the string, minus
 * the NUL character and lone surrogates, refused with a field error (400) before they can reach
 * the database (500). The checks do not stop the chain, so the field's own messages are
 * reported alongside them.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((value) => !value.includes('\u0000'), NUL_CHARACTER_REFUSED)
    .refine((value) => !LONE_SURROGATE.test(value), LONE_SURROGATE_REFUSED);

export const SINGLE_LINE_REFUSED =
  'Text must be a single line without control characters (a line break, tab, ESC...) or direction overrides (U+202A to U+202E, U+2066 to U+2069)';

/**
 * What a one-line field (a name, a title, an e-mail) must not hold (issue 27): the C0 controls
 * but NUL (text() names that one), DEL, the C1 controls, the line and paragraph separators, and
 * the bidirectional embeddings, overrides and isolates, which make a name show other than it
 * reads (U+202E turns 'gpj.exe' around).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_ONE_LINE = /[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * A one-line text field: `text()`, trimmed (so a line break typed or pasted around the value
 * is only space), then refused with a field error when a control character or a direction
 * override is left inside. Multi-line fields (notes, messages, descriptions) stay `text()`.
 */
export const line = (params?: Parameters<typeof z.string>[0]) =>
  text(params)
    .trim()
    .refine((value) => !NOT_ONE_LINE.test(value), SINGLE_LINE_REFUSED);

export const uuidParam = z.object({ id: z.uuid() });

/**
 * Issue 40: the years a date or an instant of a request may name. PostgreSQL's `date` has no year
 * 0, an instant before year 1 or after 9999 has no four-digit ISO form (JavaScript writes
 * `+010000-...`), and either reached the database as a 500. No date of the club's is before the
 * oldest cask's year (CASK_YEAR_MIN, 1800) or after 9999 (docs/decisions/301).
 */
// In ./plain.ts, with isDayInDateYears: the Audit Log's filters check them without zod (decision 450).
export { DATE_OUT_OF_RANGE, DATE_YEAR_MAX, DATE_YEAR_MIN, isDayInDateYears };

/**
 * An instant of a filter or a body: ISO 8601 with its offset (`2026-03-31T23:00:00Z`,
 * `...+02:00`), whose UTC year is within DATE_YEAR_MIN..DATE_YEAR_MAX. Every date-and-time input
 * starts here instead of at `z.iso.datetime()`; `error` is the field's message for a value that
 * is no such instant.
 */
export const instantParam = (error: string) =>
  z.iso
    .datetime({ offset: true, error })
    .refine((value) => inDateYears(new Date(value).getUTCFullYear()), DATE_OUT_OF_RANGE);

/** Paging query shared by every list (docs/architecture.md#paging: page from 1, limit 1..100). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** A list's search: at most SEARCH_MAX_LENGTH characters (./plain.ts). */
export { SEARCH_MAX_LENGTH };

export const SEARCH_SINGLE_LINE = 'Search must be a single line';

/**
 * A case-insensitive substring search; surrounding spaces are ignored and an empty search is no
 * search. `%`, `_` and `\` are matched literally by the API. A search is one line, as a search box
 * is: the API matches it against the searched fields held one per line (decision 176).
 */
export const searchParam = text()
  .trim()
  .max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`)
  .refine((value) => !/[\n\r]/.test(value), SEARCH_SINGLE_LINE)
  .optional()
  .transform((value) => (value ? value : undefined));

/** A sort value: a column ascending (`name`) or descending (`-createdAt`). */
export type SortValue<Column extends string> = Column | `-${Column}`;

/**
 * The optional `sort` of a list (issue 31): one of the list's sortable columns, ascending
 * (`sort=fullName`) or descending (`sort=-createdAt`). Without it a list is newest first. Ties
 * are broken by id in the same direction, so pages never overlap or skip rows.
 */
export function sortParam<const Columns extends readonly [string, ...string[]]>(columns: Columns) {
  const values = columns.flatMap((column) => [column, `-${column}`]) as [
    SortValue<Columns[number]>,
    ...SortValue<Columns[number]>[],
  ];
  return z.enum(values, { error: `Sort must be one of ${values.join(', ')}` }).optional();
}

/** The most rows one bulk action changes, and its message (./plain.ts: the screens draw without zod). */
export { BULK_MAX, BULK_TOO_MANY };
export const BULK_EMPTY = 'Choose at least one row';
export const BULK_REPEATED = 'Each row may be named once';
export const BULK_UNDO_UNKNOWN = 'There is no such bulk change to undo';

/**
 * The body of a bulk action (issue 31): each row by id with the value it is to have, e.g.
 * `{ changes: [{ id, status: 'Delivered' }, ...] }`. Undoing one sends the answer's `before`
 * values back the same way, with the answer's `bulkId`: the audit log then shows the change and
 * its undo as one bulk change (docs/decisions/311).
 */
export function bulkChanges<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({
    bulkId: z.uuid({ error: 'bulkId must be the id of a bulk change' }).optional(),
    changes: z
      .array(z.object({ id: z.uuid(), ...shape }))
      .min(1, BULK_EMPTY)
      .max(BULK_MAX, BULK_TOO_MANY)
      .refine(
        (rows) => new Set(rows.map((row) => (row as { id: string }).id)).size === rows.length,
        BULK_REPEATED,
      ),
  });
}

/** A bulk action some of whose rows could not be changed (409): none of them was. */
export const bulkRefused = (failed: number, named: number) =>
  `Nothing was changed: ${failed} of the ${named} rows could not be changed`;

/**
 * A bulk delete and its undo (issue 31): `{ changes: [{ id, deleted: true }] }` hides each row as
 * its single DELETE does; `deleted: false` brings it back, which is also the undo of a single
 * delete.
 */
export const deletedChanges = () =>
  bulkChanges({ deleted: z.boolean({ error: 'deleted must be true or false' }) });
export const deletedAnswer = () => bulkAnswer({ deleted: z.boolean() });

/** A bulk action's answer: each row's value before and after, in the order the body named them. */
export function bulkAnswer<Shape extends z.ZodRawShape>(shape: Shape) {
  const value = z.object(shape);
  return okEnvelope(
    z.object({
      /** Written with each row's audit entry; an undo sends it back. */
      bulkId: z.uuid(),
      changes: z.array(z.object({ id: z.uuid(), before: value, after: value })),
    }),
  );
}

export const pagination = z.object({
  current: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

/**
 * A save may name the version it replaces (docs/decisions/180), so that one admin's save never
 * silently replaces another's: `If-Match: "<updatedAt>"` of the version the form started from, or
 * `If-None-Match: *` when it started from nothing saved yet. Without either header a save
 * replaces whatever is current, as the spec's plain calls do.
 */
export function versionHeaders(
  updatedAt: string | null,
): { 'If-Match': string } | { 'If-None-Match': '*' } {
  return updatedAt === null ? { 'If-None-Match': '*' } : { 'If-Match': `"${updatedAt}"` };
}
export const VERSION_HEADER_INVALID =
  'If-Match must be "*" or a list of entity tags such as "<updatedAt>" (the quoted updatedAt of the version the save replaces), and If-None-Match must be "*"';

/** An `If-Match` entity tag (RFC 9110 §8.8.3): its opaque value, and whether it is weak (`W/`). */
export interface EntityTag {
  weak: boolean;
  opaque: string;
}

// One element of the list and the comma after it, or the end (RFC 9110 §5.6.1: optional spaces
// and tabs around each element, empty elements allowed). An entity-tag is `[W/]"..."`, whose
// characters are any visible ASCII but the double quote, and obs-text (bytes 0x80-0xFF, which
// Node reads as latin1).
const IF_MATCH_ELEMENT = /[ \t]*(?:(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"[ \t]*)?(,|$)/y;

/**
 * RFC 9110 §13.1.1: `If-Match: "*" / #entity-tag`. Answers '*', the list's entity tags (in
 * order; an empty list has none), or undefined when the value is neither: only that is bad input
 * (400). A valid tag that matches nothing is the save's precondition failing, not bad input.
 */
export function parseIfMatch(value: string): '*' | EntityTag[] | undefined {
  if (value === '*') return '*';
  const tags: EntityTag[] = [];
  IF_MATCH_ELEMENT.lastIndex = 0;
  for (;;) {
    const match = IF_MATCH_ELEMENT.exec(value);
    if (!match) return undefined;
    const [, weak, opaque, separator] = match;
    if (opaque !== undefined) tags.push({ weak: weak !== undefined, opaque });
    if (separator === '') return tags;
  }
}

/** The `If-Match` header: "*" or a list of entity tags (parseIfMatch), else 400 with `message`. */
const ifMatchHeader = (message: string) =>
  z
    .string()
    .refine((value) => parseIfMatch(value) !== undefined, message)
    .optional();

/** The headers of a save that say which version it replaces (see above). */
export const versionPreconditionHeaders = z.looseObject({
  'if-match': ifMatchHeader(VERSION_HEADER_INVALID),
  'if-none-match': z.literal('*', { error: VERSION_HEADER_INVALID }).optional(),
});
export type VersionPreconditionHeaders = z.infer<typeof versionPreconditionHeaders>;

/**
 * Issue 27 (docs/decisions/208): an order, a cask, an offer, a referral or a customer carries its
 * version, an opaque string that changes with every save of the record: `version` in list items,
 * the `ETag` of its single read. A save may send it back as `If-Match: "<version>"`; when the
 * record was saved since, the save answers 412 with this message and changes nothing.
 */
export const RECORD_CHANGED_ELSEWHERE =
  'This record was changed by someone else. Reload it and try again.';
export const recordVersion = z.string().regex(/^\d+$/);
export const RECORD_IF_MATCH_INVALID =
  'If-Match must be "*" or a list of entity tags such as "<version>" (the quoted version of the record the save replaces)';

/**
 * The header of a save that may name the version of the record it replaces (see above): any
 * entity-tag list is understood; one that names no current version answers 412 (RFC 9110
 * §13.1.1, strong comparison: a weak tag never matches; docs/decisions/300).
 */
export const recordPreconditionHeaders = z.looseObject({
  'if-match': ifMatchHeader(RECORD_IF_MATCH_INVALID),
});
export type RecordPreconditionHeaders = z.infer<typeof recordPreconditionHeaders>;

/** The `If-Match` of a save that started from this version of a record (./plain.ts). */
export { ifMatchHeaders };
