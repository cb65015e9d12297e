import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  VALUATION_NOTE_MAX,
  VALUATION_SOURCES,
  todayIso,
  valuationBodyAfter,
  type CaskRecord,
  type LatestValuation,
  type ValuationBody,
  type ValuationInput,
} from '@cask/contracts/cask-records';
import { ApprovalReasonField } from '@/components/approvals/approval-parts.tsx';
import { SentForApprovalForm } from '@/components/approvals/sent-for-approval-form.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { Modal, ModalForm } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { StaleRecordAlert } from '@/components/ui/stale-record-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { showFieldErrors } from '@/lib/form-errors.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import {
  isStaleVersion,
  useReloadableRecord,
  type RecordReload,
} from '@/lib/use-reloadable-record.ts';
import { fetchCask } from '../api/cask-mutations.ts';
import { caskRecordQuery, useCaskRecord, useRecordValuation } from '../api/cask-record.ts';

/** docs/screens/casks.md#record-valuation. */
export const VALUATION_SUCCESS = 'Valuation recorded';
export const VALUATION_FAILURE = 'Failed to record valuation.';
export const EARLIER_THAN_LATEST = 'Earlier than the latest valuation';

const FIELDS = ['valuedOn', 'value', 'source', 'note', 'earlierThanLatest', 'reason'] as const;

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`);

/** What the new valuation is checked against, and what it will do. */
function latestText(latest: LatestValuation | null): string {
  if (!latest) return 'No valuation yet: this one becomes the current value.';
  return `Latest valuation: ${formatMoney(latest.value)} on ${day(latest.valuedOn)} (${latest.source}). A valuation on that day or later becomes the current value.`;
}

/**
 * 'Record Valuation' (issue 44, docs/screens/casks.md#record-valuation): the day, the value, its
 * source and a note, checked with the contract the API checks (valuationBodyAfter: the day may
 * not be before the latest valuation's unless 'Earlier than the latest valuation' is ticked). It
 * names the cask's version it was opened on; a 412 offers to reload.
 */
export function ValuationModal({
  caskId,
  open,
  onOpenChange,
}: {
  caskId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const record = useCaskRecord(caskId).data;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Record Valuation" layout="form">
      {open && record ? (
        <ReloadableValuationForm record={record} onDone={() => onOpenChange(false)} />
      ) : null}
    </Modal>
  );
}

/** The form, started over from the cask as it is now each time the admin reloads it. */
function ReloadableValuationForm({ record, onDone }: { record: CaskRecord; onDone: () => void }) {
  const queryClient = useQueryClient();
  const caskId = record.cask.id;
  // A reload reads the cask's version again, and the record (its latest valuation) with it.
  const { current, generation, reloader } = useReloadableRecord(
    record.cask,
    () => fetchCask(caskId),
    () => void queryClient.invalidateQueries({ queryKey: caskRecordQuery(caskId).queryKey }),
  );
  // Issue 45: sent for approval (202), the form gives way to the notice; the value is unchanged.
  const [sent, setSent] = useState(false);
  if (sent) {
    return <SentForApprovalForm onDone={onDone} />;
  }
  return (
    <ValuationForm
      onSent={() => setSent(true)}
      key={generation}
      caskId={caskId}
      version={current.version}
      latest={record.latestValuation}
      reloader={reloader}
      onDone={onDone}
    />
  );
}

function ValuationForm({
  caskId,
  version,
  latest,
  reloader,
  onDone,
  onSent,
}: {
  onSent: () => void;
  caskId: string;
  version: string;
  latest: LatestValuation | null;
  reloader: RecordReload;
  onDone: () => void;
}) {
  const valuation = useRecordValuation(caskId);
  const latestOn = latest?.valuedOn ?? null;
  const schema = useMemo(() => valuationBodyAfter(latestOn), [latestOn]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ValuationBody, unknown, ValuationInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      valuedOn: todayIso(),
      value: '',
      note: '',
      earlierThanLatest: false,
      reason: '',
    },
  });
  const busy = valuation.isPending;

  const onSubmit = handleSubmit((body) => {
    valuation.mutate(
      { ...body, version },
      {
        onSuccess: (outcome) => {
          if ('sent' in outcome) return onSent();
          toast.success(VALUATION_SUCCESS);
          onDone();
        },
        onError: (error) => {
          // A stale version is told in the dialog, with its Reload button; a field's error
          // under its field; anything else in a toast.
          if (isStaleVersion(error)) return;
          if (!showFieldErrors(error, FIELDS, setError))
            toast.error(errorMessage(error, VALUATION_FAILURE));
        },
      },
    );
  });

  return (
    <ModalForm
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      footer={
        <>
          <Button variant="secondary" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Record Valuation'}
          </Button>
        </>
      }
    >
      <p className="rounded-lg bg-cream-100 px-3 py-2 text-sm text-oak-900">{latestText(latest)}</p>
      <TextField
        label="Date"
        type="date"
        max={todayIso()}
        error={errors.valuedOn?.message}
        {...register('valuedOn')}
      />
      {latest ? (
        <CheckboxField
          label={EARLIER_THAN_LATEST}
          hint={`For a day before ${day(latest.valuedOn)}: it joins the history and leaves the current value as it is.`}
          error={errors.earlierThanLatest?.message}
          {...register('earlierThanLatest')}
        />
      ) : null}
      <TextField
        label="Value ($)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 12500.50"
        error={errors.value?.message}
        {...register('value')}
      />
      <SelectField
        label="Source"
        placeholder="Select a source"
        options={VALUATION_SOURCES.map((source) => ({ value: source, label: source }))}
        error={errors.source?.message}
        {...register('source')}
      />
      <TextareaField
        label="Note"
        rows={3}
        hint={`Optional, at most ${VALUATION_NOTE_MAX} characters.`}
        error={errors.note?.message}
        {...register('note')}
      />
      <ApprovalReasonField error={errors.reason?.message} {...register('reason')} />
      <div className="empty:hidden">
        <StaleRecordAlert error={valuation.error} reloader={reloader} />
      </div>
    </ModalForm>
  );
}
