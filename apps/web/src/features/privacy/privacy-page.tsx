import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { ArrowLeft, Pencil } from 'lucide-react';
import 'quill/dist/quill.snow.css';
import './policy-text.css';
import { Button } from '@/components/ui/button.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { usePrivacyPolicy } from './api/get-privacy-policy.ts';
import { useSavePrivacyPolicy } from './api/save-privacy-policy.ts';
import { PolicyView } from './components/policy-view.tsx';
import { DEFAULT_PRIVACY_POLICY } from './default-policy.ts';
import { useCan } from '@/lib/current-admin.ts';

// Quill is large: its chunk loads only when an admin starts editing (docs/architecture.md#web-app).
const PolicyEditor = lazy(() => import('./components/policy-editor.tsx'));

/**
 * docs/screens/privacy-policy.md (/setting/privacy): viewing, then editing ('Edit'),
 * then saved ('Update Info', back to viewing on success; failure stays in edit mode).
 */
export default function PrivacyPage() {
  // docs/architecture.md#roles: a Viewer is offered no change (decision 220).
  const canChange = useCan('change');
  const navigate = useNavigate();
  const headingId = useId();
  const policy = usePrivacyPolicy();
  const save = useSavePrivacyPolicy();
  const [draft, setDraft] = useState<string | null>(null);
  // The version the draft started from: what the save replaces (docs/decisions/180).
  const [basedOn, setBasedOn] = useState<string | null>(null);
  const editing = draft !== null;
  // docs/screens/privacy-policy.md: the built-in default until a policy has been saved.
  const current = policy.data?.content ?? DEFAULT_PRIVACY_POLICY;

  const update = () => {
    if (draft === null) return;
    save.mutate(
      { content: draft, basedOn },
      {
        onSuccess: () => {
          toast.success('Privacy policy updated successfully!');
          setDraft(null);
        },
        onError: (error) => {
          toast.error(errorMessage(error, 'Failed to update privacy policy'));
        },
      },
    );
  };

  const actions = editing ? (
    <>
      <Button variant="secondary" disabled={save.isPending} onClick={() => setDraft(null)}>
        Cancel
      </Button>
      <Button onClick={update} disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? 'Updating...' : 'Update Info'}
      </Button>
    </>
  ) : !canChange ? null : (
    <Button
      disabled={policy.isPending || policy.isError}
      onClick={() => {
        setBasedOn(policy.data?.updatedAt ?? null);
        setDraft(current);
      }}
    >
      <Pencil aria-hidden size={16} />
      Edit
    </Button>
  );

  let content;
  if (policy.isPending) {
    content = <LoadingState label="Loading privacy policy..." />;
  } else if (editing) {
    content = (
      <Suspense fallback={<LoadingState label="Loading editor..." />}>
        <PolicyEditor value={draft} onChange={setDraft} label="Privacy policy" />
      </Suspense>
    );
  } else {
    content = (
      <>
        {policy.isError ? (
          <div className="mb-6">
            <ErrorState
              title="Could not load the saved policy"
              message={errorMessage(policy.error, 'The default policy is shown instead.')}
              onRetry={() => void policy.refetch()}
            />
          </div>
        ) : null}
        <PolicyView html={current} labelledBy={headingId} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-4xl">
      <Button variant="ghost" size="sm" className="-ml-2 mb-2" onClick={() => navigate('/setting')}>
        <ArrowLeft aria-hidden size={16} />
        Back
      </Button>
      <PageHeader title={<span id={headingId}>Privacy Policy</span>} actions={actions} />
      <section className="rounded-2xl border border-cream-300 bg-cream-50 p-4 sm:p-6">
        {content}
      </section>
    </div>
  );
}
