import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import PrivacyPage from './privacy-page.tsx';

/**
 * Test support for the privacy policy screen: the real page (and the real, lazily loaded Quill
 * editor), the real API client with fetch stubbed, and the toaster. Tests only.
 */

export interface SentRequest {
  method: string;
  path: string;
  query: string;
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
      const request = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.search,
        body,
      };
      sent.push(request);
      return answer(request);
    }),
  );
  return sent;
}

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
