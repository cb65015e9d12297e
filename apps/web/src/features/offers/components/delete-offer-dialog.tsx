import toast from 'react-hot-toast';
import type { Offer } from '@cask/contracts/offers';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { DELETE_FAILURE, DELETE_SUCCESS, useDeleteOffer } from '../api/offer-mutations.ts';

/**
 * Spec 001 §2 Confirm Delete: 'Are you sure you want to delete {offer name}?', Cancel and Confirm
 * ('Deleting...' while busy); a failure stays in the dialog in a red box (spec 001 §8).
 */
export default function DeleteOfferDialog({
  offer,
  onClose,
}: {
  offer: Offer;
  onClose: () => void;
}) {
  const remove = useDeleteOffer();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Confirm Delete"
      message={`Are you sure you want to delete ${offer.title}?`}
      confirmLabel="Confirm"
      busyLabel="Deleting..."
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, DELETE_FAILURE) : undefined}
      onConfirm={() =>
        remove.mutate(offer.id, {
          onSuccess: () => {
            toast.success(DELETE_SUCCESS);
            onClose();
          },
        })
      }
    />
  );
}
