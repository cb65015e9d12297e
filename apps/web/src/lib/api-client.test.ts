import Cookies from 'js-cookie';
import { expect, test, vi } from 'vitest';
import {
  apiError,
  http,
  HttpResponse,
  ISSUED_TOKENS,
  json,
  seedApi,
  server,
} from '@/testing/api.ts';
import { SIGNED_OUT_COOKIES, sessionCookies } from '@/testing/session.ts';
import { api, ApiError, errorMessage } from './api-client.ts';
import { SESSION_EXPIRED_EVENT, storeSession } from './session.ts';

/**
 * The API once the access token has expired: each list answers its own path to a request with
 * the token the refresh issues, 401 to any other; `refresh` (if given) answers the refresh.
 */
function expiredTokenServer(refresh?: () => Response) {
  const api = seedApi();
  server.use(
    http.get('/api/:list', ({ request }) =>
      request.headers.get('Authorization') === `Bearer ${ISSUED_TOKENS.accessToken}`
        ? json(200, { success: true, data: { path: new URL(request.url).pathname } })
        : apiError(401, 'You are not authorized: the session has expired'),
    ),
  );
  if (refresh) server.use(http.get('/api/auth/refresh-token', refresh));
  return api;
}

test('requests go to /api with the bearer token, credentials and a JSON body', async () => {
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  const { state } = seedApi();
  server.use(http.post('/api/users', () => json(200, { success: true, data: { id: 7 } })));
  const sent = state.requests;

  const answer = await api.post('/users', { name: 'Ailsa' });

  expect(answer).toEqual({ success: true, data: { id: 7 } });
  expect(sent[0]?.path).toBe('/api/users');
  expect(sent[0]?.method).toBe('POST');
  expect(sent[0]!.headers.get('Authorization')).toBe('Bearer access-1');
  expect(sent[0]?.headers.get('Content-Type')).toBe('application/json');
  expect(sent[0]?.body).toEqual({ name: 'Ailsa' });
  expect(sent[0]?.credentials).toBe('include');
});

test('without an access token no Authorization header is sent', async () => {
  const { state } = seedApi();
  server.use(http.get('/api/health', () => json(200, { success: true })));
  await api.get('/health');
  const sent = state.requests;
  expect(sent[0]?.headers.has('Authorization')).toBe(false);
});

test('query parameters are encoded and undefined ones left out', async () => {
  const { state } = seedApi();
  const sent = state.requests;
  await api.get('/users', {
    params: { page: 2, limit: 6, search: 'glen & co', active: undefined },
  });
  expect(sent[0]?.query).toEqual({ page: '2', limit: '6', search: 'glen & co' });
});

test('a FormData body is sent as is, without a content-type so the browser sets the boundary', async () => {
  const { state } = seedApi();
  const sent = state.requests;
  const form = new FormData();
  form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');

  await api.post('/auth/upload-avatar', form);
  // The request log reads the multipart body beside the handler: wait until it has.
  await vi.waitFor(() => expect(sent[0]?.body).toBeInstanceOf(FormData));

  // What arrives is the form's own content; the boundary in the content type is the browser's.
  const avatar = (sent[0]?.body as FormData).get('avatar');
  expect(avatar).toBeInstanceOf(File);
  const content = await new Promise<unknown>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(avatar as File);
  });
  expect(content).toBe('x');
  expect((avatar as File).type).toBe('image/png');
  expect(sent[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
});

test('three requests failing with 401 together cause one refresh and are all retried with the new token', async () => {
  storeSession({ accessToken: 'old-access', refreshToken: 'old-refresh' });
  const sent = expiredTokenServer().state.requests;

  const answers = await Promise.all([api.get('/users'), api.get('/casks'), api.get('/offers')]);

  const refreshes = sent.filter((request) => request.path === '/api/auth/refresh-token');
  expect(refreshes).toHaveLength(1);
  expect(refreshes[0]?.query).toEqual({ refreshToken: 'old-refresh' });
  const retries = sent.filter(
    (request) => request.headers.get('Authorization') === `Bearer ${ISSUED_TOKENS.accessToken}`,
  );
  expect(retries.map((request) => request.path).sort()).toEqual([
    '/api/casks',
    '/api/offers',
    '/api/users',
  ]);
  expect(answers).toEqual([
    { success: true, data: { path: '/api/users' } },
    { success: true, data: { path: '/api/casks' } },
    { success: true, data: { path: '/api/offers' } },
  ]);
  // Refresh tokens rotate: the spent one is replaced by the new one.
  expect(sessionCookies()).toEqual({ ...ISSUED_TOKENS, isAuthenticated: 'true' });
});

