import toast from 'react-hot-toast';
import type { Order } from '@cask/contracts/orders';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { DELETE_FAILURE, DELETE_SUCCESS, useDeleteOrder } from '../api/order-mutations.ts';

/** Spec 001 §2 'Confirm Delete'; a failure stays in the dialog and shows a toast (decision 153). */
export default function DeleteOrderDialog({
  order,
  onClose,
}: {
  order: Order | null;
  onClose: () => void;
}) {
  const remove = useDeleteOrder();
  return (
    <ConfirmDialog
      open={order !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose();
        }
      }}
      title="Confirm Delete"
      message={
        order
          ? `Are you sure you want to delete order ${order.title} for ${order.user.fullName}?`
          : ''
      }
      confirmLabel="Confirm"
      busyLabel="Deleting..."
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, DELETE_FAILURE) : undefined}
      onConfirm={() => {
        if (!order) return;
        remove.mutate(order._id, {
          onSuccess: () => {
            toast.success(DELETE_SUCCESS);
            remove.reset();
            onClose();
          },
          onError: (error) => toast.error(errorMessage(error, DELETE_FAILURE)),
        });
      }}
    />
  );
}
