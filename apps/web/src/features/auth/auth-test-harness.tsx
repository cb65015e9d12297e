import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import ForgotPasswordPage from './forgot-password-page.tsx';
import ResetPasswordPage from './reset-password-page.tsx';
import SignInPage from './sign-in-page.tsx';
import VerifyOtpPage from './verify-otp-page.tsx';

/**
 * Test support for the authentication screens: the four real pages in a memory router, a stand-in
 * for the dashboard, the real API client (with fetch stubbed: the server is not under test here)
 * and the toaster. Imported by tests only.
 */

/** A stand-in for the guarded area a successful sign-in opens. */
function Dashboard() {
  return <h1>Dashboard</h1>;
}

export function renderAuthScreen(
  path: '/signin' | '/forgot_password' | '/otp' | '/reset_password',
  options: { state?: unknown; fakeTimers?: boolean } = {},
) {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '/forgot_password', element: <ForgotPasswordPage /> },
      { path: '/otp', element: <VerifyOtpPage /> },
      { path: '/reset_password', element: <ResetPasswordPage /> },
      { path: '/', element: <Dashboard /> },
    ],
    { initialEntries: [{ pathname: path, state: options.state }] },
  );
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const user = userEvent.setup(
    options.fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, user, queryClient };
}
