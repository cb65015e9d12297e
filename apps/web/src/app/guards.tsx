import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasAccessToken, onSessionExpired } from '@/lib/session.ts';

/**
 * Whether an access token is stored, re-read whenever the API client ends the session (a failed
 * refresh, 'You are not authorized'): cookies raise no events of their own.
 */
function useHasAccessToken(): boolean {
  return useSyncExternalStore(onSessionExpired, hasAccessToken);
}

/**
 * docs/screens/route-guards.md: the guarded area requires a stored access token, otherwise /signin.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useHasAccessToken();
  // docs/screens/sign-in.md: a successful sign-in always goes to /, so the page left is not
  // remembered.
  if (!signedIn) return <Navigate to="/signin" replace />;
  return children;
}

/** docs/screens/route-guards.md: guest-only routes redirect to / when an access token exists. */
export function GuestOnly({ children }: { children: ReactNode }) {
  if (hasAccessToken()) return <Navigate to="/" replace />;
  return children;
}
