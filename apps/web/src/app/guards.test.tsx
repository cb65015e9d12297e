import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { stubFetch } from '@/testing/stub-fetch.ts';
import { api } from '@/lib/api-client.ts';
import { storeSession } from '@/lib/session.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A guarded screen whose button calls the API, as every screen of the shell does. */
function Users() {
  return (
    <main>
      <h1>Users</h1>
      <button type="button" onClick={() => void api.get('/users').catch(() => undefined)}>
        Load users
      </button>
    </main>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/signin',
        element: (
          <GuestOnly>
            <h1>Sign In</h1>
          </GuestOnly>
        ),
      },
      {
        path: '/otp',
        element: (
          <GuestOnly>
            <h1>Verify Email</h1>
          </GuestOnly>
        ),
      },
      {
        path: '/',
        element: (
          <RequireAuth>
            <h1>Dashboard</h1>
          </RequireAuth>
        ),
      },
      {
        path: '/user',
        element: (
          <RequireAuth>
            <Users />
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

test('a visitor without an access token who opens a guarded route lands on /signin', async () => {
  const { router } = renderAt('/user');
  expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');
});

test('a signed-in admin reaches the guarded route', async () => {
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  renderAt('/user');
  expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
});

test('a signed-in admin who opens a guest-only route lands on /', async () => {
  storeSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  const { router } = renderAt('/otp');
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
});

test('a refresh token alone is not a session: guest routes stay open', async () => {
  document.cookie = 'refreshToken=refresh-1; path=/';
  renderAt('/signin');
  expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
});

test('when the session ends during a request the guarded screen leaves for /signin', async () => {
  storeSession({ accessToken: 'expired-access', refreshToken: 'revoked-refresh' });
  stubFetch(() => ({
    status: 401,
    body: { success: false, message: 'You are not authorized: the session has ended' },
  }));
  const { router, user } = renderAt('/user');

  await user.click(await screen.findByRole('button', { name: 'Load users' }));

  expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');
});
