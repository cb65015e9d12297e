import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError, bulkFailureMessage, errorMessage } from '@/lib/api-error.ts';
import { undoBody } from '@/lib/post-bulk.ts';
import { undoToast } from '@/lib/undo-toast.tsx';
import { Button } from './button.tsx';
import { InlineError } from './error-state.tsx';
import { Modal } from './modal.tsx';
import { SelectField } from './select-field.tsx';

/**
 * What a bulk status route takes: each row with its new status, or (to undo) with the value its
 * answer gave as `before` (a referral's carries its completion date, decision 242).
 */
export type BulkStatusChanges<Status extends string, Value extends { status: Status }> = {
  changes: { id: string; status: Status }[] | ({ id: string } & Value)[];
  /** For an undo, the change's bulk id (decision 311). */
  bulkId?: string;
};

/** What it answers: the change's bulk id, each row's value before it, which an undo sends back. */
export type BulkStatusAnswer<Value> = {
  bulkId: string;
  changes: readonly { id: string; before: Value }[];
};

export interface BulkStatusModalProps<
  Row,
  Status extends string,
  Value extends { status: Status },
> {
  /** The chosen rows. */
  rows: readonly Row[];
  open: boolean;
  onClose: () => void;
  /** The change was made: the selection is cleared. */
  onDone: () => void;
  /** The statuses offered, as the list shows them. */
  statuses: readonly { value: Status; label: string }[];
  initialStatus: Status;
  /** '1 order', '3 orders'. */
  counted: (count: number) => string;
  rowId: (row: Row) => string;
  /** How a row that could not be changed is named: 'Cask B (Ben)'. */
  rowName: (row: Row) => string;
  /** The list's bulk route (`POST /<list>/bulk/status`), all rows or none. */
  send: (changes: BulkStatusChanges<Status, Value>) => Promise<BulkStatusAnswer<Value>>;
  /** The queries refetched after the change and after its undo (the lists, their cards). */
  refetch: readonly QueryKey[];
  /** The fallback texts of a failed change and of a failed undo. */
  failure: string;
  undoFailure: string;
}

/**
 * A list's bulk 'Set status' (issue 31; the Order List's and the Referrals List's): the status to
 * set and a confirmation naming the count; then the toast with 'Undo' for ten seconds, which sends
 * each row's previous value back. When some rows cannot be changed, none is, and the dialog names
 * them with the reason (an undo refused names them in its toast).
 */
export function BulkStatusModal<Row, Status extends string, Value extends { status: Status }>({
  rows,
  open,
  onClose,
  onDone,
  statuses,
  initialStatus,
  counted,
  rowId,
  rowName,
  send,
  refetch,
  failure,
  undoFailure,
}: BulkStatusModalProps<Row, Status, Value>) {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all(refetch.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const change = useMutation({ mutationFn: send, onSettled });
  const undo = useMutation({ mutationFn: send, onSettled });
  const [status, setStatus] = useState<Status>(initialStatus);
  const label = statuses.find((option) => option.value === status)?.label ?? status;
  const count = rows.length;
  // The rows as sent: a refusal names rows by their place in the request.
  const [sent, setSent] = useState<readonly Row[]>([]);

  const failedRows =
    change.error instanceof ApiError
      ? (change.error.errors ?? []).flatMap(({ field, message }) => {
          const index = /^changes\.(\d+)\.id$/.exec(field)?.[1];
          const row = index === undefined ? undefined : sent[Number(index)];
          return row === undefined ? [] : [{ id: rowId(row), text: `${rowName(row)}: ${message}` }];
        })
      : [];

  const confirm = () => {
    const chosen = rows;
    setSent(chosen);
    change.mutate(
      { changes: chosen.map((row) => ({ id: rowId(row), status })) },
      {
        onSuccess: (answer) => {
          change.reset();
          onDone();
          onClose();
          undoToast(`Status set to ${label} for ${counted(chosen.length)}.`, () =>
            undo.mutate(undoBody(answer), {
              onSuccess: () => toast.success(`Undone: ${counted(chosen.length)} as they were.`),
              onError: (refusal) =>
                toast.error(bulkFailureMessage(refusal, chosen, rowName, undoFailure)),
            }),
          );
        },
        onError: (refusal) => toast.error(errorMessage(refusal, failure)),
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
            {change.isPending ? 'Saving...' : `Set status of ${counted(count)}`}
          </Button>
        </>
      }
    >
      <SelectField
        label="Status"
        options={statuses}
        value={status}
        onChange={(event) => {
          const chosen = statuses.find((option) => option.value === event.target.value);
          if (chosen) setStatus(chosen.value);
        }}
      />
      <p className="mt-3 text-sm text-oak-900">
        Set the status of {counted(count)} to {label}?
      </p>
      {change.isError ? (
        <div className="mt-3">
          <InlineError>{errorMessage(change.error, failure)}</InlineError>
          {failedRows.length > 0 ? (
            <ul className="mt-2 list-disc pl-5 text-sm text-oak-900">
              {failedRows.map((row) => (
                <li key={row.id}>{row.text}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
