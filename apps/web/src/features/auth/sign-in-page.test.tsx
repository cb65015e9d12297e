import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { renderApp } from '@/testing/render-app.tsx';
import {
  apiError,
  holdRequests,
  http,
  HttpResponse,
  ISSUED_TOKENS,
  RECOVERY_CODES,
  SECOND_FACTOR_CHALLENGE,
  seedApi,
  server,
} from '@/testing/api.ts';
import { button, fieldLabelled, inputLabelled } from '@/testing/queries.ts';

afterEach(() => {
  toast.remove();
});

test('the screen shows the logo, the heading, both fields and the way to recover a password', async () => {
  await renderApp({ route: '/signin', session: 'signed-out' });
  expect(screen.getByRole('img', { name: 'Cask Admin' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(fieldLabelled('Email')).toBeInTheDocument();
  expect(inputLabelled('Password')).toHaveAttribute('type', 'password');
  expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
    'href',
    '/forgot_password',
  );
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('an empty form is refused with both required messages and nothing is sent', async () => {
  const api = seedApi();
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.click(button(/^Sign(ing)? In/));

  expect(await screen.findByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Password is required')).toBeInTheDocument();
  expect(api.state.requests).toHaveLength(0);
});

test('after a refused send the first refused field has the focus and each message follows its field', async () => {
  const api = seedApi();
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.click(button(/^Sign(ing)? In/));

  expect(await screen.findByText('Email is required')).toBeInTheDocument();
  await waitFor(() => expect(fieldLabelled('Email')).toHaveFocus());
  await user.type(fieldLabelled('Email'), 'master');
  expect(await screen.findByText('Invalid username')).toBeInTheDocument();
  await user.type(fieldLabelled('Email'), '@cask.example');
  await waitFor(() => expect(screen.queryByText('Invalid username')).not.toBeInTheDocument());
  expect(screen.getByText('Password is required')).toBeInTheDocument();
  expect(api.state.requests).toHaveLength(0);
});

test('an e-mail without an @ is an invalid username', async () => {
  const api = seedApi();
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), 'master blender');
  await user.type(inputLabelled('Password'), 'secret-1');
  await user.click(button(/^Sign(ing)? In/));

  expect(await screen.findByText('Invalid username')).toBeInTheDocument();
  expect(fieldLabelled('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(api.state.requests).toHaveLength(0);
});

test('the show/hide toggle reveals the password and hides it again', async () => {
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });
  await user.type(inputLabelled('Password'), 'secret-1');

  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(inputLabelled('Password')).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(inputLabelled('Password')).toHaveAttribute('type', 'password');
});

test('a successful sign-in stores the three cookies and opens the dashboard', async () => {
  const api = seedApi();
  const answer = holdRequests('post', '/api/auth/login');
  const { user, router } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), ' Ailsa@Cask.Club ');
  await user.type(inputLabelled('Password'), 'Angels-05');
  await user.click(button(/^Sign(ing)? In/));

  // While the request runs the button says so and cannot be pressed again.
  const busy = await screen.findByRole('button', { name: 'Signing In...' });
  expect(busy).toBeDisabled();
  await waitFor(() =>
    expect(api.state.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: 'ailsa@cask.club', password: 'Angels-05' },
    }),
  );

  answer();

  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
  expect(Cookies.get('accessToken')).toBe(ISSUED_TOKENS.accessToken);
  expect(Cookies.get('refreshToken')).toBe(ISSUED_TOKENS.refreshToken);
  expect(Cookies.get('isAuthenticated')).toBe('true');
});

test('a refused sign-in shows the server message, clears the cookies and stays on the form', async () => {
  Cookies.set('refreshToken', 'left-over', { path: '/' });
  Cookies.set('isAuthenticated', 'true', { path: '/' });
  server.use(http.post('/api/auth/login', () => apiError(401, 'Invalid email or password')));
  const { user, router } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), 'ailsa@cask.club');
  await user.type(inputLabelled('Password'), 'wrong-one');
  await user.click(button(/^Sign(ing)? In/));

  expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');
  expect(Cookies.get('refreshToken')).toBeUndefined();
  expect(Cookies.get('isAuthenticated')).toBeUndefined();
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('without a server message the failure reads: Login failed. Please try again.', async () => {
  server.use(http.post('/api/auth/login', () => HttpResponse.error()));
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), 'ailsa@cask.club');
  await user.type(inputLabelled('Password'), 'Angels-05');
  await user.click(button(/^Sign(ing)? In/));

  expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
});

test('with two-factor on, the password leads to the code step; tokens come only after it', async () => {
  const api = seedApi({ security: { twoFactorEnabled: true } });
  const { user, router } = await renderApp({ route: '/signin', session: 'signed-out' });
  await user.type(fieldLabelled('Email'), 'ailsa@cask.club');
  await user.type(inputLabelled('Password'), 'Angels-05');
  await user.click(button(/^Sign(ing)? In/));

  const code = await screen.findByLabelText('Authentication code');
  expect(Cookies.get('accessToken')).toBeUndefined();
  expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
  await user.type(code, '999999');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('The authentication code is not valid')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');

  await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
  await user.type(screen.getByLabelText('Recovery code'), RECOVERY_CODES[0]!);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(Cookies.get('accessToken')).toBe(ISSUED_TOKENS.accessToken);
  expect(api.sent('POST', '/api/auth/login/second-factor').map((r) => r.body)).toEqual([
    { challenge: SECOND_FACTOR_CHALLENGE, code: '999999' },
    { challenge: SECOND_FACTOR_CHALLENGE, recoveryCode: RECOVERY_CODES[0] },
  ]);
});
