import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import type { TestAdmin } from './sign-in.ts';
import type { TestContext } from './app.ts';
import { getData } from './requests.ts';

type Headers = Record<string, string>;
type Payload = object | string | Buffer;
type Query = Record<string, string | number>;

/** One admin's requests to the app: the path and body differ, the rest is the same. */
export interface AdminApi {
  /** GET `url` (with `query`) as the admin: the answer, whatever it is. */
  get(url: string, query?: Query, headers?: Headers): Promise<InjectResponse>;
  /** POST `payload` (JSON, or a FormData) to `url` as the admin: the answer, whatever it is. */
  post(url: string, payload?: Payload, headers?: Headers): Promise<InjectResponse>;
  /** PUT `payload` to `url` as the admin; `headers` on top (e.g. If-Match). */
  put(url: string, payload?: Payload, headers?: Headers): Promise<InjectResponse>;
  /** PATCH `payload` to `url` as the admin; `headers` on top. */
  patch(url: string, payload?: Payload, headers?: Headers): Promise<InjectResponse>;
  /** DELETE `url` as the admin; `headers` on top (e.g. If-Match). */
  delete(url: string, headers?: Headers): Promise<InjectResponse>;
  /** GET `url` as the admin, expect 200 in the envelope and answer its `data` (`getData`). */
  data<Response extends { data: unknown }>(url: string, query?: Query): Promise<Response['data']>;
}

/**
 * The requests of `admin`, or of the admin a function answers when each request is sent (so a
 * file's admin made in `beforeAll` will do): `const api = adminApi(ctx, () => admin)`, then
 * `api.post('/api/offers', form)` in place of a wrapper per path; `adminApi(ctx, other).get(…)`
 * for another admin's one request.
 */
export function adminApi(
  ctx: Pick<TestContext, 'app'>,
  admin: TestAdmin | (() => TestAdmin),
): AdminApi {
  const who = typeof admin === 'function' ? admin : () => admin;
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Payload,
    headers: Headers = {},
    query?: Query,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...who().headers, ...headers },
      ...(payload === undefined ? {} : { payload }),
      ...(query
        ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) }
        : {}),
    });
  return {
    get: (url, query, headers) => send('GET', url, undefined, headers, query),
    post: (url, payload, headers) => send('POST', url, payload, headers),
    put: (url, payload, headers) => send('PUT', url, payload, headers),
    patch: (url, payload, headers) => send('PATCH', url, payload, headers),
    delete: (url, headers) => send('DELETE', url, undefined, headers),
    data: (url, query) => getData(ctx, who(), url, query),
  };
}
