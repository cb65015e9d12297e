import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client.ts';
import { beginLogout, clearSession, getRefreshToken } from '@/lib/session.ts';

/** How long logout waits for the server to revoke the refresh token before leaving anyway. */
const REVOKE_TIMEOUT_MS = 5_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Logout request timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * docs/screens/shell.md: logout clears the session and goes to /signin. The server is asked to
 * revoke the refresh token first (docs/architecture.md#authentication), but an offline or failing server must never
 * keep the admin signed in on this browser, so its failure is ignored.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const refreshToken = getRefreshToken();
    // Queries stop before the session ends (docs/decisions/110). From here the query client's
    // default `enabled` is false, so no mount, re-render, focus or invalidation starts a fetch;
    // fetches in flight are dropped; marking every query stale makes each observer re-read
    // `enabled` now, which also stops the bell's 30 s poll timer. Nothing is refetched.
    beginLogout();
    await queryClient.cancelQueries();
    await queryClient.invalidateQueries({ refetchType: 'none' });
    try {
      await within(api.post('/auth/logout', { refreshToken }), REVOKE_TIMEOUT_MS);
    } catch {
      // Ignored on purpose (see above): the token expires on its own or is revoked by rotation.
    }
    clearSession();
    await navigate('/signin', { replace: true });
    // The next admin on this browser must not see the previous one's cached data. Cleared last
    // (docs/decisions/094), so the shell, still up while the lazy /signin route loads, keeps its
    // data; its queries, disabled above, do not refetch what the clearing removes.
    queryClient.clear();
  }, [navigate, queryClient]);
}
