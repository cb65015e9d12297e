import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Warehouse } from '@cask/contracts/casks';
import { api, parsed } from '@/lib/api-client.ts';

/** `GET /warehouses` (issue 44): the bonded warehouses, by name. */
export async function getWarehouses(): Promise<Warehouse[]> {
  const answer = api.get<unknown>('/warehouses');
  return (
    await parsed(answer, async () => (await import('@cask/contracts/casks')).warehouseListResponse)
  ).data.warehouses;
}

// A handful of rows that change rarely: read once a screen needs them, kept for the session.
export const warehousesQuery = queryOptions({
  queryKey: ['warehouses'],
  queryFn: getWarehouses,
  staleTime: 5 * 60_000,
});

/** The Cask List's warehouse filter and the Add Cask form's select. */
export const useWarehouses = () => useQuery(warehousesQuery);
