import { useMemo, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TRANSFER_OWNER_REQUIRED, todayIso } from '@cask/contracts/cask-records';
import {
  ApprovalReasonField,
  SentForApprovalNotice,
} from '@/components/approvals/approval-parts.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { CustomerCombobox } from '@/components/ui/customer-combobox.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { useCustomerSearch, type CustomerOption } from '@/lib/customer-search.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { useCaskRecord, useTransferOwnership } from '../api/cask-record.ts';

export const TRANSFER_SUCCESS = 'Ownership transferred successfully!';
export const TRANSFER_FAILURE = 'Failed to transfer ownership.';

/** The customer picker's options without the cask's owner: they cannot be its new owner. */
function optionsWithout(ownerId: string | undefined) {
  return function useOptionsWithoutOwner(search: string, enabled: boolean) {
    const results = useCustomerSearch(search, enabled);
    return { ...results, data: results.data?.filter((option) => option.id !== ownerId) };
  };
}

/** The confirmation's question: who gets the cask, on which day, for what price. */
export function transferQuestion(
  cask: string,
  to: string,
  transferredOn: string,
  price: string,
): string {
  const paid = price.trim() === '' ? 'with no price' : `for ${formatMoney(Number(price))}`;
  return `Transfer ${cask} to ${to} on ${formatDate(`${transferredOn}T00:00:00Z`)} ${paid}?`;
}

/** The API's field errors, by field, to show under each field. */
function fieldErrorsOf(error: Error | null): Map<string, string> {
  return new Map(
    (error instanceof ApiError ? (error.errors ?? []) : []).map((fieldError) => [
      fieldError.field,
      fieldError.message,
    ]),
  );
}

/**
 * 'Transfer Ownership' (issue 30): the current owner, the new owner from the customer picker
 * (the current one left out), the day, the price and a note (the delivery order, say); then a
 * confirmation naming the new owner and the price. The cask changes owner; the transfer stays in
 * its history. Issue 45: a 'Reason' for the Approvals policy (decision 425); when the transfer is
 * sent for approval the dialog says so and the cask keeps its owner.
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
  const [details, setDetails] = useState<TransferDetails>(() => ({
    ...noDetails(),
    transferredOn: todayIso(),
  }));
  const { transferredOn, price } = details;
  const [sent, setSent] = useState(false);
  const [ownerError, setOwnerError] = useState<string | undefined>();
  const [newOwner, setNewOwner] = useState<CustomerOption | null>(null);
  const [confirming, setConfirming] = useState(false);
  const transfer = useTransferOwnership(caskId);
  const cask = useCaskRecord(caskId).data?.cask;
  const ownerId = cask?.owner.id;
  // A new function only when the owner changes; it calls the same hooks whichever it is.
  const useOptions = useMemo(() => optionsWithout(ownerId), [ownerId]);
  const errors = fieldErrorsOf(transfer.error);

  function close() {
    transfer.reset();
    setOwnerError(undefined);
    setConfirming(false);
    setSent(false);
    onOpenChange(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!toCustomerId) {
      setOwnerError(TRANSFER_OWNER_REQUIRED);
      return;
    }
    setConfirming(true);
  }

  function onConfirm() {
    transfer.mutate(
      { toCustomerId, ...details },
      {
        onSuccess: (outcome) => {
          setToCustomerId('');
          setDetails((previous) => ({ ...noDetails(), transferredOn: previous.transferredOn }));
          if ('sent' in outcome) {
            setConfirming(false);
            setSent(true);
            return;
          }
          toast.success(TRANSFER_SUCCESS);
          close();
        },
        onError: (error) => {
          // Back to the form, where a field's error shows under it.
          setConfirming(false);
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
        sent ? (
          <Button onClick={close}>OK</Button>
        ) : (
          <TransferFooter
            confirming={confirming}
            busy={transfer.isPending}
            onBack={() => setConfirming(false)}
            onConfirm={onConfirm}
            onCancel={close}
          />
        )
      }
    >
      {sent ? <SentForApprovalNotice /> : null}
      {confirming ? (
        <p role="status" className="text-sm text-oak-900">
          {transferQuestion(
            cask?.name ?? 'this cask',
            newOwner?.fullName ?? 'the new owner',
            transferredOn,
            price,
          )}
        </p>
      ) : null}
      <form
        id="transfer-form"
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4"
        hidden={confirming || sent}
      >
        <p className="text-sm text-oak-900">
          Current owner:{' '}
          {cask ? <CustomerLink id={cask.owner.id} name={cask.owner.fullName} /> : '—'}
        </p>
        <CustomerCombobox
          useOptions={useOptions}
          label="New owner"
          name="toCustomerId"
          placeholder="Select User"
          clearLabel="Clear new owner"
          value={toCustomerId}
          onChange={(id, option) => {
            setToCustomerId(id);
            setNewOwner(option ?? null);
            if (id) setOwnerError(undefined);
          }}
          error={ownerError ?? errors.get('toCustomerId')}
          renderChosen={(option) => (
            <>
              Customer page: <CustomerLink id={option.id} name={option.fullName} />
            </>
          )}
        />
        <TransferDetailFields
          details={details}
          errors={errors}
          onChange={(change) => setDetails((previous) => ({ ...previous, ...change }))}
        />
      </form>
    </Modal>
  );
}

/** The transfer's day, price, note and (issue 45) the reason for the Approvals policy. */
interface TransferDetails {
  transferredOn: string;
  price: string;
  note: string;
  reason: string;
}

const noDetails = () => ({ transferredOn: '', price: '', note: '', reason: '' });

function TransferDetailFields({
  details,
  errors,
  onChange,
}: {
  details: TransferDetails;
  errors: Map<string, string>;
  onChange: (change: Partial<TransferDetails>) => void;
}) {
  return (
    <>
      <TextField
        label="Date"
        name="transferredOn"
        type="date"
        max={todayIso()}
        value={details.transferredOn}
        onChange={(event) => onChange({ transferredOn: event.target.value })}
        error={errors.get('transferredOn')}
      />
      <TextField
        label="Price"
        name="price"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={details.price}
        onChange={(event) => onChange({ price: event.target.value })}
        error={errors.get('price')}
      />
      <TextareaField
        label="Note"
        name="note"
        rows={3}
        placeholder="e.g. Delivery order number"
        value={details.note}
        onChange={(event) => onChange({ note: event.target.value })}
        error={errors.get('note')}
      />
      <ApprovalReasonField
        name="reason"
        value={details.reason}
        onChange={(event) => onChange({ reason: event.target.value })}
        error={errors.get('reason')}
      />
    </>
  );
}

/** Cancel and Transfer Ownership on the form; Back and Confirm Transfer on the confirmation. */
function TransferFooter({
  confirming,
  busy,
  onBack,
  onConfirm,
  onCancel,
}: {
  confirming: boolean;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return confirming ? (
    <>
      <Button variant="secondary" onClick={onBack} disabled={busy}>
        Back
      </Button>
      <Button onClick={onConfirm} disabled={busy}>
        {busy ? 'Transferring...' : 'Confirm Transfer'}
      </Button>
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form="transfer-form">
        Transfer Ownership
      </Button>
    </>
  );
}
