import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { AdminProfile } from '@cask/contracts/auth';
import { Header } from '@/app/layout/header.tsx';
import ProfilePage from './profile-page.tsx';

/**
 * Test support for the profile screen: the real page and the shell's real header (both read the
 * ['profile'] query), the real API client with fetch stubbed, and the toaster. Tests only.
 */

export const morag: AdminProfile = {
  id: '3b0c1c7e-5d55-4f1b-9c11-0d3f1a6b2e01',
  fullName: 'Morag Campbell',
  email: 'morag@example.com',
  phone: null,
  role: 'admin',
  avatar: null,
};

/** jsdom has no matchMedia (react-hot-toast) and no object URLs (the avatar preview). */
function stubBrowserGaps() {
  if (typeof window.matchMedia !== 'function') {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
  }
  URL.createObjectURL = vi.fn(() => 'blob:avatar-preview');
  URL.revokeObjectURL = vi.fn();
}

export function renderProfile({ applyAccept = true }: { applyAccept?: boolean } = {}) {
  stubBrowserGaps();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/setting/profile',
        element: (
          <>
            <Header onOpenMenu={() => {}} />
            <ProfilePage />
          </>
        ),
      },
      { path: '/setting', element: <h1>Settings screen</h1> },
    ],
    { initialEntries: ['/setting/profile'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, queryClient, user: userEvent.setup({ applyAccept }) };
}

/** A small real PNG (1×1), as a file the chooser would give. */
export function pngFile(name = 'me.png'): File {
  const bytes = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    ),
    (char) => char.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}
