import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { INVITE_LINK_INVALID } from '@cask/contracts/admins';
import { PASSWORD_TOO_COMMON } from '@cask/contracts/auth';
import { getAccessToken, getRefreshToken } from '@/lib/session.ts';
import { COMMON_PASSWORD, seedApi, GOOD_INVITE, GOOD_INVITE_TOKEN } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { INVITE_LINK_INCOMPLETE } from './accept-invite-page.tsx';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

test('the invitee sets a password (8-128 characters, typed twice) and is signed in on the Dashboard', async () => {
  const api = seedApi();
  const { user, router } = await renderApp({
    route: `/accept-invite?token=${GOOD_INVITE_TOKEN}`,
    session: 'signed-out',
    profile: null,
  });
  expect(screen.getByRole('heading', { name: 'Accept Invite' })).toBeInTheDocument();

  await user.type(await screen.findByLabelText('Password'), 'short');
  await user.type(screen.getByLabelText('Confirm Password'), 'shorter');
  await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
  expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  expect(api.sent('POST', '/api/auth/accept-invite')).toHaveLength(0);

  await user.clear(screen.getByLabelText('Password'));
  await user.clear(screen.getByLabelText('Confirm Password'));
  await user.type(screen.getByLabelText('Password'), 'my new pass 1');
  await user.type(screen.getByLabelText('Confirm Password'), 'my new pass 1');
  await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));

  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
  expect(api.sent('POST', '/api/auth/accept-invite')[0]?.body).toEqual({
    token: GOOD_INVITE_TOKEN,
    password: 'my new pass 1',
  });
  expect(getAccessToken()).toBe('invited-access');
  expect(getRefreshToken()).toBe('invited-refresh');
  // The link was asked about once, as the page opened: not again once spent.
  expect(api.sent('GET', '/api/auth/accept-invite')).toHaveLength(1);
});

test('the page says whose account the invite sets up, in which role, and who invited them', async () => {
  await renderApp({
    route: `/accept-invite?token=${GOOD_INVITE_TOKEN}`,
    session: 'signed-out',
    profile: null,
  });
  const facts = (await screen.findByText('Invited by')).closest('dl') as HTMLElement;
  expect(within(facts).getByText('E-mail').nextElementSibling).toHaveTextContent(GOOD_INVITE.email);
  expect(within(facts).getByText('Role').nextElementSibling).toHaveTextContent('Admin');
  expect(within(facts).getByText('Invited by').nextElementSibling).toHaveTextContent('Olive Owner');
  expect(screen.getByText(/^Nina New, choose a password/)).toBeInTheDocument();
});

test('a used, expired or withdrawn link is said as the page opens: no form, a way to sign in', async () => {
  const api = seedApi();
  const { user, router } = await renderApp({
    route: '/accept-invite?token=spent-token',
    session: 'signed-out',
    profile: null,
  });
  expect(await screen.findByRole('alert')).toHaveTextContent(INVITE_LINK_INVALID);
  expect(screen.queryByLabelText('Password')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Set Password and Sign In' })).toBeNull();
  expect(api.sent('GET', '/api/auth/accept-invite')).toHaveLength(1);

  await user.click(screen.getByRole('link', { name: 'Back to Sign In' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  expect(api.sent('POST', '/api/auth/accept-invite')).toHaveLength(0);
  expect(getAccessToken()).toBeUndefined();
});

test('a password the API finds too common is refused under the password field', async () => {
  seedApi();
  const { user, router } = await renderApp({
    route: `/accept-invite?token=${GOOD_INVITE_TOKEN}`,
    session: 'signed-out',
    profile: null,
  });
  await user.type(await screen.findByLabelText('Password'), COMMON_PASSWORD);
  await user.type(screen.getByLabelText('Confirm Password'), COMMON_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
  expect(await screen.findByText(PASSWORD_TOO_COMMON)).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(PASSWORD_TOO_COMMON);
  expect(screen.queryByRole('alert', { name: PASSWORD_TOO_COMMON })).toBeNull();
  expect(router.state.location.pathname).toBe('/accept-invite');
  expect(getAccessToken()).toBeUndefined();
});

test('a link without its token says so and offers no form', async () => {
  await renderApp({ route: '/accept-invite', session: 'signed-out', profile: null });
  expect(screen.getByRole('alert')).toHaveTextContent(INVITE_LINK_INCOMPLETE);
  expect(screen.queryByLabelText('Password')).toBeNull();
});
