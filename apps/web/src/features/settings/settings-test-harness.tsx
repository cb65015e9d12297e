import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import SettingsPage from './settings-page.tsx';

/**
 * Test support for the settings screen: the real page in a memory router with stand-ins for the
 * screens it links to, the real API client with fetch stubbed, and the toaster. Tests only.
 */

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** Stands in for the network: every call the screen makes goes through `answer`. */
export function stubApi(answer: (request: SentRequest) => Response | Promise<Response>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const request = { method: init?.method ?? 'GET', path: url.pathname, body };
      sent.push(request);
      return answer(request);
    }),
  );
  return sent;
}

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
