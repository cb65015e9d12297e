import { within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ada, delay, http, seedApi, server } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { banner } from '@/testing/queries.ts';

test('the header welcomes the signed-in admin by name, with the fixed label Admin', async () => {
  await renderApp({
    route: '/',
    profile: { ...ada, fullName: 'Grace Hopper', role: 'superadmin' },
  });
  expect(within(banner()).getByText('Welcome, Grace Hopper')).toBeInTheDocument();
  expect(within(banner()).getByText('Admin')).toBeInTheDocument();
  // docs/screens/shell.md: the role the profile returns is never shown.
  expect(within(banner()).queryByText('superadmin')).not.toBeInTheDocument();
});

test('the avatar links to the personal information page', async () => {
  await renderApp({ route: '/' });
  expect(within(banner()).getByRole('link', { name: 'AL, your profile' })).toHaveAttribute(
    'href',
    '/setting/profile',
  );
});

test('without a picture the avatar shows the admin’s initials', async () => {
  await renderApp({ route: '/', profile: { ...ada, avatar: null } });
  const link = within(banner()).getByRole('link', { name: 'AL, your profile' });
  expect(link).toHaveTextContent('AL');
  expect(link.querySelector('img')).toBeNull();
});

test('with a picture the avatar shows it', async () => {
  await renderApp({ route: '/', profile: { ...ada, avatar: '/uploads/7d3a1c2e-avatar' } });
  const link = within(banner()).getByRole('link', { name: 'AL, your profile' });
  expect(link.querySelector('img')).toHaveAttribute('src', '/uploads/7d3a1c2e-avatar');
});

test('while the profile loads the header greets without a name', async () => {
  // The profile request never answers during this test.
  server.use(http.get('/api/auth/profile', () => delay('infinite')));
  await renderApp({ route: '/', profile: null });
  expect(within(banner()).getByText('Welcome')).toBeInTheDocument();
  expect(within(banner()).queryByText(/Welcome,/)).not.toBeInTheDocument();
  expect(within(banner()).getByText('Admin')).toBeInTheDocument();
});

test('the header loads the admin from GET /auth/profile', async () => {
  const api = seedApi({ profile: { ...ada, fullName: 'Ada King' } });
  await renderApp({ route: '/', profile: null });

  expect(await within(banner()).findByText('Welcome, Ada King')).toBeInTheDocument();
  expect(api.state.requests[0]?.path).toBe('/api/auth/profile');
});
