import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import toast from 'react-hot-toast';
import { APPROVAL_POLICY_LABELS } from '@cask/contracts/approvals-plain';
import type { ApprovalPolicy } from '@cask/contracts/approvals';
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

/**
 * The body's contract, the one the API checks: loaded when the form is first sent, or once it is
 * drawn (the screen draws without zod, docs/decisions/450).
 */
const policyBody = async () => (await import('@cask/contracts/approvals')).approvalPolicyBody;

/** Each action of the policy as the screen names it, with its threshold's field when it has one. */
const ACTIONS = [
  {
    key: 'manualPoints',
    label: APPROVAL_POLICY_LABELS.manualPoints,
    hint: 'An adjustment of more points than this, added or removed, needs a second admin.',
    threshold: { name: 'manualPoints.above', label: 'Points', step: 1 },
  },
  {
    key: 'transferOwnership',
    label: APPROVAL_POLICY_LABELS.transferOwnership,
    hint: 'Every transfer of a cask to another customer.',
  },
  {
    key: 'orderDelivered',
    label: APPROVAL_POLICY_LABELS.orderDelivered,
    hint: 'An order whose investment is above this budget, set to Delivered.',
    threshold: { name: 'orderDelivered.above', label: 'Dollars', step: 0.01 },
  },
  {
    key: 'valuationChange',
    label: APPROVAL_POLICY_LABELS.valuationChange,
    hint: 'A valuation that moves by more than this share, either way, and every applied import.',
    threshold: { name: 'valuationChange.abovePercent', label: 'Percent', step: 0.01 },
  },
  {
    key: 'ownerInvite',
    label: APPROVAL_POLICY_LABELS.ownerInvite,
    hint: 'Approved by another Owner.',
  },
  {
    key: 'twoFactorOff',
    label: APPROVAL_POLICY_LABELS.twoFactorOff,
    hint: 'Approved by another Owner.',
  },
] as const;

/**
 * Issue 45, Settings -> 'Approvals' (/setting/approvals, docs/screens/approvals.md#screens):
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

type Field = string;

/** The form's values: each action's switch and threshold as typed (text), and the reason. */
type Draft = Record<Field, string | boolean>;

function draftOf(policy: ApprovalPolicy): Draft {
  const draft: Draft = { reason: '' };
  for (const action of ACTIONS) {
    draft[`${action.key}.on`] = policy[action.key].on;
    if ('threshold' in action) {
      const [, name] = action.threshold.name.split('.') as [string, string];
      draft[action.threshold.name] = String(
        (policy[action.key] as unknown as Record<string, number>)[name],
      );
    }
  }
  return draft;
}

/** The body as the contract takes it (numbers from their fields; '' is not a number). */
function bodyOf(draft: Draft): Record<string, unknown> {
  const body: Record<string, Record<string, unknown>> = {};
  for (const action of ACTIONS) {
    body[action.key] = { on: draft[`${action.key}.on`] === true };
    if ('threshold' in action) {
      const text = String(draft[action.threshold.name]).trim();
      const [, name] = action.threshold.name.split('.') as [string, string];
      body[action.key]![name] = text === '' ? Number.NaN : Number(text);
    }
  }
  return { ...body, reason: String(draft.reason) };
}

function PolicyForm({ saved }: { saved: ApprovalPolicy }) {
  const save = useSaveApprovalPolicy();
  const [sent, setSent] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [errors, setErrors] = useState<Map<Field, string>>(new Map());
  // docs/screens/approvals.md#screens: while any action is on, a change is sent for approval.
  const needsReason = Object.values(saved).some((action) => action.on);
  const change = (field: Field, value: string | boolean) =>
    setDraft((previous) => ({ ...previous, [field]: value }));

  useEffect(() => {
    policyBody().catch(() => undefined);
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    // Checked with the contract the API checks; each issue under its field.
    const parsed = (await policyBody()).safeParse(bodyOf(draft));
    if (!parsed.success) {
      setErrors(new Map(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors(new Map());
    save.mutate(parsed.data, {
      onSuccess: (outcome) => {
        if ('sent' in outcome) {
          setSent(true);
          setDraft(draftOf(saved));
          return;
        }
        toast.success(outcome.done.message);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors?.length) {
          setErrors(new Map(error.errors.map((e) => [e.field, e.message])));
        }
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      {ACTIONS.map((action) => (
        <PolicyAction
          key={action.key}
          action={action}
          draft={draft}
          errors={errors}
          onChange={change}
        />
      ))}
      {needsReason ? (
        <ApprovalReasonField
          hint="A change of the policy is approved by another Owner while any action is on."
          value={String(draft.reason)}
          error={errors.get('reason')}
          onChange={(event) => change('reason', event.target.value)}
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

function PolicyAction({
  action,
  draft,
  errors,
  onChange,
}: {
  action: (typeof ACTIONS)[number];
  draft: Draft;
  errors: Map<Field, string>;
  onChange: (field: Field, value: string | boolean) => void;
}) {
  const threshold = 'threshold' in action ? action.threshold : undefined;
  return (
    <div className="grid gap-2 border-b border-cream-200 pb-4 sm:grid-cols-[1fr_10rem] sm:items-start">
      <CheckboxField
        label={action.label}
        hint={action.hint}
        checked={draft[`${action.key}.on`] === true}
        onChange={(event) => onChange(`${action.key}.on`, event.target.checked)}
      />
      {threshold ? (
        <TextField
          label={threshold.label}
          type="number"
          inputMode="decimal"
          min={0}
          step={threshold.step}
          value={String(draft[threshold.name])}
          error={errors.get(threshold.name)}
          onChange={(event) => onChange(threshold.name, event.target.value)}
        />
      ) : null}
    </div>
  );
}
