import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import SettingsPage from './settings-page.tsx';

/**
 * Test support for the settings screen: the real page in a memory router with stand-ins for the
 * screens it links to, the real API client with fetch stubbed, and the toaster. Tests only.
 */

export function renderSettings() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Dashboard screen</h1> },
      { path: '/setting', element: <SettingsPage /> },
      { path: '/setting/profile', element: <h1>Profile screen</h1> },
      { path: '/setting/privacy', element: <h1>Privacy screen</h1> },
    ],
    { initialEntries: ['/setting'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}
