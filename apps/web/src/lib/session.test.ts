import Cookies from 'js-cookie';
import { expect, test, vi } from 'vitest';
import {
  beginLogout,
  canQuery,
  clearSession,
  expireSession,
  getAccessToken,
  getRefreshToken,
  hasAccessToken,
  onSessionExpired,
  rememberRole,
  rememberedRole,
  startSession,
  storeSession,
} from './session.ts';

test('a stored session sets the three cookies the spec names', () => {
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  expect(Cookies.get()).toMatchObject({
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    isAuthenticated: 'true',
  });
  expect(getAccessToken()).toBe('access-1');
  expect(getRefreshToken()).toBe('refresh-1');
  expect(hasAccessToken()).toBe(true);
});

test('the cookies are written for path / with SameSite strict and the spec’s lifetimes', () => {
  const set = vi.spyOn(Cookies, 'set');
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  expect(set).toHaveBeenCalledWith(
    'accessToken',
    'access-1',
    expect.objectContaining({ path: '/', sameSite: 'strict', expires: 30 }),
  );
  expect(set).toHaveBeenCalledWith(
    'refreshToken',
    'refresh-1',
    expect.objectContaining({ path: '/', sameSite: 'strict', expires: 365 }),
  );
  expect(set).toHaveBeenCalledWith(
    'isAuthenticated',
    'true',
    expect.objectContaining({ path: '/', sameSite: 'strict', expires: 365 }),
  );
  set.mockRestore();
});

test('clearing the session removes all three cookies', () => {
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  clearSession();
  expect(Cookies.get()).toEqual({});
  expect(hasAccessToken()).toBe(false);
});

test('an expired session is cleared and announced to its listeners', () => {
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  const listener = vi.fn();
  const unsubscribe = onSessionExpired(listener);

  expireSession();
  expect(listener).toHaveBeenCalledTimes(1);
  expect(hasAccessToken()).toBe(false);

  unsubscribe();
  expireSession();
  expect(listener).toHaveBeenCalledTimes(1);
});

test('queries may run only with a session, and stop as soon as logout begins', () => {
  expect(canQuery()).toBe(false);
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  expect(canQuery()).toBe(true);

  beginLogout();
  // The cookies are still there (the refresh token is revoked next), but no query may start.
  expect(hasAccessToken()).toBe(true);
  expect(canQuery()).toBe(false);

  clearSession();
  expect(canQuery()).toBe(false);
  storeSession({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  expect(canQuery()).toBe(true);
});

test('the cookie store is read once per task, however often the token is asked for', async () => {
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  const cookieReads = vi.spyOn(Document.prototype, 'cookie', 'get');
  expect(canQuery()).toBe(true);
  const oneRead = cookieReads.mock.calls.length;
  for (let i = 0; i < 100; i++) expect(canQuery()).toBe(true);
  expect(cookieReads).toHaveBeenCalledTimes(oneRead);
  // A cookie written outside this module (another tab) is seen once the task is over.
  document.cookie = 'accessToken=access-2; path=/';
  expect(getAccessToken()).toBe('access-1');
  await Promise.resolve();
  expect(getAccessToken()).toBe('access-2');
  expect(cookieReads).toHaveBeenCalledTimes(2 * oneRead);
  cookieReads.mockRestore();
});

test('storing or clearing the session is seen at once, in the same task', () => {
  expect(hasAccessToken()).toBe(false);
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  expect(getAccessToken()).toBe('access-1');
  clearSession();
  expect(hasAccessToken()).toBe(false);
});

test('the remembered role goes with the session, and a new sign-in starts without one', () => {
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  rememberRole('owner');
  expect(rememberedRole()).toBe('owner');
  startSession({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  expect(rememberedRole()).toBeUndefined();
  expect(getAccessToken()).toBe('access-2');
  rememberRole('viewer');
  clearSession();
  expect(Cookies.get()).toEqual({});
});
