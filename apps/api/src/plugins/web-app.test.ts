import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { useTestContext } from '../../test/context.ts';

// A small stand-in for apps/web/dist, laid out as the Vite build and its precompress plugin
// write it (decision 120).
const SCRIPT = `console.log(${JSON.stringify('cask '.repeat(400))});`;
const INDEX_HTML = '<!doctype html><title>Cask Admin</title><div id="root"></div>';
const SCRIPT_URL = '/assets/index-Ab12Cd34.js';

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
  await writeFile(path.join(webDir, '.vite/manifest.json'), '{}');
  return { WEB_DIST_DIR: webDir };
});
afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('hashed assets', () => {
  test('are sent brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await get(SCRIPT_URL, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  test('are sent gzip-compressed when the browser accepts gzip only', async () => {
    const res = await get(SCRIPT_URL, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  test('are sent as they are when the browser accepts no compression', async () => {
    const res = await get(SCRIPT_URL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });
});

describe('index.html', () => {
  test.each(['/', '/index.html', '/user', '/setting/profile'])(
    '%s answers the app shell, revalidated before each use',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  test('answers 304 to a browser holding the current copy', async () => {
    const first = await get('/');
    const etag = first.headers.etag;
    expect(etag).toBeDefined();
    const again = await get('/', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
  });

  test('other unhashed files revalidate too', async () => {
    const res = await get('/logo.svg');
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
  const res = await get(url, { 'accept-encoding': 'br, gzip' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ success: false });
});
