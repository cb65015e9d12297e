import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  RESOLUTION_NOTE_MAX,
  RESOLUTION_NOTE_REQUIRED,
  type Finding,
  type FindingResolution,
} from '@cask/contracts/reconciliations';
import { Button } from '@/components/ui/button.tsx';
import { Modal, ModalForm } from '@/components/ui/modal.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { useResolve } from '../api/reconciliations.ts';

/** docs/screens/reconciliations.md#resolving-a-finding. */
export const RESOLVE_TITLES: Record<FindingResolution, string> = {
  'accept-location': "Accept the warehouse's location",
  'record-gauge': "Record the statement's gauge",
  investigate: 'Mark for investigation',
};
export const RESOLVED = 'Finding resolved';
export const RESOLVE_FAILED = 'Failed to resolve the finding.';

function explanation(finding: Finding, resolution: FindingResolution): string {
  const cask = finding.ours?.name ?? `cask ${finding.statement?.number ?? ''}`;
  const side = finding.statement;
  if (resolution === 'accept-location') {
    return `${cask} moves to this warehouse${side?.location ? `, ${side.location}` : ''}, as the statement lists it.`;
  }
  if (resolution === 'record-gauge') {
    return `A regauge of ${cask} is recorded: ${side?.bulkLitres ?? '?'} bulk litres at ${side?.abv ?? '?'}% on ${side?.gaugedOn ?? '?'}, checked as any regauge (a cask gains no alcohol in bond).`;
  }
  return 'The finding stays on the report with your note, marked as under investigation.';
}

/**
 * Resolves one finding (decision 410): accept the warehouse's location, record the statement's
 * gauge as a regauge, or mark it for investigation with a note (required then).
 */
export function ResolveDialog({
  open,
  onOpenChange,
  reportId,
  finding,
  resolution,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reportId: string;
  finding: Finding;
  resolution: FindingResolution;
}) {
  const resolve = useResolve(reportId);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const busy = resolve.isPending;
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (resolution === 'investigate' && note.trim() === '') {
      setNoteError(RESOLUTION_NOTE_REQUIRED);
      return;
    }
    if (!finding.id) return;
    resolve.mutate(
      { findingId: finding.id, resolution, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(RESOLVED);
          onOpenChange(false);
        },
        onError: (error) => toast.error(errorMessage(error, RESOLVE_FAILED)),
      },
    );
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={RESOLVE_TITLES[resolution]} layout="form">
      <ModalForm
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4"
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Saving...' : RESOLVE_TITLES[resolution]}
            </Button>
          </>
        }
      >
        <p className="rounded-lg bg-cream-100 px-3 py-2 text-sm text-oak-900">
          {explanation(finding, resolution)}
        </p>
        <TextareaField
          label="Note"
          rows={3}
          maxLength={RESOLUTION_NOTE_MAX}
          hint={
            resolution === 'investigate'
              ? `What is to be investigated, at most ${RESOLUTION_NOTE_MAX} characters.`
              : `Optional, at most ${RESOLUTION_NOTE_MAX} characters.`
          }
          error={noteError}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(undefined);
          }}
        />
      </ModalForm>
    </Modal>
  );
}
