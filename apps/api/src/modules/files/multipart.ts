import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '@cask/contracts/files';
import {
  AppError,
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../lib/errors.ts';

function hasCode(error: unknown): error is { code: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/**
 * Multipart parsing for one module's routes (register it inside the module's plugin, so it only
 * applies there). Limits first (DESIGN.md §5): the file stream is cut at 5 MB and anything beyond
 * `maxFiles` files or a few small fields is refused before it is buffered.
 */
export async function registerImageUploads(
  app: FastifyInstance,
  { maxFiles = 1 }: { maxFiles?: number } = {},
): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: maxFiles,
      fields: 30,
      fieldSize: 64 * 1024,
      parts: maxFiles + 30,
      headerPairs: 100,
    },
  });
}

/** Turns the multipart plugin's errors into our typed errors, with messages a person can act on. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError || !hasCode(error)) return error;
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeError(IMAGE_TOO_LARGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UnsupportedMediaTypeError('Send the image as multipart/form-data');
    case 'FST_FILES_LIMIT':
      return new PayloadTooLargeError('Too many files: send one image');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new PayloadTooLargeError('Too many form fields in the upload');
    default:
      return error;
  }
}

/**
 * Reads the single image sent in `field` into memory (at most 5 MB, enforced while streaming).
 * Nothing is stored here: pass the buffer to `storeImage`.
 */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError(
      `Send the image as multipart/form-data in the field '${field}'`,
    );
  }
  try {
    const part = await request.file();
    if (!part || part.fieldname !== field) {
      part?.file.resume();
      throw new BadRequestError(`Choose an image to upload in the field '${field}'`, [
        { field, message: 'Choose an image to upload' },
      ]);
    }
    const buffer = await part.toBuffer();
    // The plugin only throws when the limit is hit while it is still handing out chunks; over a
    // real socket the last chunk can arrive first and the cut-off file comes back as if whole.
    if (part.file.truncated) throw new PayloadTooLargeError(IMAGE_TOO_LARGE);
    return buffer;
  } catch (error) {
    throw uploadError(error);
  }
}

/** A multipart form: its text fields (the last value of a repeated one) and its optional image. */
export interface ImageForm {
  fields: Record<string, string>;
  image: Buffer | undefined;
}

/**
 * Reads a form of text fields plus at most one image in `field` (at most 5 MB, enforced while
 * streaming, as `readImageUpload`). A file in any other field is refused; a form without an image
 * is fine (the caller decides whether one is required). Validate `fields` with the contract.
 */
export async function readImageForm(request: FastifyRequest, field: string): Promise<ImageForm> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError('Send the form as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw new BadRequestError(`Send the image in the field '${field}'`, [
          { field: part.fieldname, message: `Send the image in the field '${field}'` },
        ]);
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw new PayloadTooLargeError(IMAGE_TOO_LARGE);
      // An empty file input (nothing chosen) sends a part with no bytes: no image.
      image = buffer.length > 0 ? buffer : undefined;
    }
  } catch (error) {
    throw uploadError(error);
  }
  return { fields, image };
}
