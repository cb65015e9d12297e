import { z } from 'zod';

export { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES, type ImageContentType } from './files-plain.ts';

export const IMAGE_TOO_LARGE = 'The image is too large: at most 5 MB is allowed';
export const IMAGE_TYPE_NOT_ALLOWED = 'Only PNG, JPEG, WebP or GIF images are allowed';

/** Where an uploaded file is served (outside /api): `/uploads/<uuid>`. */
export const UPLOAD_URL_PATTERN =
  /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uploadUrl(id: string): string {
  return `/uploads/${id}`;
}

/** The id inside an `/uploads/<uuid>` URL, or undefined when the URL is not one of ours. */
export function uploadIdOf(url: string): string | undefined {
  return UPLOAD_URL_PATTERN.test(url) ? url.slice('/uploads/'.length).toLowerCase() : undefined;
}

/** What storing an image gives back: its id and the URL the API hands out. */
export const storedImage = z.object({ id: z.uuid(), url: z.string() });
export type StoredImage = z.infer<typeof storedImage>;
