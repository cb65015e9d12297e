import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { renderApp } from '@/testing/render-app.tsx';
import { scriptApi } from '@/testing/scripted.ts';
import { http, HttpResponse, server } from '@/testing/api.ts';
import { fieldLabelled } from '@/testing/queries.ts';

afterEach(() => {
  vi.unstubAllGlobals();
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
  const { sent } = scriptApi(() => ({ body: { success: true } }));
  const { user } = await renderApp({ route: '/forgot_password', session: 'signed-out' });

  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Email is required')).toBeInTheDocument();

  await user.type(fieldLabelled('Email'), 'ailsa at cask.club');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
  expect(sent).toHaveLength(0);
});

test('a sent code is confirmed and the OTP screen opens with the e-mail', async () => {
  let answer: (value: { body: unknown }) => void = () => {};
  const { sent } = scriptApi(() => new Promise((resolve) => (answer = resolve)));
  const { user, router } = await renderApp({ route: '/forgot_password', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), 'Ailsa@Cask.Club');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  expect(sent[0]).toMatchObject({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: { email: 'ailsa@cask.club' },
  });
  answer({ body: { success: true, message: 'If the account exists, a code was sent' } });

  expect(await screen.findByText('Password reset email sent successfully!')).toBeInTheDocument();
  expect(await screen.findByText('Please enter the OTP sent to your email.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/otp');
  expect(router.state.location.state).toEqual({ email: 'ailsa@cask.club' });
  expect(screen.getByText('Resend OTP in 60s')).toBeInTheDocument();
});

test('a refusal shows the server message and stays', async () => {
  scriptApi(() => ({
    status: 429,
    body: { success: false, message: 'Please wait 60 seconds before asking for a new code' },
  }));
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
