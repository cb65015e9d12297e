import type { OrderStatusChanges, OrderStatusChangesResponse } from '@cask/contracts/orders';
import { postBulk } from '@/lib/post-bulk.ts';

export const BULK_STATUS_FAILURE = 'Failed to set the status of the orders.';

/**
 * `POST /purchases/bulk/status` (issue 31): each chosen order with its new status, all or none.
 * The answer's `before` statuses, sent the same way, undo it.
 */
export async function setOrderStatuses(
  body: OrderStatusChanges,
): Promise<OrderStatusChangesResponse['data']> {
  return postBulk(
    '/purchases/bulk/status',
    async () => (await import('@cask/contracts/orders')).orderStatusChangesResponse,
    body,
  );
}
