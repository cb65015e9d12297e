import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import toast from 'react-hot-toast';
import {
  APPROVAL_ACTION_LABELS,
  approvalPolicyBody,
  type ApprovalPolicy,
  type ApprovalPolicyBody,
} from '@cask/contracts/approvals';
import {
  ApprovalReasonField,
  SentForApprovalNotice,
} from '@/components/approvals/approval-parts.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { useRole } from '@/lib/current-admin.ts';
import { useApprovalPolicy, useSaveApprovalPolicy } from './api/approvals.ts';

export const POLICY_FAILURE = 'Failed to save the Approvals policy.';

/** Each action of the policy as the screen names it, with its threshold's field when it has one. */
const ACTIONS = [
  {
    key: 'manualPoints',
    label: 'Manual points above',
    hint: 'An adjustment of more points than this, added or removed, needs a second admin.',
    threshold: { name: 'manualPoints.above', label: 'Points', step: 1 },
  },
  {
    key: 'transferOwnership',
    label: APPROVAL_ACTION_LABELS.transferOwnership,
    hint: 'Every transfer of a cask to another customer.',
  },
  {
    key: 'orderDelivered',
    label: 'Order status to Delivered above',
    hint: 'An order whose investment is above this budget, set to Delivered.',
    threshold: { name: 'orderDelivered.above', label: 'Dollars', step: 0.01 },
  },
  {
    key: 'valuationChange',
    label: 'Valuation change above',
    hint: 'A valuation that moves by more than this share, either way, and every applied import.',
    threshold: { name: 'valuationChange.abovePercent', label: 'Percent', step: 0.01 },
  },
  {
    key: 'ownerInvite',
    label: APPROVAL_ACTION_LABELS.ownerInvite,
    hint: 'Approved by another Owner.',
  },
  {
    key: 'twoFactorOff',
    label: APPROVAL_ACTION_LABELS.twoFactorOff,
    hint: 'Approved by another Owner.',
  },
] as const;

/**
 * Issue 45, Settings -> 'Approvals' (/setting/approvals, docs/screens/approvals.md#the-policy):
 * the Owner turns each action on or off, with its threshold; saving needs step-up (the API client
 * asks). While any action is on, the change itself is sent for approval by another Owner: the
 * form then asks for a 'Reason', and a 202 is said on the screen. Only an Owner sees it.
 */
export default function ApprovalPolicyPage() {
  const navigate = useNavigate();
  const role = useRole();
  return (
    <div className="mx-auto max-w-2xl">
      <Button variant="ghost" size="sm" className="-ml-2 mb-2" onClick={() => navigate('/setting')}>
        <ArrowLeft aria-hidden size={16} />
        Back
      </Button>
      <PageHeader title="Approvals" />
      {role === undefined ? (
        <LoadingState label="Loading..." />
      ) : role === 'owner' ? (
        <PolicyCard />
      ) : (
        <p className="text-sm text-oak-900">Only an Owner manages the Approvals policy.</p>
      )}
    </div>
  );
}

function PolicyCard() {
  const policy = useApprovalPolicy();
  return (
    <Card title="Actions that need a second admin">
      <div className="px-4 pb-4">
        {policy.isError ? (
          <ErrorState
            title="Error Loading the Policy"
            message={errorMessage(policy.error, 'Something went wrong')}
            onRetry={() => void policy.refetch()}
          />
        ) : policy.data ? (
          <PolicyForm key={JSON.stringify(policy.data)} saved={policy.data} />
        ) : (
          <LoadingState label="Loading the policy..." />
        )}
      </div>
    </Card>
  );
}

function PolicyForm({ saved }: { saved: ApprovalPolicy }) {
  const save = useSaveApprovalPolicy();
  const [sent, setSent] = useState(false);
  // docs/screens/approvals.md#the-policy: while any action is on, a change is sent for approval.
  const needsReason = Object.values(saved).some((action) => action.on);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ApprovalPolicyBody>({
    resolver: zodResolver(approvalPolicyBody),
    defaultValues: { ...saved, reason: '' },
  });

  const onSubmit = handleSubmit((body) => {
    setSent(false);
    save.mutate(body, {
      onSuccess: (outcome) => {
        if ('sent' in outcome) {
          setSent(true);
          reset({ ...saved, reason: '' });
          return;
        }
        toast.success(outcome.done.message);
      },
      onError: (error) => {
        const reason =
          error instanceof ApiError ? error.errors?.find((e) => e.field === 'reason') : undefined;
        if (reason) setError('reason', { message: reason.message });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {ACTIONS.map((action) => (
        <PolicyAction key={action.key} action={action} register={register} errors={errors} />
      ))}
      {needsReason ? (
        <ApprovalReasonField
          hint="A change of the policy is approved by another Owner while any action is on."
          error={errors.reason?.message}
          {...register('reason')}
        />
      ) : null}
      {save.isError && !(save.error instanceof ApiError && save.error.errors?.length) ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {errorMessage(save.error, POLICY_FAILURE)}
        </p>
      ) : null}
      {sent ? <SentForApprovalNotice /> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

type Errors = ReturnType<typeof useForm<ApprovalPolicyBody>>['formState']['errors'];

function PolicyAction({
  action,
  register,
  errors,
}: {
  action: (typeof ACTIONS)[number];
  register: UseFormRegister<ApprovalPolicyBody>;
  errors: Errors;
}) {
  const threshold = 'threshold' in action ? action.threshold : undefined;
  const thresholdError = threshold
    ? (errors[action.key] as Record<string, { message?: string }> | undefined)?.[
        threshold.name.split('.')[1]!
      ]?.message
    : undefined;
  return (
    <div className="grid gap-2 border-b border-cream-200 pb-4 sm:grid-cols-[1fr_10rem] sm:items-start">
      <CheckboxField label={action.label} hint={action.hint} {...register(`${action.key}.on`)} />
      {threshold ? (
        <TextField
          label={threshold.label}
          type="number"
          inputMode="decimal"
          min={0}
          step={threshold.step}
          error={thresholdError}
          {...register(threshold.name, { valueAsNumber: true })}
        />
      ) : null}
    </div>
  );
}
