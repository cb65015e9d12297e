import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  APPROVAL_DECIDERS,
  APPROVAL_NOTE_MAX,
  rejectApprovalBody,
  type Approval,
} from '@cask/contracts/approvals';
import { APPROVAL_ACTION_LABELS, APPROVAL_STATUS_LABELS } from '@cask/contracts/approvals-plain';
import { Button } from '@/components/ui/button.tsx';
import { Detail, DetailList } from '@/components/ui/detail-list.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Modal, ModalSections } from '@/components/ui/modal.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { useProfile, useRole } from '@/lib/current-admin.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useApproval, useDecide, type Decision } from '../api/approvals.ts';
import { changeRows } from '../approval-change.ts';
import { statusTone } from '../approval-labels.ts';

export const DECISION_FAILURE = 'Failed to save the decision.';

/**
 * Issue 45: a request (`/approvals/{id}`, the link of its mail): the change as before and after,
 * the reason, who asked and when, the decision and its note. 'Approve' (step-up) and 'Reject' (a
 * note required) for an admin who may decide it, never its asker; 'Withdraw' for the asker while
 * it is pending. A refusal (409: decided meanwhile, or Outdated) is said in the dialog, and the
 * list is read again.
 */
export function ApprovalDialog({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const approval = useApproval(id);
  const title = approval.data
    ? `${APPROVAL_ACTION_LABELS[approval.data.action]} - ${approval.data.record}`
    : 'Approval request';
  return (
    <Modal
      open={id !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      size="lg"
      layout="form"
    >
      {approval.isError ? (
        <ModalSections>
          <ErrorState
            title="Error Loading the Request"
            message={errorMessage(approval.error, 'Something went wrong')}
            onRetry={() => void approval.refetch()}
          />
        </ModalSections>
      ) : approval.data ? (
        <ApprovalDetails key={approval.data.id} approval={approval.data} onClose={onClose} />
      ) : (
        <ModalSections>
          <LoadingState label="Loading the request..." />
        </ModalSections>
      )}
    </Modal>
  );
}

function ApprovalDetails({ approval, onClose }: { approval: Approval; onClose: () => void }) {
  const profile = useProfile().data;
  const decide = useDecide(approval.id);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const pending = approval.status === 'pending';
  const own = profile !== undefined && approval.requestedBy?.id === profile.id;
  // docs/screens/approvals.md#rules-the-api-enforces: never the asker, and only the roles the
  // contract names for the action (the API enforces it; no button it would refuse is offered).
  const role = useRole();
  const mayDecide =
    pending && !own && role !== undefined && APPROVAL_DECIDERS[approval.action].includes(role);
  const busy = decide.isPending;

  const send = (decision: Decision) =>
    decide.mutate(decision, {
      onSuccess: (message) => {
        toast.success(message);
        onClose();
      },
    });
  const reject = () => {
    const parsed = rejectApprovalBody.safeParse({ note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    setNoteError(undefined);
    send({ kind: 'reject', note: parsed.data.note });
  };

  // The buttons in the dialog's footer, in view however long the request (decision 441).
  const buttons =
    (pending && own) || mayDecide ? (
      <>
        {pending && own ? (
          <Button variant="secondary" disabled={busy} onClick={() => send({ kind: 'withdraw' })}>
            Withdraw
          </Button>
        ) : null}
        {mayDecide ? (
          <>
            <Button variant="secondary" disabled={busy} onClick={reject}>
              Reject
            </Button>
            <Button disabled={busy} onClick={() => send({ kind: 'approve' })}>
              Approve
            </Button>
          </>
        ) : null}
      </>
    ) : null;

  return (
    <ModalSections className="grid gap-4" footer={buttons}>
      <DetailList>
        <Detail term="Action">{APPROVAL_ACTION_LABELS[approval.action]}</Detail>
        <Detail term="Status">
          <StatusBadge tone={statusTone[approval.status]}>
            {APPROVAL_STATUS_LABELS[approval.status]}
          </StatusBadge>
        </Detail>
        <Detail term="Record">{approval.record}</Detail>
        <Detail term="Summary">{approval.summary}</Detail>
        <Detail term="Requested by">{approval.requestedBy?.fullName ?? 'A removed admin'}</Detail>
        <Detail term="Requested">{formatDateTime(approval.requestedAt)}</Detail>
        <Detail term="Reason" wide>
          {approval.reason}
        </Detail>
        {approval.decidedAt ? (
          <>
            <Detail term="Decided by">{approval.decidedBy?.fullName ?? 'Expired'}</Detail>
            <Detail term="Decided">{formatDateTime(approval.decidedAt)}</Detail>
            {approval.note ? (
              <Detail term="Note" wide>
                {approval.note}
              </Detail>
            ) : null}
          </>
        ) : pending ? (
          <Detail term="Expires">{formatDateTime(approval.expiresAt)}</Detail>
        ) : null}
      </DetailList>
      <ChangeTable approval={approval} />
      {decide.isError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {errorMessage(decide.error, DECISION_FAILURE)}
        </p>
      ) : null}
      {mayDecide ? (
        <TextareaField
          label="Note"
          hint="Required to reject; shown to the admin who asked."
          rows={2}
          maxLength={APPROVAL_NOTE_MAX}
          value={note}
          error={noteError}
          onChange={(event) => setNote(event.target.value)}
        />
      ) : null}
    </ModalSections>
  );
}

/** The change as before and after, in the screens' words (approval-change.ts). */
function ChangeTable({ approval }: { approval: Approval }) {
  const rows = changeRows(approval.before, approval.after);
  if (rows.length === 0) return null;
  return (
    <div className="rounded-xl border border-cream-300 bg-white">
      <table className="w-full table-fixed text-left text-sm [overflow-wrap:anywhere]">
        <caption className="px-4 pt-3 text-left text-sm font-semibold text-oak-900">Change</caption>
        <thead>
          <tr className="border-b border-cream-200 text-xs text-oak-700">
            <th scope="col" className="px-4 py-2 font-medium">
              Field
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Before
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} className="border-b border-cream-100 last:border-0">
              <th scope="row" className="px-4 py-2 font-medium text-oak-900">
                {row.label}
              </th>
              <td className="px-4 py-2 text-oak-900">{row.before}</td>
              <td className="px-4 py-2 text-oak-900">{row.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
