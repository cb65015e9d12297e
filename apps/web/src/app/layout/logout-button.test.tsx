import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { UNREAD_POLL_MS } from '@/lib/notification-queries.ts';
import { apiError, delay, http, HttpResponse, seedApi, server } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { SIGNED_OUT_COOKIES, sessionCookies } from '@/testing/session.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('Logout asks for confirmation with the spec’s words', async () => {
  const { user } = await renderApp({ route: '/no-such-page' });
  await user.click(screen.getByRole('button', { name: 'Logout' }));

  const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
  expect(within(dialog).getByText('You want to logout!')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Yes, Logout!' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'No, Cancel!' })).toBeInTheDocument();
});

test('No, Cancel! keeps the admin signed in where they were', async () => {
  const api = seedApi();
  const { user, router } = await renderApp({ route: '/orders' });
  await user.click(screen.getByRole('button', { name: 'Logout' }));
  await user.click(screen.getByRole('button', { name: 'No, Cancel!' }));

  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/orders');
  expect(sessionCookies()).toEqual({
    accessToken: 'access-token-1',
    refreshToken: 'refresh-token-1',
    isAuthenticated: 'true',
  });
  // The screen loads its own data; no logout is sent.
  const paths = api.state.requests.map((request) => request.path);
  expect(paths.filter((path) => path.includes('/auth/logout'))).toEqual([]);
});

test('after confirming, nothing but the logout call is sent, even while the lazy /signin loads', async () => {
  const api = seedApi();
  // First in this file to open /signin, so its lazy module really loads while the shell is up.
  const { user, router } = await renderApp({ route: '/no-such-page' });

  await user.click(screen.getByRole('button', { name: 'Logout' }));
  await user.click(screen.getByRole('button', { name: 'Yes, Logout!' }));

  expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');
  // The header's profile and bell queries must not be fetched again without a token (401s).
  expect(api.state.requests.map((request) => request.path)).toEqual(['/api/auth/logout']);
});

test('confirming revokes the refresh token, clears the session and goes to /signin', async () => {
  const api = seedApi();
  const { user, router, queryClient } = await renderApp({ route: '/no-such-page' });

  await user.click(screen.getByRole('button', { name: 'Logout' }));
  await user.click(screen.getByRole('button', { name: 'Yes, Logout!' }));

  expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');
  expect(sessionCookies()).toEqual(SIGNED_OUT_COOKIES);
  expect(queryClient.getQueryData(['profile'])).toBeUndefined();

  const logout = api.state.requests.find((request) => request.path.endsWith('/auth/logout'));
  expect(logout).toMatchObject({ method: 'POST', body: { refreshToken: 'refresh-token-1' } });
});

test('the bell’s poll does not fire while the logout request is on its way', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // The logout call stays unanswered (the server is slow); anything else would be a query.
  const api = seedApi();
  server.use(http.post('/api/auth/logout', () => delay('infinite')));
  const { user } = await renderApp({ route: '/no-such-page', fakeTimers: true });
  // The clock also runs with real time: 4 s of margin for the two clicks on a busy machine.
  await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS - 4_000);

  await user.click(screen.getByRole('button', { name: 'Logout' }));
  await user.click(screen.getByRole('button', { name: 'Yes, Logout!' }));
  await waitFor(() => expect(api.state.requests).toHaveLength(1));
  // The 30 s poll falls due now, before logout gives up on the server (5 s).
  await vi.advanceTimersByTimeAsync(4_500);

  expect(api.state.requests.map((request) => request.path)).toEqual(['/api/auth/logout']);
});

test('a failing logout request still logs the admin out', async () => {
  server.use(http.post('/api/auth/logout', () => HttpResponse.error()));
  const { user, router } = await renderApp({ route: '/no-such-page' });

  await user.click(screen.getByRole('button', { name: 'Logout' }));
  await user.click(screen.getByRole('button', { name: 'Yes, Logout!' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  expect(sessionCookies()).toEqual(SIGNED_OUT_COOKIES);
});

test('a server error on logout still logs the admin out', async () => {
  server.use(http.post('/api/auth/logout', () => apiError(500, 'Something went wrong')));
  const { user, router } = await renderApp({ route: '/no-such-page' });

  await user.click(screen.getByRole('button', { name: 'Logout' }));
  await user.click(screen.getByRole('button', { name: 'Yes, Logout!' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  expect(sessionCookies()).toEqual(SIGNED_OUT_COOKIES);
});
