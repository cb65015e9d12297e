import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ORDERS_PAGE_SIZE,
  type ORDER_SORTS,
  orderListResponse,
  type OrderListResponse,
  type OrderStatus,
} from '@cask/contracts/orders';
import type { SortValue } from '@cask/contracts/common';
import { api } from '@/lib/api-client.ts';

export type OrderPage = OrderListResponse['data'];

/** Every orders query starts with this key, so a save or a deletion reaches them all. */
export const ordersKey = ['orders'] as const;

export interface OrderListRequest {
  page: number;
  /** Already trimmed; '' is no search. */
  search: string;
  /** '' is every status. */
  status: OrderStatus | '';
  /** The Ordered range (issue 41): instants, '' when open. */
  orderedFrom?: string;
  orderedTo?: string;
  /** The list's order (issue 31); undefined is newest first. */
  sort?: SortValue<(typeof ORDER_SORTS)[number]> | undefined;
}

/**
 * `GET /purchases` (docs/screens/orders.md#api-calls): page, 20 a page, a search over all orders
 * and a status.
 */
export async function getOrders({
  page,
  search,
  status,
  orderedFrom,
  orderedTo,
  sort,
}: OrderListRequest): Promise<OrderPage> {
  const envelope = await api.get<unknown>('/purchases', {
    params: {
      page,
      limit: ORDERS_PAGE_SIZE,
      search: search || undefined,
      status: status || undefined,
      orderedFrom: orderedFrom || undefined,
      orderedTo: orderedTo || undefined,
      sort,
    },
  });
  return orderListResponse.parse(envelope).data;
}

/** The rows of the last answer stay on screen while the next page or search loads. */
export const ordersQuery = (request: OrderListRequest) =>
  queryOptions({
    queryKey: [...ordersKey, 'list', { ...request, limit: ORDERS_PAGE_SIZE }],
    queryFn: () => getOrders(request),
    placeholderData: keepPreviousData,
  });

export function useOrders(request: OrderListRequest) {
  return useQuery(ordersQuery(request));
}
