import Cookies from 'js-cookie';

/** Spec 000 §3 and §9: the three cookies, their lifetimes, path /, SameSite strict. */
export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
export const AUTHENTICATED_COOKIE = 'isAuthenticated';

const base = () =>
  ({
    path: '/',
    sameSite: 'strict',
    secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
  }) as const;

export function getAccessToken(): string | undefined {
  return Cookies.get(ACCESS_TOKEN_COOKIE);
}

export function getRefreshToken(): string | undefined {
  return Cookies.get(REFRESH_TOKEN_COOKIE);
}

export function hasAccessToken(): boolean {
  return Boolean(getAccessToken());
}

export function storeAccessToken(token: string): void {
  Cookies.set(ACCESS_TOKEN_COOKIE, token, { ...base(), expires: 30 });
}

export function storeSession(tokens: { accessToken: string; refreshToken: string }): void {
  storeAccessToken(tokens.accessToken);
  Cookies.set(REFRESH_TOKEN_COOKIE, tokens.refreshToken, { ...base(), expires: 365 });
  Cookies.set(AUTHENTICATED_COOKIE, 'true', { ...base(), expires: 365 });
}

export function clearSession(): void {
  for (const name of [ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, AUTHENTICATED_COOKIE]) {
    Cookies.remove(name, { path: '/' });
  }
}
