import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Content-hashed by Vite: a changed file gets a new name, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: kept, but revalidated (ETag) before each use. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA with history fallback to index.html (DESIGN.md §1, §7; decision 120).
 * Vite's precompress plugin writes `.br` and `.gz` copies next to each text file; the one the
 * browser accepts is sent, brotli first. Hashed `/assets/*` are cached for a year, everything
 * else revalidates. Source maps, the compressed copies and the build manifest (`.vite/`) are not
 * served under their own names.
 */
export function registerWebApp(app: FastifyInstance, distDir: string | undefined): void {
  if (!distDir) return;
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) return;
  const assetsDir = path.join(root, 'assets') + path.sep;
  void app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
    dotfiles: 'ignore',
    // send's own header would be `public, max-age=0`; setHeaders decides per file instead.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('vary', 'accept-encoding');
      res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  // plugins/errors.ts owns the not-found handler and Fastify allows only one per prefix, so the
  // history fallback is a catch-all GET route (specific routes and static files win over it).
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/uploads/') || path.extname(url)) {
      return reply
        .status(404)
        .send({ success: false, message: `Route ${request.method} ${url} not found` });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
