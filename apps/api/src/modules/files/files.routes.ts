import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { FILE_NOT_FOUND, serveFile } from './files.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /uploads/:id` (docs/architecture.md#uploads), outside /api and public: an <img> cannot send
 * a bearer token. Ids are random UUIDs and a stored file never changes, but it can be deleted with
 * the cask or offer that showed it: so a cache may keep it but must ask again before each use
 * (`no-cache`), which costs a 304 without the bytes while the file exists and a 404 once it is gone
 * (decision 192).
 */
export const filesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/uploads/:id',
    {
      config: { public: true },
      schema: { hide: true, params: z.object({ id: z.string().max(100) }) },
    },
    async (request, reply) => {
      // A malformed id is just a file that does not exist (and must not reach a uuid column).
      if (!UUID.test(request.params.id)) throw new NotFoundError(FILE_NOT_FOUND);
      const file = await serveFile(
        deps.database.db,
        request.params.id,
        request.headers['if-none-match'],
      );
      reply.headers({
        etag: file.etag,
        'cache-control': 'no-cache',
        // The type was decided from the magic bytes when stored; the browser must not guess.
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
      });
      if (!file.bytes) return reply.status(304).send();
      return reply.type(file.contentType).send(file.bytes);
    },
  );
};
