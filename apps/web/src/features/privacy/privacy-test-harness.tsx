import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import PrivacyPage from './privacy-page.tsx';

/**
 * Test support for the privacy policy screen: the real page (and the real, lazily loaded Quill
 * editor), the real API client with fetch stubbed, and the toaster. Tests only.
 */

export function renderPrivacy() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/setting/privacy', element: <PrivacyPage /> },
      { path: '/setting', element: <h1>Settings screen</h1> },
    ],
    { initialEntries: ['/setting/privacy'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}
