import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import { BootSplash } from './boot-splash.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RouteError } from './route-error.tsx';
import type { NavHandle } from './layout/nav.ts';

/**
 * Every route is lazy-loaded (docs/architecture.md#web-app); route modules default-export their
 * page.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * The app's route tree: app/router.tsx mounts it in a browser router, the tests in a memory
 * router (src/testing/render-app.tsx), so they run the real guards, shell and lazy screens. A
 * screen's sidebar entry is its route's `handle.nav` (layout/nav.ts, docs/decisions/378): the
 * sidebar and the command palette list them in this order, the entries with an icon in the
 * sidebar (docs/screens/shell.md#sidebar), the others in the palette only.
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
            <AppShell routes={routes} />
          </RequireAuth>
        ),
      };
    },
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootSplash />,
    children: [
      {
        index: true,
        // Active only on / itself.
        handle: {
          nav: {
            label: 'Dashboard',
            icon: () => import('lucide-react/icons/layout-dashboard'),
            end: true,
          },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/dashboard/dashboard-page.tsx')),
      },
      {
        path: 'user',
        handle: {
          nav: { label: 'User', icon: () => import('lucide-react/icons/users') },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/customers/customers-page.tsx')),
      },
      { path: 'user/:id', lazy: page(() => import('@/features/customers/customer-page.tsx')) },
      {
        path: 'cask',
        handle: {
          nav: { label: 'Cask', icon: () => import('lucide-react/icons/barrel') },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/casks/casks-page.tsx')),
      },
      { path: 'cask/:id', lazy: page(() => import('@/features/casks/cask-page.tsx')) },
      // Issue 44: under Cask.
      {
        path: 'reconciliations',
        handle: {
          nav: { label: 'Reconcile', icon: () => import('lucide-react/icons/clipboard-check') },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/reconciliations/reconciliations-page.tsx')),
      },
      {
        path: 'offers',
        handle: {
          nav: { label: 'Offers', icon: () => import('lucide-react/icons/tag') },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/offers/offers-page.tsx')),
      },
      {
        path: 'orders',
        handle: {
          nav: { label: 'Orders', icon: () => import('lucide-react/icons/shopping-cart') },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/orders/orders-page.tsx')),
      },
      {
        path: 'referrals',
        handle: {
          nav: { label: 'Referrals', icon: () => import('lucide-react/icons/user-plus') },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/referrals/referrals-page.tsx')),
      },
      {
        path: 'notifications',
        handle: {
          nav: { label: 'Notifications', icon: () => import('lucide-react/icons/bell') },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/notifications/notifications-page.tsx')),
      },
      // Issue 29: after Notifications.
      {
        path: 'audit',
        handle: {
          nav: { label: 'Audit Log', icon: () => import('lucide-react/icons/scroll-text') },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/audit/audit-page.tsx')),
      },
      // Issue 45: after the Audit Log; its badge counts the requests the admin could decide.
      {
        path: 'approvals',
        handle: {
          nav: {
            label: 'Approvals',
            icon: () => import('lucide-react/icons/stamp'),
            badge: 'pendingApprovals',
          },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/approvals/approvals-page.tsx')),
      },
      // The address a request's mail links to: the list, with the request's dialog open.
      {
        path: 'approvals/:id',
        lazy: page(() => import('@/features/approvals/approvals-page.tsx')),
      },
      // Not `end`: /setting/profile and /setting/privacy keep Settings highlighted.
      {
        path: 'setting',
        handle: {
          nav: { label: 'Settings', icon: () => import('lucide-react/icons/settings') },
        } satisfies NavHandle,
        lazy: page(() => import('@/features/settings/settings-page.tsx')),
      },
      // Settings' own screens: in the command palette, not in the sidebar.
      {
        path: 'setting/profile',
        handle: { nav: { label: 'Personal Information' } } satisfies NavHandle,
        lazy: page(() => import('@/features/profile/profile-page.tsx')),
      },
      {
        path: 'setting/security',
        handle: { nav: { label: 'Security' } } satisfies NavHandle,
        lazy: page(() => import('@/features/security/security-page.tsx')),
      },
      {
        path: 'setting/privacy',
        handle: { nav: { label: 'Privacy & Policy' } } satisfies NavHandle,
        lazy: page(() => import('@/features/privacy/privacy-page.tsx')),
      },
      {
        path: 'setting/admins',
        handle: { nav: { label: 'Admins' } } satisfies NavHandle,
        lazy: page(() => import('@/features/admins/admins-page.tsx')),
      },
      {
        path: 'setting/approvals',
        handle: { nav: { label: 'Approvals policy' } } satisfies NavHandle,
        lazy: page(() => import('@/features/approvals/approval-policy-page.tsx')),
      },
      { path: '*', lazy: page(() => import('./not-found-page.tsx')) },
    ],
  },
];
