import toast from 'react-hot-toast';
import type { Cask } from '@cask/contracts/casks';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { useDeleteCask } from '../api/cask-mutations.ts';

/** Spec 001 §8. */
export const DELETE_SUCCESS = 'Cask deleted successfully!';
export const DELETE_FAILURE = 'Failed to delete cask.';

/** Spec 001 §2 'Confirm Delete': the cask's name and distillery, then 'Delete Cask'. */
export default function DeleteCaskDialog({
  cask,
  onClose,
}: {
  cask: Cask | null;
  onClose: () => void;
}) {
  const remove = useDeleteCask();
  return (
    <ConfirmDialog
      open={cask !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Confirm Delete"
      message={`Are you sure you want to delete cask ${cask?.name ?? ''} from ${cask?.distillery ?? ''}?`}
      confirmLabel="Delete Cask"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onConfirm={() => {
        if (!cask) return;
        remove.mutate(cask.id, {
          onSuccess: () => {
            toast.success(DELETE_SUCCESS);
            onClose();
          },
          onError: (failure) => {
            toast.error(errorMessage(failure, DELETE_FAILURE));
          },
        });
      }}
    >
      <p className="text-sm text-oak-700">This action cannot be undone.</p>
    </ConfirmDialog>
  );
}
