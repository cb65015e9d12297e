import { expect, test } from 'vitest';
import { createTestContext, useTestContext } from '../../../test/support/app.ts';

const ctx = useTestContext();

test('health answers without a token and is never cached', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
  expect(res.headers['cache-control']).toBe('no-store');
});

test('ready checks the database', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.status).toBe('ready');
});

test('security headers carry a CSP without inline scripts', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
});

test.each([
  ['a success', 'GET', '/api/health', 200],
  ['a refusal without a token', 'GET', '/api/users', 401],
  ['an unknown API route', 'GET', '/api/nope', 404],
  ['bad input', 'POST', '/api/auth/login', 400],
] as const)('%s carries every security header', async (_kind, method, url, status) => {
  const res = await ctx.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  // The legacy header agrees with the CSP's frame-ancestors 'none'.
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['permissions-policy']).toContain('camera=(), ');
  expect(res.headers['permissions-policy']).toContain('geolocation=()');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
});

test('an unknown API route answers 404 in the envelope', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
  expect(res.statusCode).toBe(404);
  expect(res.json().success).toBe(false);
});

test('the OpenAPI document is served', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  expect(res.json().openapi).toMatch(/^3\./);
});

test('while the instance drains, ready answers 503 and the rest still answers', async () => {
  const other = await createTestContext();
  try {
    other.app.beginDraining();
    const ready = await other.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ success: false, message: 'Shutting down' });
    expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  } finally {
    await other.close();
  }
});
