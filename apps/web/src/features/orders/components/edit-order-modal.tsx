import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  CASK_PROGRESSES,
  ORDER_NOTES_MAX,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  updateOrderBody,
  type Order,
  type UpdateOrderBody,
} from '@cask/contracts/orders';
import { ApprovalReasonField } from '@/components/approvals/approval-parts.tsx';
import { SentForApprovalForm } from '@/components/approvals/sent-for-approval-form.tsx';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { Detail, DetailList } from '@/components/ui/detail-list.tsx';
import { Modal, ModalForm } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { StaleRecordAlert } from '@/components/ui/stale-record-alert.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatDate, formatDateTime, formatMoney } from '@/lib/format.ts';
import {
  isStaleVersion,
  useReloadableRecord,
  type RecordReload,
} from '@/lib/use-reloadable-record.ts';
import {
  fetchOrder,
  UPDATE_FAILURE,
  UPDATE_SUCCESS,
  useUpdateOrder,
} from '../api/order-mutations.ts';
import { RecordHistory } from '@/components/audit/record-history.tsx';
import { PAYMENT_STATUS_LABELS } from '@/components/orders/order-status-badge.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** docs/screens/orders.md#edit-order: the deadline is the submitted date plus daysLeft days. */
export function orderDeadline(order: Pick<Order, 'submittedDate' | 'daysLeft'>): string {
  if (order.daysLeft === null) return 'N/A';
  return formatDate(new Date(order.submittedDate).getTime() + order.daysLeft * DAY_MS);
}

/**
 * docs/screens/orders.md#edit-order: the order's details read-only, then Progress, Notes, Payment
 * and Status; the notes history under the Notes field (decision 150). A failed save stays open with
 * the server's message and shows the toast of docs/screens/orders.md#texts. The details are text,
 * not inputs, and Save stays in the dialog's footer however long the history (issue 27,
 * decision 196). A save refused because someone else saved the order since it was opened offers
 * to reload it (decision 208).
 */
export function EditOrderModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit Order"
      size="lg"
      layout="form"
    >
      {/* Keyed by the order, so the form starts from its current values each time. */}
      {order ? <ReloadableOrderForm key={order._id} order={order} onClose={onClose} /> : null}
    </Modal>
  );
}

/** The form, started over from the order as it is now each time the admin reloads it. */
function ReloadableOrderForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const { current, generation, reloader } = useReloadableRecord(order, () => fetchOrder(order._id));
  // Issue 45: sent for approval (202), the form gives way to the notice; the order is unchanged.
  const [sent, setSent] = useState(false);
  if (sent) {
    return <SentForApprovalForm onDone={onClose} />;
  }
  return (
    <EditOrderForm
      key={generation}
      order={current}
      reloader={reloader}
      onClose={onClose}
      onSent={() => setSent(true)}
    />
  );
}

type FormValues = UpdateOrderBody;
type FieldErrors = Partial<Record<keyof FormValues, string>>;

