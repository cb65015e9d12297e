import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardTrendsResponse, type DashboardTrends } from '@cask/contracts/dashboard';
import { api } from '@/lib/api-client.ts';
import { dashboardKey } from '@/lib/customer-queries.ts';

/** `GET /admin/dashboard/trends` (issue 30): the charts below the cards. */
export async function getDashboardTrends(): Promise<DashboardTrends> {
  const envelope = await api.get<unknown>('/admin/dashboard/trends');
  return dashboardTrendsResponse.parse(envelope).data;
}

/** Under the dashboard's key: whatever refreshes the cards refreshes the trends. */
export const dashboardTrendsQuery = () =>
  queryOptions({ queryKey: [...dashboardKey, 'trends'], queryFn: getDashboardTrends });

export function useDashboardTrends() {
  return useQuery(dashboardTrendsQuery());
}
