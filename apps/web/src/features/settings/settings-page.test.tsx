import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { getAccessToken, getRefreshToken } from '@/lib/session.ts';
import {
  apiError,
  holdRequests,
  http,
  HttpResponse,
  ISSUED_TOKENS,
  seedApi,
  server,
  testUuid,
} from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

afterEach(() => {
  toast.remove();
});

async function openChangePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Change Password/ }));
  return screen.findByRole('dialog', { name: 'Change Password' });
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  values: { current?: string; next?: string; confirm?: string },
) {
  if (values.current)
    await user.type(within(dialog).getByLabelText('Current Password'), values.current);
  if (values.next) await user.type(within(dialog).getByLabelText('New Password'), values.next);
  if (values.confirm) {
    await user.type(within(dialog).getByLabelText('Confirm New Password'), values.confirm);
  }
}

test('settings lists personal information, change password and privacy, with a way back', async () => {
  const { router, user } = await renderApp({ route: '/setting' });
  expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  // Each entry's name is everything it shows, title then description (WCAG 2.5.3).
  expect(
    screen.getByRole('link', {
      name: 'Personal Information Your name, phone number and picture',
    }),
  ).toHaveAttribute('href', '/setting/profile');
  expect(
    screen.getByRole('link', { name: "Privacy & Policy The club's privacy policy" }),
  ).toHaveAttribute('href', '/setting/privacy');
  expect(
    screen.getByRole('button', {
      name: 'Change Password A new password signs you out on your other devices',
    }),
  ).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
});

test('the password fields are required and nothing is sent while one is empty', async () => {
  const api = seedApi();
  const { user } = await renderApp({ route: '/setting' });
  const dialog = await openChangePassword(user);

  await fill(user, dialog, { current: 'old-password' });
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));

  expect(within(dialog).getByLabelText('New Password')).toHaveAccessibleDescription(
    'All fields are required',
  );
  expect(within(dialog).getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
    'All fields are required',
  );
  expect(within(dialog).getByLabelText('Current Password')).not.toHaveAccessibleDescription(
    'All fields are required',
  );
  expect(api.state.requests.filter(({ method }) => method !== 'GET')).toHaveLength(0);
});

test('a confirmation that differs shows "Passwords do not match" on the confirm field', async () => {
  const api = seedApi();
  const { user } = await renderApp({ route: '/setting' });
  const dialog = await openChangePassword(user);

  await fill(user, dialog, {
    current: 'old-password',
    next: 'new-password-1',
    confirm: 'new-password-2',
  });
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));

  expect(within(dialog).getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
    'Passwords do not match',
  );
  expect(within(dialog).getByLabelText('New Password')).not.toHaveAccessibleDescription(
    'Passwords do not match',
  );
  expect(api.state.requests.filter(({ method }) => method !== 'GET')).toHaveLength(0);
});

test('server field errors appear under the matching fields', async () => {
  server.use(
    http.post('/api/auth/change-password', () =>
      apiError(400, 'Current password is incorrect', {
        errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      }),
    ),
  );
  const { user } = await renderApp({ route: '/setting' });
  const dialog = await openChangePassword(user);
  await fill(user, dialog, {
    current: 'wrong-password',
    next: 'new-password-1',
    confirm: 'new-password-1',
  });
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));

  await waitFor(() =>
    expect(within(dialog).getByLabelText('Current Password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    ),
  );
  expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
});

test('a new password the server refuses shows its reason under New Password', async () => {
  server.use(
    http.post('/api/auth/change-password', () =>
      apiError(400, 'Password must be at least 8 characters', {
        errors: [{ field: 'newPassword', message: 'Password must be at least 8 characters' }],
      }),
    ),
  );
  const { user } = await renderApp({ route: '/setting' });
  const dialog = await openChangePassword(user);
  await fill(user, dialog, { current: 'old-password', next: 'short', confirm: 'short' });
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));

  await waitFor(() =>
    expect(within(dialog).getByLabelText('New Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    ),
  );
});

test('without field errors the server message is shown, and without one "Something went wrong"', async () => {
  let answer: () => Response = () =>
    apiError(429, 'Too many failed sign-in attempts. Please try again in 15 minutes.');
  server.use(http.post('/api/auth/change-password', () => answer()));
  const { user } = await renderApp({ route: '/setting' });
  const dialog = await openChangePassword(user);
  await fill(user, dialog, {
    current: 'old-password',
    next: 'new-password-1',
    confirm: 'new-password-1',
  });
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  expect(
    await screen.findByText('Too many failed sign-in attempts. Please try again in 15 minutes.'),
  ).toBeInTheDocument();

  answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
  toast.remove();
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  // The client reports an HTML answer with its own wording; a request that never got an
  // answer at all is where the screen's own fallback applies.
  expect(
    await screen.findByText('Invalid response format from server (likely HTML)'),
  ).toBeInTheDocument();

  // No answer at all: the network failed.
  answer = () => HttpResponse.error();
  toast.remove();
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
});

test('a successful change stores the new session, says so and closes the modal', async () => {
  const api = seedApi();
  const release = holdRequests('post', '/api/auth/change-password');
  const { user } = await renderApp({ route: '/setting' });
  const dialog = await openChangePassword(user);
  await fill(user, dialog, {
    current: 'old-password',
    next: 'new-password-1',
    confirm: 'new-password-1',
  });
  // The admin has no passkeys (their list answered while the fields were typed): none to remove.
  await waitFor(() =>
    expect(api.state.requests.map(({ path }) => path)).toContain('/api/security/passkeys'),
  );
  expect(within(dialog).queryByRole('checkbox', { name: 'Also remove my passkeys' })).toBeNull();
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));

  expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();

  expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const writes = api.state.requests.filter(({ method }) => method !== 'GET');
  expect(writes.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
    {
      method: 'POST',
      path: '/api/auth/change-password',
      body: {
        currentPassword: 'old-password',
        newPassword: 'new-password-1',
        removePasskeys: false,
      },
    },
  ]);
  expect(getAccessToken()).toBe(ISSUED_TOKENS.accessToken);
  expect(getRefreshToken()).toBe(ISSUED_TOKENS.refreshToken);

  // Opened again, the modal starts empty.
  const again = await openChangePassword(user);
  expect(within(again).getByLabelText('Current Password')).toHaveValue('');
});

test("'Also remove my passkeys' asks the server to remove them with the new password", async () => {
  const api = seedApi({
    security: {
      passkeys: [{ id: testUuid(), name: 'Work laptop', createdAt: '2026-03-01T10:00:00.000Z' }],
    },
  });
  const { user } = await renderApp({ route: '/setting' });
  const dialog = await openChangePassword(user);
  const box = await within(dialog).findByRole('checkbox', { name: 'Also remove my passkeys' });
  expect(box).not.toBeChecked();
  expect(box).toHaveAccessibleDescription(/add yours again on the Security screen/);
  await fill(user, dialog, {
    current: 'old-password',
    next: 'new-password-1',
    confirm: 'new-password-1',
  });
  await user.click(box);
  await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
  const sent = api.state.requests.filter(({ method }) => method !== 'GET');
  expect(sent.map(({ path, body }) => ({ path, body }))).toEqual([
    {
      path: '/api/auth/change-password',
      body: {
        currentPassword: 'old-password',
        newPassword: 'new-password-1',
        removePasskeys: true,
      },
    },
  ]);

  // Opened again, the box is clear (the list still answers the seeded passkey).
  const again = await openChangePassword(user);
  expect(
    within(again).getByRole('checkbox', { name: 'Also remove my passkeys' }),
  ).not.toBeChecked();
});
