import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@cask/contracts/dashboard';
import { api, parsed } from '@/lib/api-client.ts';
import { dashboardKey } from '@/lib/customer-queries.ts';

/** `GET /admin/dashboard` (docs/screens/dashboard.md#api-calls): the four totals of the cards. */
export async function getDashboard(): Promise<Dashboard> {
  const answer = await parsed(
    api.get<unknown>('/admin/dashboard'),
    async () => (await import('@cask/contracts/dashboard')).dashboardResponse,
  );
  return answer.data;
}

export const dashboardQuery = () => queryOptions({ queryKey: dashboardKey, queryFn: getDashboard });

export function useDashboard() {
  return useQuery(dashboardQuery());
}