function EditOrderForm({
  order,
  reloader,
  onClose,
  onSent,
}: {
  order: Order;
  reloader: RecordReload;
  onClose: () => void;
  onSent: () => void;
}) {
  const update = useUpdateOrder();
  const [values, setValues] = useState<FormValues>({
    status: order.status,
    caskProgress: order.caskProgress ?? ('' as FormValues['caskProgress']),
    manualPaymentStatus: order.manualPaymentStatus,
    notes: order.notes.at(-1)?.content ?? '',
    reason: '',
  });
  // Issue 45 (decision 425): only a change to Delivered may be sent for approval.
  const mayNeedApproval = values.status === 'Delivered' && order.status !== 'Delivered';
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = update.isPending;
  const set = (field: keyof FormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  return (
    <ModalForm
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = updateOrderBody.safeParse(values);
        if (!parsed.success) {
          setErrors(
            Object.fromEntries(
              parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
            ),
          );
          return;
        }
        setErrors({});
        // The reason only when there is one (issue 45): the API ignores it otherwise.
        const { reason, ...body } = parsed.data;
        update.mutate(
          { id: order._id, body: reason ? { ...body, reason } : body, version: order.version },
          {
            onSuccess: (outcome) => {
              if ('sent' in outcome) return onSent();
              toast.success(UPDATE_SUCCESS);
              onClose();
            },
            // A stale save is told in the dialog, with its Reload button.
            onError: (error) => {
              if (!isStaleVersion(error)) toast.error(errorMessage(error, UPDATE_FAILURE));
              // e.g. issue 45's 'Reason is required', under its field.
              if (error instanceof ApiError && error.errors) {
                setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
              }
            },
          },
        );
      }}
    >
      <OrderDetails order={order} />

      <SelectField
        label="Progress"
        options={options(CASK_PROGRESSES)}
        placeholder={order.caskProgress === null ? 'Select progress' : undefined}
        value={values.caskProgress}
        onChange={(event) => set('caskProgress')(event.target.value)}
        error={errors.caskProgress}
        disabled={busy}
      />
      <SelectField
        label="Payment"
        options={PAYMENT_STATUSES.map((value) => ({
          value,
          label: PAYMENT_STATUS_LABELS[value],
        }))}
        value={values.manualPaymentStatus}
        onChange={(event) => set('manualPaymentStatus')(event.target.value)}
        error={errors.manualPaymentStatus}
        disabled={busy}
      />
      <SelectField
        label="Status"
        options={options(ORDER_STATUSES)}
        value={values.status}
        onChange={(event) => set('status')(event.target.value)}
        error={errors.status}
        disabled={busy}
      />
      <div className="sm:col-span-2">
        <TextareaField
          label="Notes"
          placeholder="Enter notes here"
          value={values.notes}
          maxLength={ORDER_NOTES_MAX}
          onChange={(event) => set('notes')(event.target.value)}
          error={errors.notes}
          disabled={busy}
          rows={3}
        />
        <NotesHistory notes={order.notes} />
      </div>
      {mayNeedApproval ? (
        <ApprovalReasonField
          className="sm:col-span-2"
          value={values.reason ?? ''}
          onChange={(event) => set('reason')(event.target.value)}
          error={errors.reason}
          disabled={busy}
        />
      ) : null}

      {update.isError ? (
        <div className="sm:col-span-2">
          {isStaleVersion(update.error) ? (
            <StaleRecordAlert error={update.error} reloader={reloader} />
          ) : (
            <InlineError>{errorMessage(update.error, UPDATE_FAILURE)}</InlineError>
          )}
        </div>
      ) : null}
      <RecordHistory recordType="order" recordId={order._id} className="sm:col-span-2" />
    </ModalForm>
  );
}

/** Every saved note, newest first, with who saved it and when (decision 150). */
/** The order's details, read-only (docs/screens/orders.md#edit-order). */
function OrderDetails({ order }: { order: Order }) {
  const na = (value: string | null) => value || 'N/A';
  return (
    <DetailList columns={3} className="sm:col-span-2">
      <Detail term="Reference">{order.reference}</Detail>
      <Detail term="Ordered">{formatDate(order.createdAt)}</Detail>
      <Detail term="User Name">{na(order.user.fullName)}</Detail>
      <Detail term="Email">{na(order.personalInfo.email)}</Detail>
      <Detail term="Preferred Contact Method">
        {na(order.personalInfo.preferredContactMethod)}
      </Detail>
      <Detail term="Phone Number">{na(order.personalInfo.phoneNumber)}</Detail>
      <Detail term="Product">{order.title}</Detail>
      <Detail term="First Purchase">{order.isFirstPurchase ? 'Yes' : 'No'}</Detail>
      <Detail term="Budget">{formatMoney(order.investmentAmount)}</Detail>
      <Detail term="Points">{formatCount(order.referralPointsAmount)}</Detail>
      <Detail term="Deadline">{orderDeadline(order)}</Detail>
    </DetailList>
  );
}

function NotesHistory({ notes }: { notes: Order['notes'] }) {
  if (notes.length === 0) {
    return <p className="mt-2 text-sm text-oak-700">No notes yet.</p>;
  }
  return (
    <section aria-labelledby="order-notes-history" className="mt-3">
      <h3 id="order-notes-history" className="text-sm font-medium text-oak-900">
        Notes history
      </h3>
      {/* No scroll box of its own: the dialog's body scrolls, with Save kept in view below it. */}
      <ol aria-labelledby="order-notes-history" className="mt-2 space-y-2">
        {[...notes].reverse().map((note) => (
          <li key={note.id} className="rounded-lg border border-cream-200 bg-cream-100 px-3 py-2">
            <p className="text-sm break-words whitespace-pre-wrap text-oak-900">
              {note.content || <em>(cleared)</em>}
            </p>
            <p className="mt-1 text-xs text-oak-700">
              {note.admin?.fullName ?? 'Unknown admin'} · {formatDateTime(note.createdAt)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
