import { ApiError, type ApiFieldError } from './api-error.ts';
import { expireSession, getAccessToken, getRefreshToken, storeSession } from './session.ts';
import {
  confirmIdentity,
  REAUTHENTICATION_REQUIRED,
  requireTwoFactorSetup,
  TWO_FACTOR_SETUP_REQUIRED,
} from './step-up.ts';

/**
 * The one door to the API (docs/architecture.md#web-app): bearer header, JSON or multipart bodies,
 * a single-flight token refresh with a queue of waiting requests, cookie clearing, and the spec's
 * error messages. Every method resolves with the whole JSON envelope
 * `{ success, message?, data? }`.
 */

export { ApiError, errorMessage, type ApiFieldError } from './api-error.ts';

/**
 * docs/screens/common.md#error-texts: what an HTML page or a bare string in place of the envelope
 * is reported as.
 */
export const INVALID_FORMAT_MESSAGE = 'Invalid response format from server (likely HTML)';

/** docs/screens/common.md#session: any answer saying this ends the session, whatever its status. */
const NOT_AUTHORIZED = 'You are not authorized';

const REFRESH_PATH = '/auth/refresh-token';

/**
 * Calls whose 401 means "wrong credentials or code", not "stale access token": refreshing and
 * retrying them would be pointless (and would replay a failed sign-in). See docs/decisions/020.
 */
const NEVER_REFRESHED = new Set([
  '/auth/login',
  '/auth/login/second-factor',
  '/auth/passkey',
  REFRESH_PATH,
  '/auth/logout',
  '/auth/forgot-password',
  '/auth/verify-password-reset-otp',
  '/auth/reset-password',
]);

type Params = Record<string, string | number | boolean | undefined>;

interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  params?: Params;
  /** Extra request headers, e.g. a save's precondition (`If-Match`). */
  headers?: Record<string, string>;
  /** Ends the request when a read is no longer wanted (TanStack Query's `signal`). */
  signal?: AbortSignal | undefined;
}

/** What a write may add to its request. */
interface WriteOptions {
  headers?: Record<string, string>;
}

function apiBase(): string {
  const configured: unknown = import.meta.env.VITE_API_URL;
  const base = typeof configured === 'string' && configured !== '' ? configured : '/api';
  return base.replace(/\/+$/, '');
}

