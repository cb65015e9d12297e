import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestAdmin } from './sign-in.ts';
import type { TestContext } from './app.ts';

/**
 * GET `url` with the query as the admin; expects 200 with the envelope and answers its `data`,
 * typed by the contract's response type (e.g. `getData<UserListResponse>(...)`).
 */
export async function getData<Response extends { data: unknown }>(
  ctx: Pick<TestContext, 'app'>,
  admin: TestAdmin,
  url: string,
  query: Record<string, string | number> = {},
): Promise<Response['data']> {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<Response & { success: boolean }>();
  expect(body.success).toBe(true);
  return body.data;
}

/** `{ authorization: 'Bearer …' }` for a token a test holds (a `TestAdmin` has its `headers`). */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * `method url` with the token as its bearer (none when `token` is undefined) and `payload` as its
 * JSON body: the answer, whatever it is.
 */
export function callWithToken(
  ctx: Pick<TestContext, 'app'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
}

/**
 * An address of its own (10.x.y.z) for one call or one test: the public routes (sign-in,
 * recovery, accept-invite) are rate-limited and throttled per address, so tests that share one
 * would count each other's attempts. `prefix` names the first octets (e.g. `'203.0'`, a
 * documentation network) for an address from another network.
 */
export function newIp(prefix = '10'): string {
  const random = [...randomBytes(4 - prefix.split('.').length)];
  return [prefix, ...random].join('.');
}

/**
 * POST a CSV import's form as the admin (lib/csv-import.ts, decision 404): the file in `file`
 * (text, or bytes for a file that is not UTF-8 or carries a byte-order mark) with `fields` as its
 * text fields. The answer, whatever it is.
 */
export function postCsvImport(
  ctx: Pick<TestContext, 'app'>,
  admin: TestAdmin,
  url: string,
  file: string | Uint8Array,
  fields: Record<string, string> = {},
  fileName = 'import.csv',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), fileName);
  return ctx.app.inject({ method: 'POST', url, headers: admin.headers, payload: form });
}

/** The answer is `status` in the failure envelope (`success: false` and a message). */
export function expectFailure(
  res: { statusCode: number; json(): unknown; body: string },
  status = 400,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
}

/**
 * POST `payload` to `url` (e.g. '/api/auth/forgot-password') with no token, from `ip` (an
 * address of its own by default, so the public routes' per-address limits see a stranger), with
 * `headers` if given. The answer, whatever it is.
 */
export function postAnonymous(
  ctx: Pick<TestContext, 'app'>,
  url: string,
  payload: object,
  ip = newIp(),
  headers?: Record<string, string>,
) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    ...(headers ? { headers } : {}),
  });
}
