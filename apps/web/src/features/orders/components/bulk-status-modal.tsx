import { useState } from 'react';
import toast from 'react-hot-toast';
import { ORDER_STATUSES, type Order, type OrderStatus } from '@cask/contracts/orders';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { undoToast } from '@/lib/undo-toast.tsx';
import { BULK_STATUS_FAILURE, UNDO_FAILURE, useSetOrderStatuses } from '../api/bulk-status.ts';

const statusOptions = ORDER_STATUSES.map((value) => ({ value, label: value }));
const plural = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/**
 * The bulk 'Set status' of the Order List (issue 31): the status to set and a confirmation naming
 * the count; then the toast with 'Undo' for ten seconds, which sets each order's status back. When
 * some orders cannot be changed (deleted meanwhile), none is, and the dialog names them.
 */
export function BulkStatusModal({
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
  const [status, setStatus] = useState<OrderStatus>('Delivered');
  const change = useSetOrderStatuses();
  const undo = useSetOrderStatuses();
  const count = orders.length;
  // The orders as sent: a failure names rows by their place in the request.
  const [sent, setSent] = useState<readonly Order[]>([]);

  const failedRows =
    change.error instanceof ApiError
      ? (change.error.errors ?? []).flatMap(({ field }) => {
          const index = /^changes\.(\d+)\.id$/.exec(field)?.[1];
          const order = index === undefined ? undefined : sent[Number(index)];
          return order ? [order] : [];
        })
      : [];

  const confirm = () => {
    setSent(orders);
    change.mutate(
      orders.map((order) => ({ id: order._id, status })),
      {
        onSuccess: (changes) => {
          change.reset();
          onDone();
          onClose();
          undoToast(`Status set to ${status} for ${plural(count)}.`, () =>
            undo.mutate(
              changes.map(({ id, before }) => ({ id, ...before })),
              {
                onSuccess: () => toast.success(`Undone: ${plural(count)} as they were.`),
                onError: (failure) => toast.error(errorMessage(failure, UNDO_FAILURE)),
              },
            ),
          );
        },
        onError: (failure) => toast.error(errorMessage(failure, BULK_STATUS_FAILURE)),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          change.reset();
          onClose();
        }
      }}
      title="Set status"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={change.isPending}>
            {change.isPending ? 'Saving...' : `Set status of ${plural(count)}`}
          </Button>
        </>
      }
    >
      <SelectField
        label="Status"
        options={statusOptions}
        value={status}
        onChange={(event) => setStatus(event.target.value as OrderStatus)}
      />
      <p className="mt-3 text-sm text-oak-900">
        Set the status of {plural(count)} to {status}?
      </p>
      {change.isError ? (
        <div className="mt-3">
          <InlineError>{errorMessage(change.error, BULK_STATUS_FAILURE)}</InlineError>
          {failedRows.length > 0 ? (
            <ul className="mt-2 list-disc pl-5 text-sm text-oak-900">
              {failedRows.map((order) => (
                <li key={order._id}>
                  {order.title} ({order.user.fullName || 'N/A'})
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
