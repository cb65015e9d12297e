import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { apiError, http, server } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

test('a visitor without an access token who opens a guarded route lands on /signin', async () => {
  const { router } = await renderApp({ route: '/user', session: 'signed-out' });
  expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');
});

test('a signed-in admin reaches the guarded route', async () => {
  await renderApp({ route: '/user' });
  expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
});

test('a signed-in admin who opens a guest-only route lands on /', async () => {
  const { router } = await renderApp({ route: '/otp' });
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
});

test('a refresh token alone is not a session: guest routes stay open', async () => {
  document.cookie = 'refreshToken=refresh-1; path=/';
  await renderApp({ route: '/signin', session: 'signed-out' });
  expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
});

test('when the session ends during a request the guarded screen leaves for /signin', async () => {
  // Every call, the screen's list and the token refresh alike, is refused.
  const ended = () => apiError(401, 'You are not authorized: the session has ended');
  server.use(http.get('/api/users', ended), http.get('/api/auth/refresh-token', ended));
  const { router } = await renderApp({ route: '/user' });

  expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');
});
