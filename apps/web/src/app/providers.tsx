import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { canQuery } from '@/lib/session.ts';

/** DESIGN.md §7: toasts at top-center, success 2000 ms, error 4000 ms (at most 20 kept). */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        success: { duration: 2000 },
        error: { duration: 4000 },
        blank: { duration: 4000 },
        loading: { duration: Infinity },
        style: { background: '#fffdf7', color: '#2b1f10', border: '1px solid #eadbb5' },
      }}
    />
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: 1,
        refetchOnWindowFocus: false,
        // Every query reads the admin's data: none runs without a session or once logout has
        // begun (docs/decisions/110). Read at each mount, render, focus and refetch decision.
        enabled: () => canQuery(),
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
