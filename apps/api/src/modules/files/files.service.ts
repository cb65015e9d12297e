import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import type Sharp from 'sharp';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  IMAGE_TYPE_NOT_ALLOWED,
  uploadUrl,
  type ImageContentType,
  type StoredImage,
} from '@cask/contracts/files';
import type { DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import {
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../lib/errors.ts';
import { createLimiter, ServerBusyError } from '../../lib/limiter.ts';
import * as repo from './files.repository.ts';

export const FILE_NOT_FOUND = 'File not found';

/** Longest side of a stored image unless the caller asks for less (avatars use 1024). */
export const DEFAULT_MAX_DIMENSION = 2048;

/**
 * A 5 MB PNG can still decode to gigabytes (a "decompression bomb"); 40 megapixels is far above
 * any photo a club admin uploads and keeps one decode under ~160 MB.
 */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Re-encoding an animation costs about its frames times its pixels: 30 frames of 1000x1000 in a
 * 52 kB GIF took seconds of CPU (issue 27). An animation keeps moving while it has at most 100
 * frames and 5 megapixels in all (say 30 frames of 400x400); a larger one is stored as its first
 * frame only, which costs one frame.
 */
export const ANIMATION_MAX_FRAMES = 100;
export const ANIMATION_MAX_PIXELS = 5_000_000;

/**
 * At most this many images are decoded and re-encoded at once in a process, each on a thread of
 * libuv's pool of four, which password hashing and file reads share; the others wait in line (an
 * offer form brings up to eleven, one after another).
 */
export const IMAGE_PROCESSING_CONCURRENCY = 2;
const imageProcessing = createLimiter({ concurrency: IMAGE_PROCESSING_CONCURRENCY });

export interface PreparedImage {
  bytes: Buffer;
  contentType: ImageContentType;
  size: number;
  sha256: string;
}

export interface ImageOptions {
  /** Longest side in pixels after re-encoding; smaller images are never enlarged. */
  maxDimension?: number;
}

/** Who stored the file and why: written to the audit trail with it. */
export interface UploadContext extends ImageOptions {
  adminId: string;
  ip?: string | null;
  /** What the image is for, e.g. 'avatar', 'cask', 'offer'. */
  purpose: string;
}

function isAllowedType(mime: string | undefined): mime is ImageContentType {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(mime ?? '');
}

/** Whether an animation is small enough to re-encode whole (see ANIMATION_MAX_PIXELS). */
function keepsMoving({ pages = 1, width = 0, height = 0, pageHeight }: Metadata): boolean {
  const framePixels = width * (pageHeight ?? height / pages);
  return pages <= ANIMATION_MAX_FRAMES && framePixels * pages <= ANIMATION_MAX_PIXELS;
}

/** sharp's part of `prepareImage`: the same format out as in, bounded, without metadata. */
async function reencode(
  sharp: typeof Sharp,
  buffer: Buffer,
  contentType: ImageContentType,
  maxDimension: number,
): Promise<Buffer> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  const animatable = contentType === 'image/gif' || contentType === 'image/webp';
  let input = sharp(buffer, { ...options, animated: animatable });
  const metadata = await input.metadata();
  let pages = metadata.pages ?? 1;
  if (pages > 1 && !keepsMoving(metadata)) {
    // Only the first frame is decoded at all.
    input = sharp(buffer, { ...options, pages: 1 });
    pages = 1;
  }
  // EXIF orientation must be applied before the metadata is dropped, or phone photos end
  // up sideways; libvips cannot rotate multi-page (animated) images, which carry no EXIF.
  const oriented = pages > 1 ? input : input.rotate();
  const resized = oriented.resize({
    width: maxDimension,
    height: maxDimension,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const encoded =
    contentType === 'image/png'
      ? resized.png({ compressionLevel: 9 })
      : contentType === 'image/jpeg'
        ? resized.jpeg({ quality: 85, mozjpeg: true })
        : contentType === 'image/webp'
          ? resized.webp({ quality: 85 })
          : resized.gif();
  return encoded.toBuffer();
}

/**
 * Checks and re-encodes an uploaded image (docs/architecture.md#input-and-output). The type comes
 * from the magic bytes, never from the file name or the client's content type, and the bytes we
 * keep are sharp's own output: metadata (EXIF, GPS, comments) is gone and anything hidden after the
 * image data too.
 */
export async function prepareImage(
  buffer: Buffer,
  options: ImageOptions = {},
): Promise<PreparedImage> {
  if (buffer.length > IMAGE_MAX_BYTES) throw new PayloadTooLargeError(IMAGE_TOO_LARGE);
  if (buffer.length === 0) throw new UnsupportedMediaTypeError(IMAGE_TYPE_NOT_ALLOWED);
  // file-type and sharp are imported at the first upload, not at start-up (docs/decisions/454);
  // outside the try below, so that a failure to load them is not mistaken for a bad image.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import('file-type'),
    import('sharp'),
  ]);
  // SVG is text, so file-type finds no magic bytes for it and it is refused here as well.
  const detected = await fileTypeFromBuffer(buffer);
  const contentType = detected?.mime;
  if (!isAllowedType(contentType)) throw new UnsupportedMediaTypeError(IMAGE_TYPE_NOT_ALLOWED);

  const maxDimension = options.maxDimension ?? DEFAULT_MAX_DIMENSION;
  let bytes: Buffer;
  try {
    bytes = await imageProcessing(() => reencode(sharp, buffer, contentType, maxDimension));
  } catch (error) {
    if (error instanceof ServerBusyError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new PayloadTooLargeError('The image is too large: at most 40 megapixels are allowed');
    }
    throw new UnsupportedMediaTypeError('The file is not a readable image');
  }
  return {
    bytes,
    contentType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** Stores an image prepared by `prepareImage`, with its audit row, in the caller's transaction. */
export async function savePreparedImage(
  tx: DbOrTx,
  image: PreparedImage,
  context: UploadContext,
): Promise<StoredImage> {
  const { id } = await repo.insertFile(tx, image);
  await writeAudit(tx, {
    adminId: context.adminId,
    action: 'file.uploaded',
    entity: 'file',
    entityId: id,
    after: {
      purpose: context.purpose,
      contentType: image.contentType,
      size: image.size,
      sha256: image.sha256,
    },
    ip: context.ip ?? null,
  });
  return { id, url: uploadUrl(id) };
}

/**
 * The one way modules store an uploaded image (avatars, casks, offers): check, re-encode, keep.
 * Throws 413 / 415 errors before anything is written, so a wrong file stores nothing. Callers
 * storing several images may `prepareImage` them all first, then save inside one transaction.
 */
export async function storeImage(
  tx: DbOrTx,
  buffer: Buffer,
  context: UploadContext,
): Promise<StoredImage> {
  const image = await prepareImage(buffer, context);
  return savePreparedImage(tx, image, context);
}

/**
 * Deletes stored files the caller no longer references (an offer's removed images), each with a
 * `file.deleted` audit row, in the caller's transaction: the change and the clean-up commit
 * together or not at all.
 */
export async function deleteStoredFiles(
  tx: DbOrTx,
  ids: readonly string[],
  context: Omit<UploadContext, 'maxDimension'>,
): Promise<void> {
  const deleted = await repo.deleteFiles(tx, ids);
  for (const id of deleted) {
    await writeAudit(tx, {
      adminId: context.adminId,
      action: 'file.deleted',
      entity: 'file',
      entityId: id,
      before: { purpose: context.purpose },
      ip: context.ip ?? null,
    });
  }
}

/** What `GET /uploads/:id` sends: the validators always, the bytes unless the client has them. */
export interface ServedFile {
  contentType: string;
  /** A strong validator: the bytes never change once stored. */
  etag: string;
  /** Undefined when the client's If-None-Match already names this ETag (answer 304). */
  bytes?: Buffer;
}

export function etagOf(sha256: string): string {
  return `"${sha256}"`;
}

/** True when an If-None-Match header names this ETag (or `*`); weak forms match too (RFC 9110). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === etag);
}

/** Reads the metadata first, so a revalidation (304) never loads the bytes from the database. */
export async function serveFile(
  db: DbOrTx,
  id: string,
  ifNoneMatch: string | undefined,
): Promise<ServedFile> {
  const meta = await repo.findFileMeta(db, id);
  if (!meta) throw new NotFoundError(FILE_NOT_FOUND);
  const etag = etagOf(meta.sha256);
  if (matchesEtag(ifNoneMatch, etag)) return { contentType: meta.contentType, etag };
  const bytes = await repo.findFileBytes(db, id);
  if (!bytes) throw new NotFoundError(FILE_NOT_FOUND);
  return { contentType: meta.contentType, etag, bytes };
}

/** Whether an `/uploads/<id>` file exists, for modules that accept a URL we handed out. */
export async function fileExists(db: DbOrTx, id: string): Promise<boolean> {
  return Boolean(await repo.findFileMeta(db, id));
}
