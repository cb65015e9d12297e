import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TRANSFER_OWNER_REQUIRED, todayIso } from '@cask/contracts/cask-records';
import { Button } from '@/components/ui/button.tsx';
import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { CustomerCombobox } from '@/components/ui/customer-combobox.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { useTransferOwnership } from '../api/cask-record.ts';

export const TRANSFER_SUCCESS = 'Ownership transferred successfully!';
export const TRANSFER_FAILURE = 'Failed to transfer ownership.';

/**
 * 'Transfer Ownership' (issue 30): the new owner from the customer picker, the day, the price and
 * a note (the delivery order, say). The cask changes owner; the transfer stays in its history.
 */
export function TransferModal({
  caskId,
  open,
  onOpenChange,
}: {
  caskId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [toCustomerId, setToCustomerId] = useState('');
  const [transferredOn, setTransferredOn] = useState(todayIso);
  const [price, setPrice] = useState('');
  const [note, setNote] = useState('');
  const [ownerError, setOwnerError] = useState<string | undefined>();
  const transfer = useTransferOwnership(caskId);
  const errors = new Map(
    (transfer.error instanceof ApiError ? (transfer.error.errors ?? []) : []).map((error) => [
      error.field,
      error.message,
    ]),
  );

  function close() {
    transfer.reset();
    setOwnerError(undefined);
    onOpenChange(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!toCustomerId) {
      setOwnerError(TRANSFER_OWNER_REQUIRED);
      return;
    }
    transfer.mutate(
      { toCustomerId, transferredOn, price, note },
      {
        onSuccess: () => {
          toast.success(TRANSFER_SUCCESS);
          setToCustomerId('');
          setPrice('');
          setNote('');
          close();
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.errors?.length))
            toast.error(errorMessage(error, TRANSFER_FAILURE));
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Transfer Ownership"
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="transfer-form" disabled={transfer.isPending}>
            {transfer.isPending ? 'Transferring...' : 'Transfer Ownership'}
          </Button>
        </>
      }
    >
      <form id="transfer-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <CustomerCombobox
          label="New owner"
          name="toCustomerId"
          placeholder="Select User"
          clearLabel="Clear new owner"
          value={toCustomerId}
          onChange={(id) => {
            setToCustomerId(id);
            if (id) setOwnerError(undefined);
          }}
          error={ownerError ?? errors.get('toCustomerId')}
          renderChosen={(option) => (
            <>
              Customer page: <CustomerLink id={option.id} name={option.fullName} />
            </>
          )}
        />
        <TextField
          label="Date"
          name="transferredOn"
          type="date"
          max={todayIso()}
          value={transferredOn}
          onChange={(event) => setTransferredOn(event.target.value)}
          error={errors.get('transferredOn')}
        />
        <TextField
          label="Price"
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          error={errors.get('price')}
        />
        <TextareaField
          label="Note"
          name="note"
          rows={3}
          placeholder="e.g. Delivery order number"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={errors.get('note')}
        />
      </form>
    </Modal>
  );
}
