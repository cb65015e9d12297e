import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { useTestContext } from '../../test/support/app.ts';

// A small stand-in for apps/web/dist, laid out as the Vite build and its precompress plugin
// write it (decision 120).
const SCRIPT = `console.log(${JSON.stringify('cask '.repeat(400))});`;
const INDEX_HTML =
  '<!doctype html><head><title>Cask Admin</title>' +
  '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head>' +
  '<div id="root"></div>';
const SCRIPT_URL = '/assets/index-Ab12Cd34.js';

// The parts of Vite's manifest and of the web build's route table (apps/web/build/
// route-modules.ts) the preloads are made from: a shared chunk imported by two pages, one of
// them also by the entry, and the shell of the signed-in screens.
const MANIFEST = {
  'index.html': {
    file: 'assets/index-Ab12Cd34.js',
    isEntry: true,
    imports: ['_cookies-Ee56Ff78.js'],
    dynamicImports: ['src/features/auth/sign-in-page.tsx', 'src/app/layout/app-shell.tsx'],
  },
  '_cookies-Ee56Ff78.js': { file: 'assets/cookies-Ee56Ff78.js' },
  '_button-Gg90Hh12.js': { file: 'assets/button-Gg90Hh12.js', imports: ['index.html'] },
  'src/features/auth/sign-in-page.tsx': {
    file: 'assets/sign-in-page-Ii34Jj56.js',
    isDynamicEntry: true,
    imports: ['index.html', '_button-Gg90Hh12.js', '_cookies-Ee56Ff78.js'],
  },
  'src/app/layout/app-shell.tsx': {
    file: 'assets/app-shell-Kk78Ll90.js',
    isDynamicEntry: true,
    imports: ['index.html'],
    dynamicImports: ['src/app/layout/mobile-sidebar.tsx'],
  },
  'src/app/layout/mobile-sidebar.tsx': { file: 'assets/mobile-sidebar-Mm12Nn34.js' },
  'src/features/customers/customers-page.tsx': {
    file: 'assets/users-page-Oo56Pp78.js',
    isDynamicEntry: true,
    imports: ['index.html', '_button-Gg90Hh12.js'],
  },
  'src/features/dashboard/dashboard-page.tsx': {
    file: 'assets/dashboard-page-Qq90Rr12.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
};
const SHELL = 'src/app/layout/app-shell.tsx';
const ROUTE_MODULES = [
  { path: '/signin', modules: ['src/features/auth/sign-in-page.tsx'] },
  { path: '/', modules: [SHELL, 'src/features/dashboard/dashboard-page.tsx'] },
  { path: '/user', modules: [SHELL, 'src/features/customers/customers-page.tsx'] },
  { path: '/*', modules: [SHELL] },
];

let webDir: string;

const ctx = useTestContext(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'cask-web-app-'));
  await mkdir(path.join(webDir, 'assets'));
  await mkdir(path.join(webDir, '.vite'));
  const script = path.join(webDir, SCRIPT_URL);
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  await writeFile(`${script}.map`, '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
  await writeFile(path.join(webDir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(webDir, '.vite/route-modules.json'), JSON.stringify(ROUTE_MODULES));
  return { WEB_DIST_DIR: webDir };
});
afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
});

/** The modulepreload tags of an HTML answer, by the file they name. */
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    ([, href]) => href,
  );

describe('hashed assets', () => {
  test('are sent brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: SCRIPT_URL,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  test('are sent gzip-compressed when the browser accepts gzip only', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: SCRIPT_URL,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  test('are sent as they are when the browser accepts no compression', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: SCRIPT_URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });
});

describe('index.html', () => {
  test.each(['/', '/index.html', '/user', '/setting/profile', '/no-such-screen'])(
    '%s answers the app shell, revalidated before each use',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  test("a signed-in screen's HTML preloads its page chunk, the shell and their imports", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/user' });
    expect(preloads(res.body)).toEqual([
      '/assets/app-shell-Kk78Ll90.js',
      '/assets/users-page-Oo56Pp78.js',
      '/assets/button-Gg90Hh12.js',
    ]);
    // Before </head>, so the preload scanner finds them beside the entry script.
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
    expect(preloads((await ctx.app.inject({ method: 'GET', url: '/' })).body)).toEqual([
      '/assets/app-shell-Kk78Ll90.js',
      '/assets/dashboard-page-Qq90Rr12.js',
    ]);
  });

  test("a guest screen's HTML preloads its page chunk, not the shell nor what the entry loads", async () => {
    expect(preloads((await ctx.app.inject({ method: 'GET', url: '/signin' })).body)).toEqual([
      '/assets/sign-in-page-Ii34Jj56.js',
      '/assets/button-Gg90Hh12.js',
    ]);
  });

  test.each(['/no-such-screen', '/index.html', '/user/'])(
    '%s, not a route of the table, answers the plain index.html',
    async (url) => {
      expect((await ctx.app.inject({ method: 'GET', url })).body).toBe(INDEX_HTML);
    },
  );

  test("a route's HTML is sent brotli- or gzip-compressed, each with its own ETag", async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/user' });
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/user',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/user',
      headers: { 'accept-encoding': '*, br;q=0' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etags = new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]);
    expect(etags.size).toBe(3);
    expect(etags).not.toContain(
      (await ctx.app.inject({ method: 'GET', url: '/signin' })).headers.etag,
    );
  });

  test.each(['/', '/user', '/no-such-screen'])(
    '%s answers 304 to a browser holding the current copy',
    async (url) => {
      const headers = { 'accept-encoding': 'br' };
      const etag = String((await ctx.app.inject({ method: 'GET', url, headers })).headers.etag);
      const again = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers.etag).toBe(etag);
      expect(again.rawPayload.length).toBe(0);
      // Another encoding's copy is another representation: sent in full.
      expect(
        (await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } }))
          .statusCode,
      ).toBe(200);
    },
  );

  test('other unhashed files revalidate too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

test.each([
  `${SCRIPT_URL}.map`,
  `${SCRIPT_URL}.br`,
  `${SCRIPT_URL}.gz`,
  '/.vite/manifest.json',
  '/assets/missing-0000.js',
])('%s is not served', async (url) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ success: false });
});
