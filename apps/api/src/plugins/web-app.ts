import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendRouteNotFound } from './errors.ts';
import { loadPages, type Page } from './web-app-pages.ts';

/** Content-hashed by Vite: a changed file gets a new name, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: kept, but revalidated (ETag) before each use. */
const REVALIDATE = 'no-cache';

/** The encoding of the page to send: brotli first, then gzip, as @fastify/static chooses. */
function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    quality.set(name, q ? Number(q.slice(2)) : 1);
  }
  // `*` stands for any encoding not named; `br;q=0` refuses brotli even beside it.
  const accepts = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  return accepts('gzip') ? 'gzip' : 'identity';
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page) {
  const encoding = pageEncoding(request.headers['accept-encoding']);
  const etag = page.etag[encoding];
  reply
    .header('vary', 'accept-encoding')
    .header('cache-control', REVALIDATE)
    .header('etag', etag)
    .type('text/html; charset=utf-8');
  const known = (request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim());
  if (known.includes(etag) || known.includes(`W/${etag}`) || known.includes('*')) {
    return reply.status(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(page[encoding]);
}

/**
 * Serves the built SPA with history fallback to index.html (docs/architecture.md#shape; decision
 * 120). Vite's precompress plugin writes `.br` and `.gz` copies next to each text file; the one the
 * browser accepts is sent, brotli first. Hashed `/assets/*` are cached for a year, everything else
 * revalidates. Source maps, the compressed copies and the build manifest (`.vite/`) are not served
 * under their own names. The history fallback (and `/`) answers each route's HTML with
 * modulepreload tags for its chunks, made with its compressed copies at start-up (web-app-pages.ts,
 * decision 135).
 */
export function registerWebApp(app: FastifyInstance, distDir: string | undefined): void {
  if (!distDir) return;
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) return;
  const assetsDir = path.join(root, 'assets') + path.sep;
  const pages = loadPages(root);
  void app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    // `/` is a route like the others (the Dashboard), answered with its preloads below.
    index: false,
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
      return sendRouteNotFound(request, reply);
    }
    return sendPage(request, reply, pages.forPath(url));
  });
}
