import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
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

/** A client error the plugin raised itself (its own 4xx codes), kept as it is. */
function isClientError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export const MULTIPART_BODY_MALFORMED =
  'The form could not be read: the multipart/form-data body is malformed or incomplete';

/**
 * Multipart parsing for one module's routes (register it inside the module's plugin, so it only
 * applies there). Limits first (docs/architecture.md#input-and-output): the file stream is cut
 * at 5 MB and anything beyond `maxFiles` files or a few small fields is refused before it is
 * buffered.
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
function uploadError(error: unknown, maxFiles = 1): unknown {
  if (error instanceof AppError) return error;
  switch (hasCode(error) ? error.code : undefined) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeError(IMAGE_TOO_LARGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UnsupportedMediaTypeError('Send the image as multipart/form-data');
    case 'FST_FILES_LIMIT':
      return new PayloadTooLargeError(
        maxFiles === 1 ? 'Too many files: send one image' : `Too many files: at most ${maxFiles}`,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new PayloadTooLargeError('Too many form fields in the upload');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new BadRequestError(MULTIPART_BODY_MALFORMED);
    default:
      // The parser (busboy) reports a body it cannot read (no boundary in the Content-Type, a
      // boundary the body never uses, a part that never ends) as a plain Error without a code;
      // the request stream reports a body cut short the same way. Either is the body's fault.
      return isClientError(error) ? error : new BadRequestError(MULTIPART_BODY_MALFORMED);
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

/** A multipart form of text fields and images, read into memory; nothing is stored yet. */
export interface ImageForm {
  /** Each text field's first value. */
  fields: Record<string, string>;
  /** The files of each allowed file field, in the order sent (each at most 5 MB). */
  files: Record<string, Buffer[]>;
}

/**
 * Reads a form that carries text fields and images in the given file fields (e.g. a banner and
 * several sliding images). The same limits as `readImageUpload`: 5 MB a file, enforced while
 * streaming and checked again after each file (`truncated`, see there); a file in any other
 * field is a 400. Nothing is stored here: prepare the buffers with `prepareImage`, then save.
 */
export async function readImageForm(
  request: FastifyRequest,
  { fileFields, maxFiles }: { fileFields: readonly string[]; maxFiles: number },
): Promise<ImageForm> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError('Send the form as multipart/form-data');
  }
  const form: ImageForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!(part.fieldname in form.fields) && typeof part.value === 'string') {
          form.fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new BadRequestError(`Files are accepted only in ${fileFields.join(' and ')}`, [
          { field: part.fieldname, message: 'This field does not take a file' },
        ]);
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw new PayloadTooLargeError(IMAGE_TOO_LARGE);
      // A file chooser left empty sends a part with no name and no bytes: it is no file.
      if (buffer.length === 0 && !part.filename) continue;
      (form.files[part.fieldname] ??= []).push(buffer);
    }
  } catch (error) {
    throw uploadError(error, maxFiles);
  }
  return form;
}

/** What one multipart form carries, for `/api/docs`: its text fields and its file fields. */
export interface MultipartFormDocs {
  fields: readonly string[];
  /** The JSON Schema format of a text field that has one (`date` for YYYY-MM-DD). */
  formats?: Readonly<Record<string, string>>;
  /** Each file field, and whether it takes several files. */
  files: Readonly<Record<string, 'one' | 'many'>>;
}

/**
 * The route's `config.swaggerTransform`: documents the multipart form as the route's request
 * body. A multipart route declares no `body` schema (the plugin hands the parts to the handler,
 * which checks them with the shared contracts), so without this the document would say the
 * route takes no body at all, and nothing reading the document could tell it takes a form.
 */
export function documentMultipartForm(form: MultipartFormDocs): SwaggerTransform {
  const file = { type: 'string', format: 'binary' };
  const properties = {
    ...Object.fromEntries(
      form.fields.map((field) => {
        const format = form.formats?.[field];
        return [field, format ? { type: 'string', format } : { type: 'string' }];
      }),
    ),
    ...Object.fromEntries(
      Object.entries(form.files).map(([field, count]) => [
        field,
        count === 'one' ? file : { type: 'array', items: file },
      ]),
    ),
  };
  return (document) => {
    const { schema, url } = jsonSchemaTransform(document);
    return {
      url,
      schema: {
        ...schema,
        consumes: ['multipart/form-data'],
        body: { type: 'object', properties },
      },
    };
  };
}
