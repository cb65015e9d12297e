import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasAccessToken } from '@/lib/session.ts';

/** Spec 001 §2: the guarded area requires a stored access token, otherwise /signin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasAccessToken())
    return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  return children;
}

/** Spec 001 §2: guest-only routes redirect to / when an access token exists. */
export function GuestOnly({ children }: { children: ReactNode }) {
  if (hasAccessToken()) return <Navigate to="/" replace />;
  return children;
}
