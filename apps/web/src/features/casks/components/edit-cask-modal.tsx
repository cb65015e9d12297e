import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { EDITABLE_CASK_STATUSES, type Cask, type CaskStatus } from '@cask/contracts/casks';
import { formatAbv, formatVolume } from '@cask/contracts/measures';
import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Detail, DetailList } from '@/components/ui/detail-list.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { StaleRecordAlert } from '@/components/ui/stale-record-alert.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import {
  isStaleVersion,
  useReloadableRecord,
  type RecordReload,
} from '@/lib/use-reloadable-record.ts';
import { fetchCask, useUpdateCask } from '../api/cask-mutations.ts';
import { AppreciationChart } from './appreciation-chart.tsx';
import { RecordHistory } from '@/components/audit/record-history.tsx';

/** docs/screens/casks.md#texts. */
export const UPDATE_SUCCESS = 'Cask updated successfully!';
export const UPDATE_FAILURE = 'Failed to update cask.';

function gainText(cask: Cask): string {
  if (cask.gain === null) return '—';
  const sign = cask.gain > 0 ? '+' : cask.gain < 0 ? '-' : '';
  const percent = cask.gainPercentage === null ? '' : ` (${sign}${Math.abs(cask.gainPercentage)}%)`;
  return `${sign}${formatMoney(Math.abs(cask.gain))}${percent}`;
}

/** The form, started over from the cask as it is now each time the admin reloads it. */
function ReloadableCaskForm({ cask, onDone }: { cask: Cask; onDone: () => void }) {
  const { current, generation, reloader } = useReloadableRecord(cask, () => fetchCask(cask.id));
  return <EditCaskForm key={generation} cask={current} reloader={reloader} onDone={onDone} />;
}

function EditCaskForm({
  cask,
  reloader,
  onDone,
}: {
  cask: Cask;
  reloader: RecordReload;
  onDone: () => void;
}) {
  // An Experience cask keeps its status unless the admin picks Ready or Maturing
  // (docs/screens/casks.md#edit-cask).
  const [status, setStatus] = useState<CaskStatus>(cask.status);
  const [notes, setNotes] = useState(cask.notes ?? '');
  // The version the form was opened on, kept if the list refreshes meanwhile (decision 208).
  const [version] = useState(cask.version);
  const update = useUpdateCask();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { id: cask.id, status, notes, version },
      {
        onSuccess: () => {
          toast.success(UPDATE_SUCCESS);
          onDone();
        },
        onError: (error) => {
          // A stale save is told in the dialog, with its Reload button.
          if (!isStaleVersion(error)) toast.error(errorMessage(error, UPDATE_FAILURE));
        },
      },
    );
  }

  const statuses: readonly CaskStatus[] =
    cask.status === 'Experience'
      ? ['Experience', ...EDITABLE_CASK_STATUSES]
      : EDITABLE_CASK_STATUSES;

  return (
    <form id="edit-cask-form" noValidate onSubmit={onSubmit}>
      <DetailList columns={4}>
        <Detail term="Name">{cask.name}</Detail>
        <Detail term="Owner">
          <CustomerLink id={cask.owner.id} name={cask.owner.fullName} />
        </Detail>
        <Detail term="Distillery">{cask.distillery ?? '—'}</Detail>
        <Detail term="Year">{cask.year === null ? '—' : String(cask.year)}</Detail>
        <Detail term="Volume">{cask.volume === null ? '—' : formatVolume(cask.volume)}</Detail>
        <Detail term="ABV">{cask.abv === null ? '—' : formatAbv(cask.abv)}</Detail>
        <Detail term="Current Value">{formatMoney(cask.currentValue)}</Detail>
        <Detail term="Gain">{gainText(cask)}</Detail>
        <Detail term="Purchase Date">{formatDate(cask.purchaseDate) || '—'}</Detail>
      </DetailList>
      <div className="mt-4 grid gap-4">
        <SelectField
          label="Status"
          name="status"
          value={status}
          onChange={(event) => setStatus(event.target.value as CaskStatus)}
          options={statuses.map((value) => ({
            value,
            label: value,
            disabled: value === 'Experience',
          }))}
        />
        <TextareaField
          label="Notes"
          name="notes"
          rows={3}
          placeholder="Enter notes here..."
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <div className="mt-4 empty:hidden">
        <StaleRecordAlert error={update.error} reloader={reloader} />
      </div>
      {cask.appreciationData.length > 0 ? (
        <AppreciationChart points={cask.appreciationData} />
      ) : null}
      <RecordHistory recordType="cask" recordId={cask.id} />
    </form>
  );
}

/**
 * docs/screens/casks.md#edit-cask: the cask read-only, its status and notes editable, its history.
 */
export function EditCaskModal({ cask, onClose }: { cask: Cask | null; onClose: () => void }) {
  return (
    <Modal
      open={cask !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit Cask"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="edit-cask-form">
            Save Changes
          </Button>
        </>
      }
    >
      {cask ? <ReloadableCaskForm key={cask.id} cask={cask} onDone={onClose} /> : null}
    </Modal>
  );
}
