import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The answer for one route: its HTML in each encoding the server sends, and their ETags. */
export interface Page {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: { identity: string; br: string; gzip: string };
}

/** What apps/web/build/route-modules.ts writes: each route and the lazy modules it renders with. */
interface RouteModules {
  path: string;
  modules: string[];
}

/** The part of a Vite manifest entry the preloads need. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

const readJson = (file: string): unknown =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;

function page(html: string): Page {
  const identity = Buffer.from(html);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
    // One strong validator per encoding: the three bodies differ byte for byte.
    etag: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` },
  };
}

/**
 * The HTML of every route of the built web app, made once at start-up (docs/decisions/135).
 *
 * The entry chunk starts a route's lazy chunks only once it has arrived and run, and the shell
 * chunk of a signed-in screen is itself a lazy import, so a screen's code came in two or three
 * round trips after the HTML. Each route's HTML instead names its chunks (its lazy modules from
 * the build's route table, `.vite/route-modules.json`, and their static imports from Vite's
 * manifest, less what the entry loads already) in `<link rel="modulepreload">` tags, which the
 * browser's preload scanner requests beside the entry chunk. Paths outside the table (the
 * not-found page, a build without the table) get the plain index.html.
 */
export function loadPages(root: string): { forPath: (url: string) => Page } {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const plain = page(html);
  const manifest = (readJson(path.join(root, '.vite/manifest.json')) ?? {}) as Record<
    string,
    ManifestChunk
  >;
  const routes = (readJson(path.join(root, '.vite/route-modules.json')) ?? []) as RouteModules[];

  /** The files a manifest key loads before it runs: its own and those of its static imports. */
  const closure = (key: string, into: Set<string>): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} (web route table) is not in the web build's manifest`);
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const inEntry = manifest['index.html'] ? closure('index.html', new Set()) : new Set<string>();

  const pages = new Map<string, Page>();
  for (const route of routes) {
    const files = new Set<string>();
    for (const module of route.modules) closure(module, files);
    const links = [...files]
      .filter((file) => !inEntry.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    if (links.length === 0) continue;
    pages.set(route.path, page(html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)));
  }
  return { forPath: (url) => pages.get(url) ?? plain };
}
