import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import { BootSplash } from './boot-splash.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every route is lazy-loaded (docs/architecture.md#web-app); route modules default-export their
 * page.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * The app's route tree: app/router.tsx mounts it in a browser router, the tests in a memory
 * router (src/testing/render-app.tsx), so they run the real guards, shell and lazy screens.
 */
export const routes = [
  {
    element: (
      <GuestOnly>
        <Outlet />
      </GuestOnly>
    ),
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootSplash />,
    children: [
      { path: '/signin', lazy: page(() => import('@/features/auth/sign-in-page.tsx')) },
      {
        path: '/forgot_password',
        lazy: page(() => import('@/features/auth/forgot-password-page.tsx')),
      },
      { path: '/otp', lazy: page(() => import('@/features/auth/verify-otp-page.tsx')) },
      {
        path: '/reset_password',
        lazy: page(() => import('@/features/auth/reset-password-page.tsx')),
      },
    ],
  },
  // Issue 28: an invite's link works whether or not someone is signed in in this browser (the
  // invitee's session replaces theirs), so it is under neither guard.
  {
    path: '/accept-invite',
    lazy: page(() => import('@/features/auth/accept-invite-page.tsx')),
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootSplash />,
  },
  {
    path: '/',
    lazy: async () => {
      const { AppShell } = await import('./layout/app-shell.tsx');
      return {
        Component: () => (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
      };
    },
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootSplash />,
    children: [
      { index: true, lazy: page(() => import('@/features/dashboard/dashboard-page.tsx')) },
      { path: 'user', lazy: page(() => import('@/features/customers/customers-page.tsx')) },
      { path: 'user/:id', lazy: page(() => import('@/features/customers/customer-page.tsx')) },
      { path: 'cask', lazy: page(() => import('@/features/casks/casks-page.tsx')) },
      { path: 'cask/:id', lazy: page(() => import('@/features/casks/cask-page.tsx')) },
      { path: 'offers', lazy: page(() => import('@/features/offers/offers-page.tsx')) },
      { path: 'orders', lazy: page(() => import('@/features/orders/orders-page.tsx')) },
      { path: 'referrals', lazy: page(() => import('@/features/referrals/referrals-page.tsx')) },
      {
        path: 'notifications',
        lazy: page(() => import('@/features/notifications/notifications-page.tsx')),
      },
      { path: 'audit', lazy: page(() => import('@/features/audit/audit-page.tsx')) },
      { path: 'setting', lazy: page(() => import('@/features/settings/settings-page.tsx')) },
      { path: 'setting/profile', lazy: page(() => import('@/features/profile/profile-page.tsx')) },
      { path: 'setting/privacy', lazy: page(() => import('@/features/privacy/privacy-page.tsx')) },
      { path: 'setting/admins', lazy: page(() => import('@/features/admins/admins-page.tsx')) },
      {
        path: 'setting/security',
        lazy: page(() => import('@/features/security/security-page.tsx')),
      },
      { path: '*', lazy: page(() => import('./not-found-page.tsx')) },
    ],
  },
];
