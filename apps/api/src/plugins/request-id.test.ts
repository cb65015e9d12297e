import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, useTestContext, type TestContext } from '../../test/support/app.ts';
import { postLogin } from '../../test/support/sign-in.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The log lines written while `run` ran, parsed. */
async function linesDuring(
  logs: string[],
  run: () => Promise<unknown>,
): Promise<Record<string, unknown>[]> {
  const before = logs.length;
  await run();
  return logs.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('without a trusted proxy', () => {
  const ctx = useTestContext();

  test('every answer carries a fresh X-Request-Id, and every log line of the request has it', async () => {
    let id = '';
    const lines = await linesDuring(ctx.logs, async () => {
      const res = await postLogin(ctx, {
        email: 'nobody@example.com',
        password: 'wrong password 1',
      });
      expect(res.statusCode).toBe(401);
      id = String(res.headers['x-request-id']);
    });
    expect(id).toMatch(UUID);
    // At least Fastify's "incoming request" and "request completed" lines.
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.reqId).toBe(id);
  });

  test('a client cannot choose its request id', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
    const other = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  });

  test('refusals carry it too (404, 401, bad input)', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/users'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-request-id'], url).toMatch(UUID);
    }
  });
});

describe('behind a trusted proxy (TRUST_PROXY=10.9.0.0/16)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '10.9.0.0/16' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const fromProxy = (requestId: string, remoteAddress = '10.9.0.1') =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress,
      headers: { 'x-request-id': requestId },
    });

  test("the proxy's request id is kept, in the answer and in every log line", async () => {
    const given = '5f0c2a9e81b34d7c9e0f1a2b3c4d5e6f';
    let answered: unknown;
    const lines = await linesDuring(ctx.logs, async () => {
      answered = (await fromProxy(given)).headers['x-request-id'];
    });
    expect(answered).toBe(given);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.reqId).toBe(given);
  });

  test.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(65)],
    ['with a space', 'abcd efgh'],
    ['with a quote', 'abcdefgh"'],
  ])('an unsafe id (%s) is replaced', async (_why, given) => {
    const res = await fromProxy(given);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  test('a peer that is not the proxy cannot choose it', async () => {
    const res = await fromProxy('5f0c2a9e81b34d7c9e0f1a2b3c4d5e6f', '198.51.100.4');
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});
