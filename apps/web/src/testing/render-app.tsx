import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, parsePath, RouterProvider, type RouterState } from 'react-router';
import { vi } from 'vitest';
import type { AdminProfile } from '@cask/contracts/auth';
import { createQueryClient } from '@/app/providers.tsx';
import AppToaster from '@/app/toaster.tsx';
import { routes } from '@/app/routes.tsx';
import { unreadCountQueryKey } from '@/lib/notification-queries.ts';
import { profileQueryKey } from '@/lib/current-admin.ts';
import { pendingApprovalsQuery } from '@/app/layout/use-pending-approvals.ts';
import { storeSession } from '@/lib/session.ts';
import { ada } from './factories.ts';

/** The tokens of the signed-in session renderApp stores. */
export const SIGNED_IN = { accessToken: 'access-token-1', refreshToken: 'refresh-token-1' };

export interface RenderAppOptions {
  /** Where the app opens, e.g. '/user', '/user?page=2' or '/signin'. */
  route: string;
  /** The location state the route is opened with (the recovery screens carry the e-mail). */
  state?: unknown;
  /** 'signed-in' (the default) stores SIGNED_IN's cookies first, as a sign-in would. */
  session?: 'signed-in' | 'signed-out';
  /** Pre-fills the header's profile query; null leaves it to be fetched. */
  profile?: AdminProfile | null;
  /** Pre-fills the header bell's unread count; null leaves it to be fetched. */
  unreadCount?: number | null;
  /** Pre-fills the sidebar's pending approvals badge (issue 45); null leaves it to be fetched. */
  pendingApprovals?: number | null;
  /** user-event advances vitest's fake clock (the test calls vi.useFakeTimers()). */
  fakeTimers?: boolean;
  /** user-event's `applyAccept` (false lets a file chooser pick a file its accept excludes). */
  applyAccept?: boolean;
}

/**
 * The whole app at `route`, as main.tsx mounts it: the real route tree (guards, shell, lazy
 * screens) in a memory router, the app's query client (its defaults, without retries so errors
 * show at once) and the toaster. Resolves once the route's lazy modules are loaded and shown,
 * with the router, the query client and a user. The API is msw's (./server.ts), answering from
 * the store the test seeded (`seedApi`, ./store.ts) or an empty one.
 */
export async function renderApp({
  route,
  state,
  session = 'signed-in',
  profile = ada,
  unreadCount = 0,
  pendingApprovals = 0,
  fakeTimers = false,
  applyAccept = true,
}: RenderAppOptions) {
  if (session === 'signed-in') storeSession(SIGNED_IN);

  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false },
  });
  if (profile) queryClient.setQueryData(profileQueryKey, profile);
  if (unreadCount !== null) queryClient.setQueryData(unreadCountQueryKey, unreadCount);
  if (pendingApprovals !== null) {
    queryClient.setQueryData(pendingApprovalsQuery().queryKey, pendingApprovals);
  }

  const router = createMemoryRouter(routes, {
    initialEntries: [{ ...parsePath(route), state }],
  });
  const user = userEvent.setup({
    applyAccept,
    ...(fakeTimers ? { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) } : {}),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>,
  );
  // act() also flushes the render the router's last update schedules.
  await act(async () => {
    const loaded = (state: RouterState) => state.initialized && state.navigation.state === 'idle';
    if (loaded(router.state)) return;
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!loaded(state)) return;
        unsubscribe();
        resolve();
      });
    });
  });
  return { ...view, router, queryClient, user };
}
