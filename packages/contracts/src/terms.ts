import { z } from 'zod';
import { okEnvelope, text } from './common.ts';

/** docs/screens/privacy-policy.md: the only kind of legal text so far. */
export const TERMS_TYPES = ['privacy'] as const;
export const termsType = z.enum(TERMS_TYPES, { error: "type must be 'privacy'" });
export type TermsType = z.infer<typeof termsType>;

/**
 * The editor's HTML, before sanitizing. Images pasted into the editor arrive as data: URLs, so
 * the cap leaves room for a small one; the JSON body limit (1 MB) stays above it.
 */
export const TERMS_CONTENT_MAX = 200_000;
export const TERMS_CONTENT_REQUIRED = 'Privacy policy content is required';
export const TERMS_CONTENT_TOO_LONG = `Privacy policy is too long: at most ${TERMS_CONTENT_MAX} characters`;

/**
 * The HTML elements a policy may contain: what the editor's toolbar produces
 * (docs/screens/privacy-policy.md: headers, font, bold / italic / underline / strike, lists,
 * indent, align, link, image). The API keeps only these when saving and the web app again when
 * showing (docs/architecture.md#input-and-output).
 */
export const POLICY_ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'ol',
  'ul',
  'li',
  'a',
  'img',
] as const;

export const termsQuery = z.object({ type: termsType.default('privacy') });
export type TermsQuery = z.infer<typeof termsQuery>;

/** docs/screens/privacy-policy.md#api-calls: `POST /terms` with `{ type: 'privacy', content }`. */
export const saveTermsBody = z.object({
  type: termsType,
  content: text({ error: TERMS_CONTENT_REQUIRED })
    .min(1, TERMS_CONTENT_REQUIRED)
    .max(TERMS_CONTENT_MAX, TERMS_CONTENT_TOO_LONG),
});
export type SaveTermsBody = z.infer<typeof saveTermsBody>;

/** The current text of one type; content and updatedAt are null until a first save. */
export const termsDocument = z.object({
  type: termsType,
  content: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TermsDocument = z.infer<typeof termsDocument>;

export const TERMS_CHANGED_ELSEWHERE =
  'Another admin saved the privacy policy after you started editing. Copy your text, reload the page to see their version, then save again.';

export const termsResponse = okEnvelope(termsDocument);
export type TermsResponse = z.infer<typeof termsResponse>;
