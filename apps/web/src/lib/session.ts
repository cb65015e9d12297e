import Cookies from 'js-cookie';
import { createContext } from 'react';

/** docs/screens/common.md#session: the three cookies, their lifetimes, path /, SameSite strict. */
export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
export const AUTHENTICATED_COOKIE = 'isAuthenticated';
/**
 * Ours, beside the spec's three: the role the profile last answered, so a screen draws the
 * controls of the admin's role at once instead of when the profile arrives (no layout shift,
 * docs/decisions/456). A hint for drawing only: the profile's answer replaces it, and the API
 * authorizes every request by the database.
 */
export const ROLE_COOKIE = 'adminRole';

/**
 * docs/screens/common.md#session: the access-token cookie lives 30 days, the other two 365 days.
 */
const ACCESS_TOKEN_DAYS = 30;
const LONG_LIVED_DAYS = 365;

/**
 * Fired on `window` when the API client ends the session on its own (a failed refresh, or an
 * answer saying 'You are not authorized'), so the guarded screens can leave for /signin.
 */
export const SESSION_EXPIRED_EVENT = 'session-expired';

const cookieOptions = () =>
  ({
    path: '/',
    sameSite: 'strict',
    // The original's cookies were "not secure"; docs/architecture.md#web-app adds Secure whenever the page is on
    // https.
    secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
  }) as const;

/**
 * The access token read in the current task. Each read of `document.cookie` is a synchronous
 * call into the browser's cookie store, and while a screen renders the guard's snapshot and
 * every query's `enabled` (canQuery) ask for the token again and again: 244 reads and 180 ms of
 * main thread at a 4x CPU slowdown while Orders loaded, 26 reads now (docs/decisions/135).
 * One read now serves until the task's microtasks have run; writing the cookies here resets it,
 * and a change made by another tab is seen from the next task on, as before.
 */
let accessTokenRead: { token: string | undefined } | undefined;

export function getAccessToken(): string | undefined {
  if (!accessTokenRead) {
    accessTokenRead = { token: Cookies.get(ACCESS_TOKEN_COOKIE) || undefined };
    queueMicrotask(() => {
      accessTokenRead = undefined;
    });
  }
  return accessTokenRead.token;
}

export function getRefreshToken(): string | undefined {
  return Cookies.get(REFRESH_TOKEN_COOKIE) || undefined;
}

export function hasAccessToken(): boolean {
  return Boolean(getAccessToken());
}

/** Stores both tokens: used after sign-in, after a refresh (tokens rotate) and after a password change. */
export function storeSession(tokens: { accessToken: string; refreshToken: string }): void {
  accessTokenRead = undefined;
  Cookies.set(ACCESS_TOKEN_COOKIE, tokens.accessToken, {
    ...cookieOptions(),
    expires: ACCESS_TOKEN_DAYS,
  });
  Cookies.set(REFRESH_TOKEN_COOKIE, tokens.refreshToken, {
    ...cookieOptions(),
    expires: LONG_LIVED_DAYS,
  });
  Cookies.set(AUTHENTICATED_COOKIE, 'true', { ...cookieOptions(), expires: LONG_LIVED_DAYS });
}

/** A new sign-in (or an accepted invitation): its tokens, and no role remembered from before. */
export function startSession(tokens: { accessToken: string; refreshToken: string }): void {
  Cookies.remove(ROLE_COOKIE, { path: '/' });
  storeSession(tokens);
}

/** The role the profile last answered in this browser (docs/decisions/456). */
export function rememberedRole(): string | undefined {
  return Cookies.get(ROLE_COOKIE);
}

export function rememberRole(role: string): void {
  if (Cookies.get(ROLE_COOKIE) === role) return;
  Cookies.set(ROLE_COOKIE, role, { ...cookieOptions(), expires: LONG_LIVED_DAYS });
}

/**
 * Set by logout before it does anything else and cleared with the cookies: from the moment the
 * admin confirms until the session is gone, no query may start (docs/decisions/110).
 */
let loggingOut = false;

/** Logout's first step: queries stop here, before the session ends. */
export function beginLogout(): void {
  loggingOut = true;
}

/**
 * Whether the signed-in admin's data may be fetched: a session is stored and logout has not
 * begun. Every query's default `enabled` (app/providers.tsx).
 */
export function canQuery(): boolean {
  return !loggingOut && hasAccessToken();
}

export function clearSession(): void {
  // The session is over now; without an access token canQuery() stays false until a new one.
  loggingOut = false;
  accessTokenRead = undefined;
  for (const name of [
    ACCESS_TOKEN_COOKIE,
    REFRESH_TOKEN_COOKIE,
    AUTHENTICATED_COOKIE,
    ROLE_COOKIE,
  ]) {
    Cookies.remove(name, { path: '/' });
  }
}

/** Clears the cookies and tells whoever listens (the route guard) that the session is over. */
export function expireSession(): void {
  clearSession();
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

/** Subscribes to SESSION_EXPIRED_EVENT; returns the unsubscribe function. */
export function onSessionExpired(listener: () => void): () => void {
  window.addEventListener(SESSION_EXPIRED_EVENT, listener);
  return () => window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
}

/**
 * True while the step-up dialog asks this session to prove who it is again (lib/step-up.ts); the
 * app shell provides it to the screens. A screen's dialog whose action asked for it hides
 * meanwhile, so one dialog shows at a time, and shows again, its action resumed, once the admin
 * has confirmed or cancelled (issue 41; docs/decisions/329). Kept here, in the entry's code, so
 * the dialogs read it without loading anything more.
 */
export const StepUpAsking = createContext(false);
