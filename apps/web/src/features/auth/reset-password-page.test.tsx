import { screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { PASSWORD_TOO_COMMON } from '@cask/contracts/auth';
import { apiError, holdRequests, http, seedApi, server } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { button, inputLabelled } from '@/testing/queries.ts';

afterEach(() => {
  toast.remove();
});

const RECOVERY = { email: 'ailsa@cask.club', otp: '2468' };
const openResetScreen = () =>
  renderApp({ route: '/reset_password', session: 'signed-out', state: RECOVERY });

test('without the e-mail and the code the visitor is sent to /forgot_password', async () => {
  const { router } = await renderApp({
    route: '/reset_password',
    session: 'signed-out',
    state: { email: RECOVERY.email },
  });
  expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/forgot_password');
});

test('the screen states the 8-10 rule and keeps Confirm disabled until the form is valid', async () => {
  await openResetScreen();
  expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
  expect(screen.getByText(/8-10 characters/)).toBeInTheDocument();
  expect(inputLabelled('New Password')).toHaveAttribute('type', 'password');
  expect(inputLabelled('Confirm New Password')).toHaveAttribute('type', 'password');
  expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
  expect(button(/^(Confirm|Resetting\.\.\.)$/)).toBeDisabled();
});

test('the new password is checked on every change: required, at least 8, at most 10', async () => {
  const { user } = await openResetScreen();

  await user.type(inputLabelled('New Password'), 'Dram');
  expect(await screen.findByText('Minimum 8 characters')).toBeInTheDocument();

  await user.type(inputLabelled('New Password'), '-2026!x');
  expect(await screen.findByText('Maximum 10 characters')).toBeInTheDocument();

  await user.clear(inputLabelled('New Password'));
  expect(await screen.findByText('Password is required')).toBeInTheDocument();
  expect(button(/^(Confirm|Resetting\.\.\.)$/)).toBeDisabled();
});

test('the confirmation must be given and must match, also after the password changes', async () => {
  const { user } = await openResetScreen();
  await user.type(inputLabelled('New Password'), 'Dram-2026!');

  await user.type(inputLabelled('Confirm New Password'), 'Dram-2025');
  expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  expect(button(/^(Confirm|Resetting\.\.\.)$/)).toBeDisabled();

  await user.clear(inputLabelled('Confirm New Password'));
  expect(await screen.findByText('Please re-enter password')).toBeInTheDocument();

  await user.type(inputLabelled('Confirm New Password'), 'Dram-2026!');
  expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  expect(button(/^(Confirm|Resetting\.\.\.)$/)).toBeEnabled();

  await user.type(inputLabelled('New Password'), '{Backspace}');
  expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  expect(button(/^(Confirm|Resetting\.\.\.)$/)).toBeDisabled();
});

test('a valid new password is sent with the e-mail and the code, then Sign In opens', async () => {
  const api = seedApi();
  const answer = holdRequests('post', '/api/auth/reset-password');
  const { user, router } = await openResetScreen();

  await user.type(inputLabelled('New Password'), 'Dram-2026!');
  await user.type(inputLabelled('Confirm New Password'), 'Dram-2026!');
  await user.click(button(/^(Confirm|Resetting\.\.\.)$/));

  expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
  await waitFor(() =>
    expect(api.state.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/reset-password',
      body: { email: 'ailsa@cask.club', otp: '2468', newPassword: 'Dram-2026!' },
    }),
  );
  answer();

  expect(await screen.findByText('Password reset successfully!')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');
});

test('a refused reset shows the server message, else its own, and stays', async () => {
  let answer = () => apiError(400, 'The code is invalid or has expired');
  server.use(http.post('/api/auth/reset-password', () => answer()));
  const { user, router } = await openResetScreen();
  await user.type(inputLabelled('New Password'), 'Dram-2026!');
  await user.type(inputLabelled('Confirm New Password'), 'Dram-2026!');

  await user.click(button(/^(Confirm|Resetting\.\.\.)$/));
  expect(await screen.findByText('The code is invalid or has expired')).toBeInTheDocument();

  answer = () => apiError(502, '');
  await user.click(button(/^(Confirm|Resetting\.\.\.)$/));
  expect(
    await screen.findByText('Failed to reset password. Please try again.'),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/reset_password');
});

test('a new password the server finds too common is refused under its field, not in a toast', async () => {
  server.use(
    http.post('/api/auth/reset-password', () =>
      apiError(400, PASSWORD_TOO_COMMON, {
        errors: [{ field: 'newPassword', message: PASSWORD_TOO_COMMON }],
      }),
    ),
  );
  const { user, router } = await openResetScreen();
  await user.type(inputLabelled('New Password'), 'password1');
  await user.type(inputLabelled('Confirm New Password'), 'password1');
  await user.click(button(/^(Confirm|Resetting\.\.\.)$/));

  expect(await screen.findByText(PASSWORD_TOO_COMMON)).toBeInTheDocument();
  expect(inputLabelled('New Password')).toHaveAccessibleDescription(PASSWORD_TOO_COMMON);
  expect(inputLabelled('New Password')).toHaveFocus();
  expect(screen.getAllByText(PASSWORD_TOO_COMMON)).toHaveLength(1);
  expect(router.state.location.pathname).toBe('/reset_password');
});
