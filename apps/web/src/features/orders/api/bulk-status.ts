import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderStatusChangesResponse,
  type OrderStatusChanges,
  type OrderStatusChangesResponse,
} from '@cask/contracts/orders';
import { api } from '@/lib/api-client.ts';
import { dashboardKey } from '@/lib/customer-queries.ts';
import { ordersKey } from './get-orders.ts';

export const BULK_STATUS_FAILURE = 'Failed to set the status of the orders.';
export const UNDO_FAILURE = 'Failed to undo the change.';

/**
 * `POST /purchases/bulk/status` (issue 31): each chosen order with its new status, all or none.
 * The answer's `before` statuses, sent the same way, undo it.
 */
export async function setOrderStatuses(
  changes: OrderStatusChanges['changes'],
): Promise<OrderStatusChangesResponse['data']['changes']> {
  const envelope = await api.post<unknown>('/purchases/bulk/status', { changes });
  return orderStatusChangesResponse.parse(envelope).data.changes;
}

/** The lists, the cards and the dashboard's revenue follow the change (and its undo). */
export function useSetOrderStatuses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderStatuses,
    onSettled: () =>
      Promise.all(
        [ordersKey, dashboardKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