test('a failed refresh clears the cookies, passes the 401 on and announces the end of the session', async () => {
  storeSession({ accessToken: 'old-access', refreshToken: 'revoked-refresh' });
  expiredTokenServer(() => apiError(401, 'You are not authorized: the session has ended'));
  const expired = vi.fn();
  window.addEventListener(SESSION_EXPIRED_EVENT, expired);

  const failures = await Promise.allSettled([api.get('/users'), api.get('/casks')]);

  for (const failure of failures) {
    expect(failure.status).toBe('rejected');
    const reason: unknown = failure.status === 'rejected' ? failure.reason : undefined;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason).toMatchObject({
      status: 401,
      message: 'You are not authorized: the session has expired',
    });
  }
  expect(sessionCookies()).toEqual(SIGNED_OUT_COOKIES);
  expect(expired).toHaveBeenCalled();
  window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
});

test('a 401 without a refresh token clears the cookies without calling refresh', async () => {
  Cookies.set('accessToken', 'old-access', { path: '/' });
  const sent = expiredTokenServer().state.requests;

  await expect(api.get('/users')).rejects.toMatchObject({ status: 401 });

  expect(sent.map((request) => request.path)).toEqual(['/api/users']);
  expect(sessionCookies()).toEqual(SIGNED_OUT_COOKIES);
});

test('a request that fails with 401 again after the refresh is not refreshed twice', async () => {
  storeSession({ accessToken: 'old-access', refreshToken: 'old-refresh' });
  const { state } = seedApi();
  const sent = state.requests;
  server.use(http.get('/api/users', () => apiError(401, 'You are not authorized: sign in first')));

  await expect(api.get('/users')).rejects.toMatchObject({ status: 401 });

  expect(sent.map((request) => request.path)).toEqual([
    '/api/users',
    '/api/auth/refresh-token',
    '/api/users',
  ]);
  expect(sessionCookies()).toEqual(SIGNED_OUT_COOKIES);
});

test('a wrong password at sign-in is a plain 401: no refresh is attempted', async () => {
  storeSession({ accessToken: 'left-over', refreshToken: 'left-over-refresh' });
  const { state } = seedApi();
  const sent = state.requests;
  server.use(http.post('/api/auth/login', () => apiError(401, 'Invalid email or password')));

  await expect(api.post('/auth/login', { email: 'a@b', password: 'x' })).rejects.toMatchObject({
    status: 401,
    message: 'Invalid email or password',
  });
  expect(sent).toHaveLength(1);
});

test("'You are not authorized' in a 400 answer clears the cookies too", async () => {
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  server.use(
    http.put('/api/users/:id', () => apiError(400, 'You are not authorized to change this record')),
  );

  await expect(api.put('/users/1', { isActive: true })).rejects.toMatchObject({ status: 400 });

  expect(sessionCookies()).toEqual(SIGNED_OUT_COOKIES);
});

test('other errors keep the session and carry the server message and field errors', async () => {
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  server.use(
    http.post('/api/auth/change-password', () =>
      apiError(400, 'Current password is incorrect', {
        errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      }),
    ),
  );

  const failure: unknown = await api.post('/auth/change-password', {}).catch((error) => error);

  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject({
    status: 400,
    message: 'Current password is incorrect',
    errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
  });
  expect(sessionCookies().accessToken).toBe('access-1');
});

test('an HTML error page is reported as an invalid response format', async () => {
  server.use(
    http.get('/api/users', () =>
      HttpResponse.html('<html><body>Bad Gateway</body></html>', { status: 502 }),
    ),
  );
  const failure = await api.get('/users').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiError);
  expect(errorMessage(failure, 'Failed to fetch users')).toBe(
    'Invalid response format from server (likely HTML)',
  );
});

test('a bare string body, even with status 200, is an invalid response format', async () => {
  server.use(http.get('/api/users', () => HttpResponse.html('OK')));
  await expect(api.get('/users')).rejects.toThrow(
    'Invalid response format from server (likely HTML)',
  );
});

test('errorMessage falls back when the server sent no message or the network failed', () => {
  expect(errorMessage(new ApiError('', 500), 'Failed to fetch users')).toBe(
    'Failed to fetch users',
  );
  expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to fetch users')).toBe(
    'Failed to fetch users',
  );
  expect(errorMessage(new ApiError('User not found', 404), 'fallback')).toBe('User not found');
});
