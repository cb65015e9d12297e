import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../test/support/sign-in.ts';
import { useTestContext } from '../../test/support/app.ts';

const ctx = useTestContext();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

function expectEnvelope(
  res: { statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown },
  status: number,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  expect(Object.keys(res.json() as object).sort()).toEqual(['message', 'success']);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe("the framework's own answers are the envelope", () => {
  const longId = 'x'.repeat(500);

  test('a path parameter longer than the router allows answers 414', async () => {
    for (const url of [`/api/users/${longId}`, `/api/notifications/${longId}/read`]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: admin.headers,
        payload: { isActive: true },
      });
      expectEnvelope(res, 414);
    }
  });

  test('a path that is not valid percent-encoding answers 400', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/%E0%A4%A',
      headers: admin.headers,
      payload: { isActive: true },
    });
    expectEnvelope(res, 400);
  });

  test('an unknown route answers 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expectEnvelope(res, 404);
  });

  test('a body of a type no route reads answers 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: { ...admin.headers, 'content-type': 'application/xml' },
      payload: '<notification/>',
    });
    expectEnvelope(res, 415);
  });

  test('a body over the size limit answers 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/terms',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'privacy', content: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectEnvelope(res, 413);
  });

  test('an empty JSON body on a path with no route answers 400, before any route runs', async () => {
    for (const url of ['/api/auth/login', '/api/no-such-thing', '/uploads/x.png']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expectEnvelope(res, 400);
    }
  });

  test('malformed JSON answers 400', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${randomUUID()}`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"isActive":',
    });
    expectEnvelope(res, 400);
  });
});

/** Writes raw bytes to the listening app and reads its whole answer (it closes the connection). */
async function rawExchange(port: number, request: string) {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.end(request);
  });
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe("what Node's HTTP parser refuses is the envelope too", () => {
  let port = 0;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
  });

  function expectRawEnvelope(
    answer: Awaited<ReturnType<typeof rawExchange>>,
    status: number,
    message: string,
  ) {
    expect(answer.status, answer.body).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ success: false, message });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  }

  test('a URL over the 16 KB header limit answers 431', async () => {
    const search = 'x'.repeat(20_000);
    const answer = await rawExchange(
      port,
      `GET /api/users?search=${search} HTTP/1.1\r\nHost: localhost\r\n` +
        `Authorization: ${admin.headers.authorization}\r\n\r\n`,
    );
    expectRawEnvelope(answer, 431, 'The request line or headers are too large');
  });

  test('bytes that are not HTTP answer 400', async () => {
    const answer = await rawExchange(port, 'HELLO THERE\r\n\r\n');
    expectRawEnvelope(answer, 400, 'The request is not valid HTTP');
  });
});
