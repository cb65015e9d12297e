import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { useTestContext } from '../../test/support/app.ts';

const LIMIT = 3;
let webDir: string;
const ctx = useTestContext(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'cask-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Cask Admin</title>');
  await writeFile(path.join(webDir, 'app.js'), 'console.log(1);');
  return { RATE_LIMIT_PER_MINUTE: String(LIMIT), WEB_DIST_DIR: webDir };
});
afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
});

test('the web app and its files are never throttled, however often they are loaded', async () => {
  for (let i = 0; i < LIMIT * 3; i += 1) {
    const html = await ctx.app.inject({ method: 'GET', url: '/user' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Cask Admin');
    const script = await ctx.app.inject({ method: 'GET', url: '/app.js' });
    expect(script.statusCode).toBe(200);
  }
});

test('API calls past the per-minute flood guard answer 429 with Retry-After', async () => {
  for (let i = 0; i < LIMIT; i += 1) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(res.statusCode).toBe(200);
    // The counters' headers go with the 429 only (docs/decisions/183).
    expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
  }
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBeDefined();
  expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(res.json()).toMatchObject({
    success: false,
    message: expect.stringMatching(/^Too many requests/),
  });
});

test('requests without a valid token are counted too: a flood of them is answered 429', async () => {
  // An address of its own, so the calls of the tests above do not count here.
  const remoteAddress = '198.51.100.7';
  for (let i = 0; i < LIMIT; i += 1) {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users', remoteAddress });
    expect(res.statusCode).toBe(401);
  }
  const noToken = await ctx.app.inject({ method: 'GET', url: '/api/users', remoteAddress });
  expect(noToken.statusCode).toBe(429);
  const forged = await ctx.app.inject({
    method: 'GET',
    url: '/api/users',
    remoteAddress,
    headers: { authorization: 'Bearer not-a-token' },
  });
  expect(forged.statusCode).toBe(429);
  expect(forged.headers['retry-after']).toBeDefined();
});
