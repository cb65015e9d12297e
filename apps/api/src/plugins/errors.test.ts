import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../test/admins.ts';
import { useTestContext } from '../../test/context.ts';

const ctx = useTestContext();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

function expectEnvelope(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  expect(Object.keys(res.json() as object).sort()).toEqual(['message', 'success']);
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
