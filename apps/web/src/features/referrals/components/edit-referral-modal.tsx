import { useState } from 'react';
import toast from 'react-hot-toast';
import { referralStatus, type Referral, type ReferralStatus } from '@cask/contracts/referrals';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { Detail, DetailList } from '@/components/ui/detail-list.tsx';
import { Modal, ModalForm } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { StaleRecordAlert } from '@/components/ui/stale-record-alert.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import {
  isStaleVersion,
  useReloadableRecord,
  type RecordReload,
} from '@/lib/use-reloadable-record.ts';
import { fetchReferral, useUpdateReferralStatus } from '../api/update-referral-status.ts';
import { orNotAvailable, STATUS_OPTIONS } from './referral-labels.ts';
import { RecordHistory } from '@/components/audit/record-history.tsx';

/** docs/screens/referrals.md#texts. */
export const UPDATE_SUCCESS = 'Referral updated successfully!';
export const UPDATE_FAILURE = 'Failed to update referral';
export const STATUS_CHANGE_FAILURE = 'Failed to update referral status';

/**
 * docs/screens/referrals.md#edit-referral, 'Edit Referral - {referrer name}': the referral
 * read-only and the status select, Cancel and Save. A failed save keeps the dialog open: a toast
 * and a red box say why (decision 156); one refused because someone else changed the referral since
 * it was opened offers to reload it (decision 208). The page loads it through `lazyModal`
 * (docs/decisions/125): with Radix Dialog and the toasts, it comes when a row's Edit is first
 * clicked or preloaded, to stay in the screen's JavaScript budget.
 */
export function EditReferralModal({
  referral,
  onClose,
}: {
  referral: Referral | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={referral !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        referral ? `Edit Referral - ${orNotAvailable(referral.referrer.fullName)}` : 'Edit Referral'
      }
      layout="form"
    >
      {/* Keyed by the referral, so the form starts from its current status each time. */}
      {referral ? (
        <ReloadableReferralForm key={referral.id} referral={referral} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

/** The form, started over from the referral as it is now each time the admin reloads it. */
function ReloadableReferralForm({
  referral,
  onClose,
}: {
  referral: Referral;
  onClose: () => void;
}) {
  const { current, generation, reloader } = useReloadableRecord(referral, () =>
    fetchReferral(referral.id),
  );
  return (
    <EditReferralForm key={generation} referral={current} reloader={reloader} onClose={onClose} />
  );
}

function EditReferralForm({
  referral,
  reloader,
  onClose,
}: {
  referral: Referral;
  reloader: RecordReload;
  onClose: () => void;
}) {
  const update = useUpdateReferralStatus();
  const [status, setStatus] = useState<ReferralStatus>(referral.status);
  const busy = update.isPending;
  const { referee } = referral;

  return (
    <ModalForm
      noValidate
      className="grid gap-4"
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
        update.mutate(
          { id: referral.id, body: { status }, version: referral.version },
          {
            onSuccess: () => {
              toast.success(UPDATE_SUCCESS);
              onClose();
            },
            // A stale save is told in the dialog, with its Reload button.
            onError: (error) => {
              if (!isStaleVersion(error)) toast.error(errorMessage(error, UPDATE_FAILURE));
            },
          },
        );
      }}
    >
      <DetailList>
        <Detail term="Referral ID" wide>
          {referral.id}
        </Detail>
        <Detail term="Referrer" wide>
          {orNotAvailable(referral.referrer.fullName)}
        </Detail>
        <Detail term="Referee" wide>
          {`${orNotAvailable(referee.fullName)} (${orNotAvailable(referee.email)})`}
        </Detail>
        <Detail term="Reward Amount">
          {`${formatMoney(referral.rewardAmount)} ${referral.currency}`}
        </Detail>
        <Detail term="Completed Date">{formatDate(referral.completedDate)}</Detail>
      </DetailList>
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={status}
        onChange={(event) => {
          const chosen = referralStatus.safeParse(event.target.value);
          if (chosen.success) setStatus(chosen.data);
        }}
        disabled={busy}
      />
      {update.isError && isStaleVersion(update.error) ? (
        <StaleRecordAlert error={update.error} reloader={reloader} />
      ) : update.isError ? (
        <InlineError>{errorMessage(update.error, STATUS_CHANGE_FAILURE)}</InlineError>
      ) : null}
      <RecordHistory recordType="referral" recordId={referral.id} />
    </ModalForm>
  );
}
