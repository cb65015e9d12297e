import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { renderApp } from '@/testing/render-app.tsx';
import { stubFetch } from '@/testing/stub-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

const emailBox = () => screen.getByLabelText('Email');
const passwordBox = () => screen.getByLabelText('Password', { selector: 'input' });
const signInButton = () => screen.getByRole('button', { name: /^Sign(ing)? In/ });

test('the screen shows the logo, the heading, both fields and the way to recover a password', async () => {
  await renderApp({ route: '/signin', session: 'signed-out' });
  expect(screen.getByRole('img', { name: 'Cask Admin' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  expect(emailBox()).toBeInTheDocument();
  expect(passwordBox()).toHaveAttribute('type', 'password');
  expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
    'href',
    '/forgot_password',
  );
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('an empty form is refused with both required messages and nothing is sent', async () => {
  const { sent } = stubFetch(() => ({ body: { success: true } }));
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.click(signInButton());

  expect(await screen.findByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Password is required')).toBeInTheDocument();
  expect(sent).toHaveLength(0);
});

test('an e-mail without an @ is an invalid username', async () => {
  const { sent } = stubFetch(() => ({ body: { success: true } }));
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(emailBox(), 'master blender');
  await user.type(passwordBox(), 'secret-1');
  await user.click(signInButton());

  expect(await screen.findByText('Invalid username')).toBeInTheDocument();
  expect(emailBox()).toHaveAttribute('aria-invalid', 'true');
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
  const { sent } = stubFetch(() => new Promise((resolve) => (answer = resolve)));
  const { user, router } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(emailBox(), ' Ailsa@Cask.Club ');
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
  stubFetch(() => ({
    status: 401,
    body: { success: false, message: 'Invalid email or password' },
  }));
  const { user, router } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(emailBox(), 'ailsa@cask.club');
  await user.type(passwordBox(), 'wrong-one');
  await user.click(signInButton());

  expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');
  expect(Cookies.get('refreshToken')).toBeUndefined();
  expect(Cookies.get('isAuthenticated')).toBeUndefined();
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('without a server message the failure reads: Login failed. Please try again.', async () => {
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
  const { user } = await renderApp({ route: '/signin', session: 'signed-out' });

  await user.type(emailBox(), 'ailsa@cask.club');
  await user.type(passwordBox(), 'Angels-05');
  await user.click(signInButton());

  expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
});
