import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Order,
  OrderDeletedChanges,
  orderListDefinition,
  UpdateOrderBody,
} from '@cask/contracts/orders';
import { ifMatchHeaders } from '@cask/contracts/plain';
import { ORDER_LIST } from '@cask/contracts/lists-plain';
import { approvalOutcome, type ApprovalOutcome } from '@/lib/approval-outcome.ts';
import { invalidateApprovals } from '@/lib/approval-queries.ts';
import { api, parsed } from '@/lib/api-client.ts';
import { postBulk } from '@/lib/post-bulk.ts';
import { dashboardKey } from '@/lib/customer-queries.ts';
import { listKey, type ListPage } from '@/lib/list-query.ts';

type OrderPage = ListPage<typeof orderListDefinition.response>;

/** Every orders query starts with this key, so a save or a deletion reaches them all. */
export const ordersKey = listKey(ORDER_LIST);

/** docs/screens/orders.md#texts. */
export const UPDATE_FAILURE = 'Failed to update order.';
export const DELETE_FAILURE = 'Failed to delete order.';
export const UPDATE_SUCCESS = 'Order updated successfully!';
export const DELETE_SUCCESS = 'Order deleted successfully!';

/**
 * `PUT /purchases/{id}/status` (docs/screens/orders.md#api-calls): notes go as one string, '' when
 * none. It names the version the dialog started from, so an order saved meanwhile is not
 * overwritten: 412 instead (docs/decisions/208). Issue 45: to Delivered above the Approvals
 * policy's budget it is sent for approval instead (202, `reason` required): nothing changes yet.
 */
export async function updateOrder(input: {
  id: string;
  body: UpdateOrderBody;
  version: string;
}): Promise<ApprovalOutcome<Order>> {
  // The answer's contract loads beside the request: the screen draws without zod (decision 450).
  const [envelope, updateOrderResponse] = await Promise.all([
    api.put<unknown>(`/purchases/${encodeURIComponent(input.id)}/status`, input.body, {
      headers: ifMatchHeaders(input.version),
    }),
    (async () => (await import('@cask/contracts/orders')).updateOrderResponse)(),
  ]);
  return approvalOutcome(envelope, (answer) => updateOrderResponse.parse(answer).data.purchase);
}

/** `GET /purchases/{id}`: the order as it is now, for a dialog that reloads it. */
export async function fetchOrder(id: string): Promise<Order> {
  const answer = api.get<unknown>(`/purchases/${encodeURIComponent(id)}`);
  return (await parsed(answer, async () => (await import('@cask/contracts/orders')).orderResponse))
    .data.purchase;
}

/** `DELETE /purchases/{id}`: the order is hidden on the server (decision 151). */
export async function deleteOrder(id: string): Promise<string> {
  const answer = api.delete<unknown>(`/purchases/${encodeURIComponent(id)}`);
  return (
    await parsed(answer, async () => (await import('@cask/contracts/orders')).deleteOrderResponse)
  ).data.id;
}

/** The stats, the totals and the dashboard's revenue follow any change: refetched behind. */
function refreshTotals(queryClient: QueryClient) {
  return Promise.all(
    [ordersKey, dashboardKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** The saved order replaces its row in every loaded page at once, then the totals refetch. */
export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (outcome) => {
      if ('sent' in outcome) return invalidateApprovals(queryClient);
      const saved = outcome.done;
      queryClient.setQueriesData<OrderPage>({ queryKey: ordersKey }, (page) =>
        page
          ? {
              ...page,
              purchases: page.purchases.map((order) => (order._id === saved._id ? saved : order)),
            }
          : page,
      );
      return refreshTotals(queryClient);
    },
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOrder, onSuccess: () => refreshTotals(queryClient) });
}

export const RESTORE_FAILURE = 'Failed to restore the order.';

/** `POST /purchases/bulk/deleted` with `deleted: false` (issue 31): the undo of a delete. */
export async function setOrdersDeleted(body: OrderDeletedChanges) {
  return postBulk(
    '/purchases/bulk/deleted',
    async () => (await import('@cask/contracts/orders')).orderDeletedChangesResponse,
    body,
  );
}

export function useSetOrdersDeleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrdersDeleted,
    onSettled: () => refreshTotals(queryClient),
  });
}