function buildUrl(path: string, params?: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return `${apiBase()}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

/**
 * The address of an API path (e.g. an export's download link) for the browser to open itself:
 * under the configured base, as every call here.
 */
export function apiUrl(path: string): string {
  return buildUrl(path);
}

function send(spec: RequestSpec, token: string | undefined): Promise<Response> {
  const headers = new Headers({ ...spec.headers, Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  // docs/screens/common.md#session: for form data no content-type is set, so the browser adds the
  // boundary.
  if (spec.body instanceof FormData) body = spec.body;
  else if (spec.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(spec.body);
  }
  return fetch(buildUrl(spec.path, spec.params), {
    method: spec.method,
    headers,
    body,
    credentials: 'include',
    signal: spec.signal ?? null,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrors(value: unknown): ApiFieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((item: unknown) =>
    isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string'
      ? [{ field: item.field, message: item.message }]
      : [],
  );
}

/** Reads the envelope; anything that is not a JSON object (an HTML page, a string) is an error. */
async function readEnvelope(response: Response): Promise<Record<string, unknown>> {
  if (response.status === 204) return { success: true };
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!isRecord(parsed)) throw new ApiError(INVALID_FORMAT_MESSAGE, response.status);
  return parsed;
}

/** One round trip: resolves with the envelope, or throws an ApiError carrying its message. */
async function attempt<T>(spec: RequestSpec, token: string | undefined): Promise<T> {
  const response = await send(spec, token);
  const envelope = await readEnvelope(response);
  if (!response.ok || envelope.success === false) {
    const message = typeof envelope.message === 'string' ? envelope.message : '';
    const code = typeof envelope.code === 'string' ? envelope.code : undefined;
    throw new ApiError(message, response.status, fieldErrors(envelope.errors), code);
  }
  return envelope as T;
}

let refreshing: Promise<string> | null = null;

/** Trades the refresh token for a new pair; on any failure the session is over. */
async function refreshTokens(): Promise<string> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    expireSession();
    throw new ApiError(NOT_AUTHORIZED, 401);
  }
  try {
    const envelope = await attempt<unknown>(
      { method: 'GET', path: REFRESH_PATH, params: { refreshToken } },
      undefined,
    );
    // Refresh tokens rotate (docs/architecture.md#authentication): the one just sent is spent, so
    // both are stored. The answer's contract (and zod) loads only here, with the first refresh:
    // every screen loads this client before it draws (docs/decisions/450).
    const { refreshResponse } = await import('@cask/contracts/auth');
    const tokens = refreshResponse.parse(envelope).data;
    storeSession(tokens);
    return tokens.accessToken;
  } catch (error) {
    expireSession();
    throw error;
  }
}

/**
 * docs/screens/common.md#token-refresh: one refresh at a time; requests failing with 401 meanwhile
 * wait for it. A request sent with a token that a finished refresh has already replaced just uses
 * the new one.
 */
function renewAccessToken(sentWith: string | undefined): Promise<string> {
  const current = getAccessToken();
  if (!refreshing && current && current !== sentWith) return Promise.resolve(current);
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * docs/screens/common.md#session: cookies are cleared on any message containing 'You are not
 * authorized', not only on 401.
 */
function endSessionIfUnauthorized(error: unknown): void {
  if (error instanceof ApiError && error.message.includes(NOT_AUTHORIZED)) expireSession();
}

/**
 * Issue 28: a change that needs a recent proof of identity asks for the password (the step-up
 * dialog) and is sent once more; the two-factor policy sends the admin to set one up.
 */
async function request<T>(spec: RequestSpec): Promise<T> {
  try {
    return await requestOnce<T>(spec);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403) throw error;
    if (error.code === TWO_FACTOR_SETUP_REQUIRED) requireTwoFactorSetup();
    if (error.code !== REAUTHENTICATION_REQUIRED) throw error;
    if (!(await confirmIdentity())) throw error;
    return requestOnce<T>(spec);
  }
}

async function requestOnce<T>(spec: RequestSpec): Promise<T> {
  const token = getAccessToken();
  try {
    return await attempt<T>(spec, token);
  } catch (error) {
    const refreshable =
      error instanceof ApiError && error.status === 401 && !NEVER_REFRESHED.has(spec.path);
    if (!refreshable) {
      endSessionIfUnauthorized(error);
      throw error;
    }
    let renewed: string;
    try {
      renewed = await renewAccessToken(token);
    } catch {
      // The refresh already cleared the cookies; the caller sees its own request's error.
      throw error;
    }
    try {
      // Retried once: a second 401 is passed on, never refreshed again.
      return await attempt<T>(spec, renewed);
    } catch (retryError) {
      endSessionIfUnauthorized(retryError);
      throw retryError;
    }
  }
}

export const api = {
  get<T>(path: string, options?: { params?: Params; signal?: AbortSignal }): Promise<T> {
    return request<T>({ method: 'GET', path, params: options?.params, signal: options?.signal });
  },
  post<T>(path: string, body?: unknown, options?: WriteOptions): Promise<T> {
    return request<T>({ method: 'POST', path, body, headers: options?.headers });
  },
  put<T>(path: string, body?: unknown, options?: WriteOptions): Promise<T> {
    return request<T>({ method: 'PUT', path, body, headers: options?.headers });
  },
  delete<T>(path: string): Promise<T> {
    return request<T>({ method: 'DELETE', path });
  },
};

/**
 * An answer checked by its contract without the contract on the screen's first load
 * (docs/decisions/450): the request is sent at once, the contract's module (and zod with it) is
 * imported beside it, and the answer is parsed once both are in. A failed request rejects as
 * before; an answer the contract refuses throws zod's error as before. It lives here, beside the
 * requests it takes, so it is no chunk of its own for the screens to load.
 *
 *   const answer = await parsed(api.get<unknown>('/admin/dashboard'), async () =>
 *     (await import('@cask/contracts/dashboard')).dashboardResponse);
 */
export async function parsed<T>(
  answer: Promise<unknown>,
  contract: () => Promise<{ parse: (value: unknown) => T }>,
): Promise<T> {
  const [envelope, schema] = await Promise.all([answer, contract()]);
  return schema.parse(envelope);
}
