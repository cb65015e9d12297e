import Cookies from 'js-cookie';

/** The session cookies the app keeps (docs/architecture.md#authentication), as they are now. */
export function sessionCookies() {
  return {
    accessToken: Cookies.get('accessToken'),
    refreshToken: Cookies.get('refreshToken'),
    isAuthenticated: Cookies.get('isAuthenticated'),
  };
}

/** What sessionCookies() reads once the session has ended. */
export const SIGNED_OUT_COOKIES = {
  accessToken: undefined,
  refreshToken: undefined,
  isAuthenticated: undefined,
};
