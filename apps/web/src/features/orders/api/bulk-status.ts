import {
  orderStatusChangesResponse,
  type OrderStatusChanges,
  type OrderStatusChangesResponse,
} from '@cask/contracts/orders';
import { api } from '@/lib/api-client.ts';

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
