/**
 * The image choosers' limits, in a module without zod (docs/decisions/450): the web app's
 * `imageFileProblem` checks a chosen file with these before any contract is loaded. Re-exported by
 * `./files.ts`, where the API reads them. Apart from `./plain.ts`, which screens without an image
 * chooser load.
 */

/** docs/architecture.md#input-and-output: an uploaded image is at most 5 MB (docs/screens/common.md#limits). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * docs/architecture.md#input-and-output: png, jpeg, webp, gif; never svg (it can carry scripts).
 */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
