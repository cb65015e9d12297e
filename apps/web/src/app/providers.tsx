import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { canQuery } from '@/lib/session.ts';

/**
 * react-hot-toast (and goober, its CSS-in-JS) load after the first page is drawn (decision 121):
 * a toast raised before the toaster mounts waits in react-hot-toast's store and shows then.
 */
const AppToaster = lazy(() => import('./toaster.tsx'));

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
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
