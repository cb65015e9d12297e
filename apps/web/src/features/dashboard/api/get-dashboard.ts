import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResponse, type Dashboard } from '@cask/contracts/dashboard';
import { api } from '@/lib/api-client.ts';
import { dashboardKey } from '@/lib/customer-queries.ts';

/** `GET /admin/dashboard` (docs/screens/dashboard.md#api-calls): the four totals of the cards. */
export async function getDashboard(): Promise<Dashboard> {
  const envelope = await api.get<unknown>('/admin/dashboard');
  return dashboardResponse.parse(envelope).data;
}

export const dashboardQuery = () => queryOptions({ queryKey: dashboardKey, queryFn: getDashboard });

export function useDashboard() {
  return useQuery(dashboardQuery());
}
