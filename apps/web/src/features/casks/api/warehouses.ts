import { queryOptions, useQuery } from '@tanstack/react-query';
import { warehouseListResponse, type Warehouse } from '@cask/contracts/casks';
import { api } from '@/lib/api-client.ts';

/** `GET /warehouses` (issue 44): the bonded warehouses, by name. */
export async function getWarehouses(): Promise<Warehouse[]> {
  return warehouseListResponse.parse(await api.get<unknown>('/warehouses')).data.warehouses;
}

// A handful of rows that change rarely: read once a screen needs them, kept for the session.
export const warehousesQuery = queryOptions({
  queryKey: ['warehouses'],
  queryFn: getWarehouses,
  staleTime: 5 * 60_000,
});

/** The Cask List's warehouse filter and the Add Cask form's select. */
export const useWarehouses = () => useQuery(warehousesQuery);
