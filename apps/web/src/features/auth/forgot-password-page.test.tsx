import { screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { renderApp } from '@/testing/render-app.tsx';
import { apiError, holdRequests, http, HttpResponse, seedApi, server } from '@/testing/api.ts';
import { fieldLabelled } from '@/testing/queries.ts';

afterEach(() => {
  toast.remove();
});

test('the screen explains itself and asks for the e-mail', async () => {
  await renderApp({ route: '/forgot_password', session: 'signed-out' });
  expect(screen.getByRole('img', { name: 'Cask Admin' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  expect(
    screen.getByText('Please enter your email address to reset your password.'),
  ).toBeInTheDocument();
  expect(fieldLabelled('Email')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('an empty e-mail is required and a malformed one is an invalid e-mail; nothing is sent', async () => {
  const api = seedApi();
  const { user } = await renderApp({ route: '/forgot_password', session: 'signed-out' });

  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Email is required')).toBeInTheDocument();

  await user.type(fieldLabelled('Email'), 'ailsa at cask.club');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
  expect(api.state.requests).toHaveLength(0);
});

test('a sent code is confirmed and the OTP screen opens with the e-mail', async () => {
  const api = seedApi();
  const answer = holdRequests('post', '/api/auth/forgot-password');
  const { user, router } = await renderApp({ route: '/forgot_password', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), 'Ailsa@Cask.Club');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  await waitFor(() =>
    expect(api.state.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/forgot-password',
      body: { email: 'ailsa@cask.club' },
    }),
  );
  answer();

  expect(await screen.findByText('Password reset email sent successfully!')).toBeInTheDocument();
  expect(await screen.findByText('Please enter the OTP sent to your email.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/otp');
  expect(router.state.location.state).toEqual({ email: 'ailsa@cask.club' });
  expect(screen.getByText('Resend OTP in 60s')).toBeInTheDocument();
});

test('a refusal shows the server message and stays', async () => {
  server.use(
    http.post('/api/auth/forgot-password', () =>
      apiError(429, 'Please wait 60 seconds before asking for a new code'),
    ),
  );
  const { user, router } = await renderApp({ route: '/forgot_password', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), 'ailsa@cask.club');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(
    await screen.findByText('Please wait 60 seconds before asking for a new code'),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/forgot_password');
  expect(localStorage.getItem('otpExpiry')).toBeNull();
});

test('without a server message the failure reads: Failed to send reset email. Please try again.', async () => {
  server.use(http.post('/api/auth/forgot-password', () => HttpResponse.error()));
  const { user } = await renderApp({ route: '/forgot_password', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), 'ailsa@cask.club');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(
    await screen.findByText('Failed to send reset email. Please try again.'),
  ).toBeInTheDocument();
});
