import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { vi } from 'vitest';
import { readRequest, testUuid, type SentRequest } from '@/testing/stub-fetch.ts';

/**
 * Test support (imported by tests only): an in-memory stand-in for the customer endpoints the
 * Dashboard and User Management screens call (GET /admin/dashboard, GET/PUT/DELETE /users,
 * GET /referrals/admin/rewards, POST /referrals/admin/manual-points), so the screens' tests run
 * the real components, API client and TanStack Query. The real server has its own tests.
 */

export interface FakeCustomer {
  id: string;
  fullName: string;
  email: string;
  balance: number;
  isActive: boolean;
  totalReferrals: number;
  totalInvestmentAmount: number;
  referralPoints: number;
}

export type FailingCall = 'dashboard' | 'users' | 'update' | 'delete' | 'rewards' | 'points';

export function aCustomer(overrides: Partial<FakeCustomer> = {}): FakeCustomer {
  const id = testUuid();
  return {
    id,
    fullName: `Customer ${id.slice(-4)}`,
    email: `customer${id.slice(-4)}@example.com`,
    balance: 2,
    isActive: true,
    totalReferrals: 1,
    totalInvestmentAmount: 12500,
    referralPoints: 100,
    ...overrides,
  };
}

/** `n` customers named 'Customer 1' … 'Customer n', newest (1) first. */
export function manyCustomers(n: number): FakeCustomer[] {
  return Array.from({ length: n }, (_, index) =>
    aCustomer({
      fullName: `Customer ${index + 1}`,
      email: `customer${index + 1}@example.com`,
    }),
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The in-memory API, newest customers first, as the server orders them. */
export function createFakeCustomerApi(
  initial: {
    customers?: FakeCustomer[];
    totals?: { totalCasks?: number; activeOffers?: number; totalRevenue?: number };
  } = {},
) {
  const state = {
    customers: [...(initial.customers ?? [])],
    totals: { totalCasks: 180, activeOffers: 12, totalRevenue: 125_500, ...initial.totals },
    /** Calls answering 500; the message is 'Something went wrong' unless `failureMessage` says. */
    failing: new Set<FailingCall>(),
    failureMessage: 'Something went wrong',
    /** While set, list calls (users, rewards) wait for it: a slow network. */
    hold: null as Promise<void> | null,
    requests: [] as SentRequest[],
  };

  const fail = () => json(500, { success: false, message: state.failureMessage });

  function page(query: Record<string, string>) {
    const search = (query.search ?? '').trim().toLowerCase();
    const matches = state.customers.filter(
      (c) => c.fullName.toLowerCase().includes(search) || c.email.toLowerCase().includes(search),
    );
    const current = Number(query.page ?? 1);
    const limit = Number(query.limit ?? 10);
    const total = matches.length;
    return {
      rows: matches.slice((current - 1) * limit, current * limit),
      pagination: { current, pages: Math.ceil(total / limit), total, limit },
    };
  }

  const asUser = (c: FakeCustomer) => ({
    id: c.id,
    fullName: c.fullName,
    email: c.email,
    phone: null,
    balance: c.balance,
    isActive: c.isActive,
    createdAt: '2025-01-01T00:00:00.000Z',
  });

  function handle(request: SentRequest): Response {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/api/admin/dashboard') {
      if (state.failing.has('dashboard')) return fail();
      return json(200, {
        success: true,
        data: {
          users: { totalUsers: state.customers.length },
          casks: { totalCasks: state.totals.totalCasks },
          offers: { activeOffers: state.totals.activeOffers },
          payments: { totalRevenue: state.totals.totalRevenue },
        },
      });
    }
    if (method === 'GET' && path === '/api/users') {
      if (state.failing.has('users')) return fail();
      const { rows, pagination } = page(query);
      return json(200, { success: true, data: { users: rows.map(asUser), pagination } });
    }
    if (method === 'GET' && path === '/api/referrals/admin/rewards') {
      if (state.failing.has('rewards')) return fail();
      const { rows, pagination } = page(query);
      const rewards = rows.map((c) => ({
        id: c.id,
        fullName: c.fullName,
        email: c.email,
        totalReferrals: c.totalReferrals,
        totalInvestmentAmount: c.totalInvestmentAmount,
        referralPoints: c.referralPoints,
      }));
      return json(200, { success: true, data: { rewards, pagination } });
    }
    const one = /^\/api\/users\/([^/]+)$/.exec(path);
    const customer = one ? state.customers.find((c) => c.id === one[1]) : undefined;
    if (one && (method === 'PUT' || method === 'DELETE') && !customer) {
      return json(404, { success: false, message: 'User not found' });
    }
    if (method === 'PUT' && customer) {
      if (state.failing.has('update')) return fail();
      customer.isActive = (request.body as { isActive: boolean }).isActive;
      return json(200, { success: true, data: { user: asUser(customer) } });
    }
    if (method === 'DELETE' && customer) {
      if (state.failing.has('delete')) return fail();
      state.customers = state.customers.filter((c) => c !== customer);
      return json(200, { success: true, data: { id: customer.id } });
    }
    if (method === 'POST' && path === '/api/referrals/admin/manual-points') {
      if (state.failing.has('points')) return fail();
      const body = request.body as {
        userId: string;
        points: number;
        type?: string;
        description: string | null;
        adminNotes: string | null;
      };
      const target = state.customers.find((c) => c.id === body.userId);
      if (!target) return json(404, { success: false, message: 'User not found' });
      if (target.referralPoints + body.points < 0) {
        const message = `Insufficient points: ${target.fullName} has ${target.referralPoints} points, so at most ${target.referralPoints} can be removed`;
        return json(400, { success: false, message, errors: [{ field: 'points', message }] });
      }
      target.referralPoints += body.points;
      return json(200, {
        success: true,
        message: 'Points updated successfully',
        data: {
          transaction: {
            id: testUuid(),
            userId: target.id,
            points: body.points,
            type: 'manual_adjustment',
            description: body.description,
            adminNotes: body.adminNotes,
            createdAt: new Date().toISOString(),
          },
          referralPoints: target.referralPoints,
        },
      });
    }
    return json(404, { success: false, message: `Route ${method} ${path} not found` });
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = readRequest(input, init);
    state.requests.push(request);
    await Promise.resolve();
    if (state.hold && request.method === 'GET' && !request.path.endsWith('/dashboard')) {
      await state.hold;
    }
    return handle(request);
  });

  return {
    state,
    fetchMock,
    /** The requests sent so far to `method path`. */
    sent: (method: string, path: string) =>
      state.requests.filter((request) => request.method === method && request.path === path),
    /** Makes list calls wait until the returned function is called. */
    holdLists(): () => void {
      let release = () => {};
      state.hold = new Promise<void>((resolve) => {
        release = () => {
          state.hold = null;
          resolve();
        };
      });
      return release;
    },
  };
}

export type FakeCustomerApi = ReturnType<typeof createFakeCustomerApi>;

/**
 * Renders a screen with a fresh query client (no retries) and the toaster, fetch answered by
 * `fakeApi`. With `fakeTimers`, user-event advances vitest's fake clock.
 */
export function renderWithFakeApi(
  screen: ReactNode,
  fakeApi: FakeCustomerApi,
  options: { fakeTimers?: boolean } = {},
) {
  vi.stubGlobal('fetch', fakeApi.fetchMock);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup(
    options.fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  );
  render(
    <QueryClientProvider client={queryClient}>
      <main>{screen}</main>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, queryClient };
}
