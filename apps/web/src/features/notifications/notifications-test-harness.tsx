import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Notification } from '@cask/contracts/notifications';
import NotificationsPage from './notifications-page.tsx';
import { NotificationBell } from './components/notification-bell.tsx';
import { readRequest, testUuid, type SentRequest } from '@/testing/stub-fetch.ts';

/**
 * Test support for the notifications screen and bell: the real components, the real API client
 * and TanStack Query, with fetch answered by a small in-memory stand-in for the API (the server
 * has its own tests in apps/api). Imported by tests only.
 */

export interface Customer {
  id: string;
  fullName: string;
  email: string;
}

export type FailingCall = 'list' | 'next-page' | 'read' | 'mark-all' | 'create' | 'users';

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: testUuid(),
    title: 'Warehouse open day',
    message: 'Visit your casks on Saturday.',
    type: 'system',
    priority: 'high',
    category: 'general',
    time: new Date(Date.now() - 5 * 60_000).toISOString(),
    isRead: false,
    isGlobal: true,
    recipient: null,
    adminNotes: null,
    ...overrides,
  };
}

/** `n` notifications, newest first, titled 'Notice n' … 'Notice 1'. */
export function manyNotifications(n: number): Notification[] {
  return Array.from({ length: n }, (_, index) =>
    aNotification({ title: `Notice ${n - index}`, message: `Message ${n - index}` }),
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const serverError = () => json(500, { success: false, message: 'Something went wrong' });

/** The in-memory API: newest-first notifications read by one admin, and customers. */
export function createFakeApi(
  initial: { notifications?: Notification[]; customers?: Customer[] } = {},
) {
  const state = {
    notifications: [...(initial.notifications ?? [])],
    customers: [...(initial.customers ?? [])],
    failing: new Set<FailingCall>(),
    requests: [] as SentRequest[],
  };
  const unread = () => state.notifications.filter((n) => !n.isRead).length;

  function handle(request: SentRequest): Response {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/api/notifications') {
      const page = Number(query.page ?? 1);
      if (state.failing.has(page > 1 ? 'next-page' : 'list')) return serverError();
      const limit = Number(query.limit ?? 20);
      const total = state.notifications.length;
      return json(200, {
        success: true,
        data: {
          notifications: state.notifications.slice((page - 1) * limit, page * limit),
          pagination: { current: page, pages: Math.ceil(total / limit), total, limit },
          unreadCount: unread(),
        },
      });
    }
    if (method === 'PUT' && path === '/api/notifications/mark-all-read') {
      if (state.failing.has('mark-all')) return serverError();
      const marked = unread();
      state.notifications = state.notifications.map((n) => ({ ...n, isRead: true }));
      return json(200, { success: true, data: { marked, unreadCount: 0 } });
    }
    const read = /^\/api\/notifications\/([^/]+)\/read$/.exec(path);
    if (method === 'PUT' && read) {
      if (state.failing.has('read')) return serverError();
      const id = read[1] ?? '';
      state.notifications = state.notifications.map((n) =>
        n.id === id ? { ...n, isRead: true } : n,
      );
      return json(200, { success: true, data: { id, isRead: true, unreadCount: unread() } });
    }
    if (method === 'POST' && path === '/api/notifications') {
      if (state.failing.has('create')) return serverError();
      const body = request.body as Record<string, unknown>;
      const recipient = state.customers.find((customer) => customer.id === body.recipient) ?? null;
      const created = aNotification({
        title: String(body.title),
        message: String(body.message),
        type: body.type as Notification['type'],
        priority: body.priority as Notification['priority'],
        category: String(body.category),
        isGlobal: Boolean(body.isGlobal),
        recipient,
        adminNotes: (body.adminNotes as string | null) ?? null,
        time: new Date().toISOString(),
      });
      state.notifications.unshift(created);
      return json(201, {
        success: true,
        message: 'Notification created successfully!',
        data: { notification: created },
      });
    }
    if (method === 'GET' && path === '/api/users') {
      if (state.failing.has('users')) return serverError();
      const search = (query.search ?? '').toLowerCase();
      const users = state.customers
        .filter(
          (c) =>
            c.fullName.toLowerCase().includes(search) || c.email.toLowerCase().includes(search),
        )
        .map((c) => ({
          ...c,
          phone: null,
          balance: 0,
          isActive: true,
          createdAt: '2025-01-01T00:00:00.000Z',
        }));
      const total = users.length;
      return json(200, {
        success: true,
        data: { users, pagination: { current: 1, pages: total ? 1 : 0, total, limit: 10 } },
      });
    }
    return json(404, { success: false, message: `Route ${method} ${path} not found` });
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = readRequest(input, init);
    state.requests.push(request);
    return handle(request);
  });

  return {
    state,
    fetchMock,
    /** The requests sent so far to `method path`. */
    sent: (method: string, path: string) =>
      state.requests.filter((request) => request.method === method && request.path === path),
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/** The notifications screen with the header bell above it, as the shell shows them. */
export function renderNotifications(fakeApi: FakeApi, options: { fakeTimers?: boolean } = {}) {
  vi.stubGlobal('fetch', fakeApi.fetchMock);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/notifications',
        element: (
          <>
            <header>
              <NotificationBell />
            </header>
            <main>
              <NotificationsPage />
            </main>
          </>
        ),
      },
    ],
    { initialEntries: ['/notifications'] },
  );
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
