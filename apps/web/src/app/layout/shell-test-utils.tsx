import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AdminProfile } from '@cask/contracts/auth';
import { unreadCountQueryKey } from '@/features/notifications/api/get-unread-count.ts';
import { profileQueryKey } from '@/features/profile/api/get-profile.ts';
import { createQueryClient } from '../providers.tsx';
import { AppShell } from './app-shell.tsx';

export const ada: AdminProfile = {
  id: '6f1c9a52-1b7e-4b8f-9d3a-2f4c8e0b7a11',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  role: 'admin',
  avatar: null,
};

/**
 * The shell inside a real data router and query client, as the app mounts it, with stand-in
 * screens so a test can see where navigation lands. `profile` pre-fills the ['profile'] query,
 * `unreadCount` the notifications bell's.
 */
export function renderShell({
  path = '/',
  profile = ada,
  unreadCount = 0,
  lazySignIn = false,
}: {
  path?: string;
  profile?: AdminProfile | null;
  unreadCount?: number | null;
  /** Load /signin lazily, as the app's router does: the shell stays up while it loads. */
  lazySignIn?: boolean;
} = {}) {
  // The app's own client, so its defaults (when a query may run) are under test too.
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false, staleTime: Infinity },
  });
  if (profile) queryClient.setQueryData(profileQueryKey, profile);
  // The header bell's count (features/notifications); null leaves it to be fetched.
  if (unreadCount !== null) queryClient.setQueryData(unreadCountQueryKey, unreadCount);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <AppShell />,
        children: [
          { index: true, element: <h1>Dashboard screen</h1> },
          { path: '*', element: <h1>Another screen</h1> },
        ],
      },
      lazySignIn
        ? {
            path: '/signin',
            lazy: async () => {
              await new Promise((resolve) => setTimeout(resolve, 50));
              return { Component: () => <h1>Sign in screen</h1> };
            },
          }
        : { path: '/signin', element: <h1>Sign in screen</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user: userEvent.setup() };
}
