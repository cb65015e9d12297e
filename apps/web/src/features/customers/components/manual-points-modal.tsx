import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  MANUAL_ADJUSTMENT,
  manualPointsBody,
  type ManualPoints,
  type ManualPointsBody,
  type RewardRow,
} from '@cask/contracts/rewards';
import { ApprovalReasonField } from '@/components/approvals/approval-parts.tsx';
import { SentForApprovalForm } from '@/components/approvals/sent-for-approval-form.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal, ModalForm } from '@/components/ui/modal.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import { useAdjustPoints } from '../api/adjust-points.ts';

/**
 * docs/screens/rewards.md#texts, shown as toasts rather than the original's alert() (decision 046).
 */
export const POINTS_SUCCESS = 'Points updated successfully ✅';
export const POINTS_FAILURE = 'Failed to update points ❌';

const formFields = new Set(['points', 'description', 'adminNotes', 'reason']);
type FormField = 'points' | 'description' | 'adminNotes' | 'reason';

/**
 * docs/screens/rewards.md, 'Manual Point Adjustment - {name}': Points (a number), Description,
 * Admin Notes, Cancel and 'Save Changes'. The form is checked with the contract the API checks.
 * Issue 45: a 'Reason' for the Approvals policy (decision 425); when the adjustment is sent for
 * approval the dialog says so in place of the form, and the balance is left as it was.
 */
export function ManualPointsModal({
  reward,
  onClose,
}: {
  reward: RewardRow | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={reward !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={reward ? `Manual Point Adjustment - ${reward.fullName}` : 'Manual Point Adjustment'}
      layout="form"
    >
      {reward ? <ManualPointsForm key={reward.id} reward={reward} onClose={onClose} /> : null}
    </Modal>
  );
}

function ManualPointsForm({ reward, onClose }: { reward: RewardRow; onClose: () => void }) {
  const adjust = useAdjustPoints();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ManualPointsBody, unknown, ManualPoints>({
    resolver: zodResolver(manualPointsBody),
    defaultValues: {
      userId: reward.id,
      type: MANUAL_ADJUSTMENT,
      description: '',
      adminNotes: '',
      reason: '',
    },
  });
  const busy = adjust.isPending;

  const onSubmit = handleSubmit((body) => {
    adjust.mutate(body, {
      onSuccess: (outcome) => {
        if ('sent' in outcome) {
          setSent(true);
          return;
        }
        toast.success(POINTS_SUCCESS);
        onClose();
      },
      onError: (error) => {
        toast.error(errorMessage(error, POINTS_FAILURE));
        // e.g. a removal that would take the balance below zero: said under Points too.
        if (error instanceof ApiError) {
          for (const fieldError of error.errors ?? []) {
            if (formFields.has(fieldError.field)) {
              setError(fieldError.field as FormField, {
                message: fieldError.message,
              });
            }
          }
        }
      },
    });
  });

  if (sent) {
    return <SentForApprovalForm onDone={onClose} />;
  }

  return (
    <ModalForm
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-oak-700">
        Current balance:{' '}
        <span className="font-semibold text-oak-900">{formatCount(reward.referralPoints)}</span>{' '}
        points
      </p>
      <TextField
        label="Points"
        type="number"
        inputMode="numeric"
        step={1}
        autoComplete="off"
        hint="A positive number adds points, a negative one removes them."
        error={errors.points?.message}
        // docs/screens/rewards.md: points are converted to a number before sending.
        {...register('points', { valueAsNumber: true })}
      />
      <TextField
        label="Description"
        autoComplete="off"
        error={errors.description?.message}
        {...register('description')}
      />
      <TextareaField
        label="Admin Notes"
        rows={3}
        error={errors.adminNotes?.message}
        {...register('adminNotes')}
      />
      <ApprovalReasonField error={errors.reason?.message} {...register('reason')} />
    </ModalForm>
  );
}
