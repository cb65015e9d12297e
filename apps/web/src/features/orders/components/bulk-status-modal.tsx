import type { Order } from '@cask/contracts/orders';
import { ORDER_STATUSES } from '@cask/contracts/lists-plain';
import { BulkStatusModal } from '@/components/ui/bulk-status-modal.tsx';
import { UNDO_FAILURE } from '@/lib/undo-toast.tsx';
import { dashboardKey } from '@/lib/customer-queries.ts';
import { BULK_STATUS_FAILURE, setOrderStatuses } from '../api/bulk-status.ts';
import { ordersKey } from '../api/order-mutations.ts';

const statuses = ORDER_STATUSES.map((value) => ({ value, label: value }));
const counted = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;
// The lists, the cards and the dashboard's revenue follow the change (and its undo).
const refetch = [ordersKey, dashboardKey];

/**
 * The Order List's bulk 'Set status' (issue 31), the shared dialog with the orders' statuses;
 * a refused order is named by its product and customer.
 */
export function OrderBulkStatusModal({
  orders,
  open,
  onClose,
  onDone,
}: {
  /** The chosen orders. */
  orders: readonly Order[];
  open: boolean;
  onClose: () => void;
  /** The change was made: the selection is cleared. */
  onDone: () => void;
}) {
  return (
    <BulkStatusModal
      rows={orders}
      open={open}
      onClose={onClose}
      onDone={onDone}
      statuses={statuses}
      initialStatus="Delivered"
      counted={counted}
      rowId={(order) => order._id}
      rowName={(order) => `${order.title} (${order.user.fullName || 'N/A'})`}
      send={setOrderStatuses}
      refetch={refetch}
      failure={BULK_STATUS_FAILURE}
      undoFailure={UNDO_FAILURE}
    />
  );
}
