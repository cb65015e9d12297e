import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { todayIso } from '@cask/contracts/cask-records';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { formatAbv, formatVolume } from '@cask/contracts/measures';
import { formatDate } from '@/lib/format.ts';
import { useCaskRecord, useRecordRegauge } from '../api/cask-record.ts';

export const REGAUGE_SUCCESS = 'Regauge recorded successfully!';
export const REGAUGE_FAILURE = 'Failed to record regauge.';

const litres = (value: number) =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: 3 })} L`;

/**
 * What the new gauge is checked against, for reference: the latest gauge, or the cask as filled
 * when it has none (decision 230).
 */
function LastGauge({ caskId }: { caskId: string }) {
  const record = useCaskRecord(caskId).data;
  if (!record) return null;
  const [last] = record.regauges;
  const { filledVolume, filledAbv } = record.cask;
  const text = last
    ? `Last gauge: ${formatDate(`${last.gaugedOn}T00:00:00Z`)}, ${litres(last.bulkLitres)} at ${formatAbv(last.abv)} ABV (${litres(last.lpa)} of pure alcohol).`
    : filledVolume !== null && filledAbv !== null
      ? `No gauge yet: filled at ${formatVolume(filledVolume)} at ${formatAbv(filledAbv)} ABV.`
      : 'No gauge yet.';
  return <p className="rounded-lg bg-cream-50 px-3 py-2 text-sm text-oak-900">{text}</p>;
}

/**
 * 'Record Regauge' (issue 30): the day, the bulk litres and the ABV measured. The server refuses a
 * gauge that is not physically possible (docs/domain.md#impossible-gauges) and its message shows
 * under the field; nothing is saved then.
 */
export function RegaugeModal({
  caskId,
  open,
  onOpenChange,
}: {
  caskId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [gaugedOn, setGaugedOn] = useState(todayIso);
  const [bulkLitres, setBulkLitres] = useState('');
  const [abv, setAbv] = useState('');
  const regauge = useRecordRegauge(caskId);
  const errors = new Map(
    (regauge.error instanceof ApiError ? (regauge.error.errors ?? []) : []).map((error) => [
      error.field,
      error.message,
    ]),
  );

  function close() {
    regauge.reset();
    onOpenChange(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    regauge.mutate(
      { gaugedOn, bulkLitres, abv },
      {
        onSuccess: () => {
          toast.success(REGAUGE_SUCCESS);
          setBulkLitres('');
          setAbv('');
          close();
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.errors?.length))
            toast.error(errorMessage(error, REGAUGE_FAILURE));
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Record Regauge"
      description="Bulk litres and ABV as measured; litres of pure alcohol are worked out from them."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="regauge-form" disabled={regauge.isPending}>
            {regauge.isPending ? 'Saving...' : 'Record Regauge'}
          </Button>
        </>
      }
    >
      <form id="regauge-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <LastGauge caskId={caskId} />
        <TextField
          label="Date"
          name="gaugedOn"
          type="date"
          max={todayIso()}
          value={gaugedOn}
          onChange={(event) => setGaugedOn(event.target.value)}
          error={errors.get('gaugedOn')}
        />
        <TextField
          label="Bulk litres"
          name="bulkLitres"
          inputMode="decimal"
          placeholder="e.g. 238.5"
          value={bulkLitres}
          onChange={(event) => setBulkLitres(event.target.value)}
          error={errors.get('bulkLitres')}
        />
        <TextField
          label="ABV (%)"
          name="abv"
          inputMode="decimal"
          placeholder="e.g. 58.4"
          value={abv}
          onChange={(event) => setAbv(event.target.value)}
          error={errors.get('abv')}
        />
      </form>
    </Modal>
  );
}
