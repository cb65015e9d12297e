import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
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

const passwordBox = () => screen.getByLabelText('Password', { selector: 'input' });
const signInButton = () => screen.getByRole('button', { name: /^Sign(ing)? In/ });

test('the screen shows the logo, the heading, both fields and the way to recover a password', async () => {
  await renderApp({ route: '/signin', session: 'signed-out' });
  expect(screen.getByRole('img', { name: 'Cask Admin' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(fieldLabelled('Email')).toBeInTheDocument();
  expect(passwordBox()).toHaveAttribute('type', 'password');
  expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
    'href',
    '/forgot_password',
  );
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('an empty form is refused with both required messages and nothing is sent', async () => {
  const { sent } = scriptApi(() => ({ body: { success: true } }));
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.click(signInButton());

  expect(await screen.findByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Password is required')).toBeInTheDocument();
  expect(sent).toHaveLength(0);
});

test('an e-mail without an @ is an invalid username', async () => {
  const { sent } = scriptApi(() => ({ body: { success: true } }));
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), 'master blender');
  await user.type(passwordBox(), 'secret-1');
  await user.click(signInButton());

  expect(await screen.findByText('Invalid username')).toBeInTheDocument();
  expect(fieldLabelled('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toHaveLength(0);
});

test('the show/hide toggle reveals the password and hides it again', async () => {
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });
  await user.type(passwordBox(), 'secret-1');

  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(passwordBox()).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(passwordBox()).toHaveAttribute('type', 'password');
});

test('a successful sign-in stores the three cookies and opens the dashboard', async () => {
  let answer: (value: { body: unknown }) => void = () => {};
  const { sent } = scriptApi(() => new Promise((resolve) => (answer = resolve)));
  const { user, router } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), ' Ailsa@Cask.Club ');
  await user.type(passwordBox(), 'Angels-05');
  await user.click(signInButton());

  // While the request runs the button says so and cannot be pressed again.
  const busy = await screen.findByRole('button', { name: 'Signing In...' });
  expect(busy).toBeDisabled();
  expect(sent[0]).toMatchObject({
    method: 'POST',
    path: '/api/auth/login',
    body: { email: 'ailsa@cask.club', password: 'Angels-05' },
  });

  answer({ body: { success: true, data: { accessToken: 'access-1', refreshToken: 'refresh-1' } } });

  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
  expect(Cookies.get('accessToken')).toBe('access-1');
  expect(Cookies.get('refreshToken')).toBe('refresh-1');
  expect(Cookies.get('isAuthenticated')).toBe('true');
});

test('a refused sign-in shows the server message, clears the cookies and stays on the form', async () => {
  Cookies.set('refreshToken', 'left-over', { path: '/' });
  Cookies.set('isAuthenticated', 'true', { path: '/' });
  scriptApi(() => ({
    status: 401,
    body: { success: false, message: 'Invalid email or password' },
  }));
  const { user, router } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(fieldLabelled('Email'), 'ailsa@cask.club');
  await user.type(passwordBox(), 'wrong-one');
  await user.click(signInButton());

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
  await user.type(passwordBox(), 'Angels-05');
  await user.click(signInButton());

  expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
});

test('with two-factor on, the password leads to the code step; tokens come only after it', async () => {
  const { sent } = scriptApi((request) => {
    if (request.path === '/api/auth/login') {
      return { body: { success: true, data: { twoFactorRequired: true, challenge: 'chal-1' } } };
    }
    if (request.path === '/api/auth/login/second-factor') {
      const body = request.body as { code?: string; recoveryCode?: string };
      if (body.code === '123456' || body.recoveryCode === 'abcde-fghjk') {
        return {
          body: { success: true, data: { accessToken: 'access-2', refreshToken: 'refresh-2' } },
        };
      }
      return {
        status: 400,
        body: { success: false, message: 'The authentication code is not valid' },
      };
    }
    return { body: { success: true, data: {} } };
  });
  const { user, router } = await renderApp({ route: '/signin', session: 'signed-out' });
  await user.type(fieldLabelled('Email'), 'ailsa@cask.club');
  await user.type(passwordBox(), 'Angels-05');
  await user.click(signInButton());

  const code = await screen.findByLabelText('Authentication code');
  expect(Cookies.get('accessToken')).toBeUndefined();
  expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
  await user.type(code, '999999');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('The authentication code is not valid')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');

  await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
  await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(Cookies.get('accessToken')).toBe('access-2');
  expect(sent.find((r) => r.body && 'recoveryCode' in (r.body as object))?.body).toEqual({
    challenge: 'chal-1',
    recoveryCode: 'abcde-fghjk',
  });
});
