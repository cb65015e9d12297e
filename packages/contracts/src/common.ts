import { z } from 'zod';

/** A field error as the API returns it inside `errors[]` (DESIGN.md §4). */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

/** The failure envelope every error answer uses. */
export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
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

/** DESIGN.md §4: PostgreSQL cannot store U+0000 in text, so no request may carry it. */
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

export const uuidParam = z.object({ id: z.uuid() });

/** Paging query shared by every list (DESIGN.md §4: page from 1, limit 1..100). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

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
  'If-Match must be "*" or the quoted updatedAt of the version the save replaces, and If-None-Match must be "*"';

/** The headers of a save that say which version it replaces (see above). */
export const versionPreconditionHeaders = z.looseObject({
  'if-match': z
    .string()
    .regex(/^(?:\*|(?:W\/)?"[^"]+")$/, VERSION_HEADER_INVALID)
    .optional(),
  'if-none-match': z.literal('*', { error: VERSION_HEADER_INVALID }).optional(),
});
export type VersionPreconditionHeaders = z.infer<typeof versionPreconditionHeaders>;
