import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import toast from 'react-hot-toast';
import type { PasskeyItem, SessionItem } from '@cask/contracts/security';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { DataTable, type Column } from '@/components/ui/data-table.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import {
  ApprovalReasonField,
  SentForApprovalNotice,
} from '@/components/approvals/approval-parts.tsx';
import { useRole } from '@/lib/current-admin.ts';
import { formatDateTime } from '@/lib/format.ts';
import { expireSession } from '@/lib/session.ts';
import {
  useEndOtherSessions,
  useEndSession,
  useSavePolicy,
  useSecurityOverview,
  useSessions,
} from './api/security.ts';
import { usePasskeys } from '@/lib/passkeys-query.ts';
import { useRemovePasskey } from './api/passkeys.ts';

const TotpSetupModal = lazyModal(
  () => import('./components/totp-setup-modal.tsx').then((m) => m.TotpSetupModal),
  (props) => props.open,
);
const AddPasskeyModal = lazyModal(
  () => import('./components/add-passkey-modal.tsx').then((m) => m.AddPasskeyModal),
  (props) => props.open,
);
const RegenerateCodesModal = lazyModal(
  () => import('./components/regenerate-codes-modal.tsx').then((m) => m.RegenerateCodesModal),
  (props) => props.open,
);
const TotpDisableModal = lazyModal(
  () => import('./components/totp-disable-modal.tsx').then((m) => m.TotpDisableModal),
  (props) => props.open,
);

function TwoFactorCard() {
  const overview = useSecurityOverview();
  const [setupOpen, setSetupOpen] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  const data = overview.data;

  return (
    <Card title="Two-factor authentication" className="mb-6">
      <div className="space-y-4 px-4 pb-4">
        {overview.isError ? (
          <ErrorState
            title="Error Loading Security"
            message={errorMessage(overview.error, 'Something went wrong')}
            onRetry={() => void overview.refetch()}
          />
        ) : !data ? (
          <TwoFactorLoading />
        ) : (
          <>
            {data.requireTwoFactor && !data.twoFactorEnabled ? (
              <p
                role="alert"
                className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                Two-factor authentication is required for every admin. Set up an authenticator app
                to continue: a passkey does not count.
              </p>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <p className="text-sm text-oak-900">{TWO_FACTOR_TEXT}</p>
                <p className="mt-1 flex items-center gap-2 text-sm text-oak-700">
                  <StatusBadge tone={data.twoFactorEnabled ? 'green' : 'grey'}>
                    {data.twoFactorEnabled ? 'On' : 'Off'}
                  </StatusBadge>
                  {data.twoFactorEnabled
                    ? `${data.recoveryCodesLeft} recovery code${data.recoveryCodesLeft === 1 ? '' : 's'} left`
                    : null}
                </p>
              </div>
              {data.twoFactorEnabled ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-haspopup="dialog"
                    onClick={() => setRegenerateOpen(true)}
                    {...preloadOn(RegenerateCodesModal)}
                  >
                    Generate new recovery codes
                  </Button>
                  <Button
                    variant="secondary"
                    aria-haspopup="dialog"
                    onClick={() => setDisableOpen(true)}
                    {...preloadOn(TotpDisableModal)}
                  >
                    Turn off
                  </Button>
                </div>
              ) : (
                <Button
                  aria-haspopup="dialog"
                  onClick={() => setSetupOpen(true)}
                  {...preloadOn(TotpSetupModal)}
                >
                  Set up
                </Button>
              )}
            </div>
            {data.canManagePolicy ? (
              <RequireTwoFactorPolicy required={data.requireTwoFactor} />
            ) : null}
          </>
        )}
      </div>
      <TotpSetupModal open={setupOpen} onOpenChange={setSetupOpen} />
      <TotpDisableModal open={disableOpen} onOpenChange={setDisableOpen} />
      <RegenerateCodesModal open={regenerateOpen} onOpenChange={setRegenerateOpen} />
    </Card>
  );
}

const TWO_FACTOR_TEXT = 'A 6-digit code from an authenticator app, asked for after your password.';
const POLICY_LABEL = 'Require two-factor authentication for every admin';
const POLICY_HINT =
  'Admins without an authenticator app are asked to set one up right after signing in; a passkey does not count.';

/**
 * The two-factor card while its state loads (issue 47): the loaded card's frame with its text
 * and, for an Owner, the policy's box (shown to Owners only, docs/screens/security.md), disabled
 * and out of reach; the state's line says 'Loading...' and the buttons keep their room, so
 * Passkeys and Sessions below do not move when the answer comes. What only the answer tells, the
 * warning and the 'Reason' field of a policy that is on, still comes with it.
 */
function TwoFactorLoading() {
  const owner = useRole() === 'owner';
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm text-oak-900">{TWO_FACTOR_TEXT}</p>
          <p role="status" className="mt-1 flex items-center gap-2 text-sm text-oak-700">
            <span
              aria-hidden
              className="h-4 w-4 animate-spin rounded-full border-2 border-gold-300 border-t-gold-600"
            />
            Loading...
          </p>
        </div>
        <span aria-hidden className="h-10 w-24 animate-pulse rounded-lg bg-cream-200 max-md:h-11" />
      </div>
      {owner ? (
        <div aria-hidden inert className="grid gap-3 border-t border-cream-200 pt-4">
          <CheckboxField label={POLICY_LABEL} hint={POLICY_HINT} defaultChecked={false} disabled />
        </div>
      ) : null}
    </>
  );
}

/**
 * The Owner's 'Require two-factor' switch (decisions 227, 291). Issue 45: turning it off may be
 * sent for approval by another Owner, so while it is on a 'Reason' goes with the change
 * (decision 425), and a 202 is said under the switch, which stays on.
 */
function RequireTwoFactorPolicy({ required }: { required: boolean }) {
  const savePolicy = useSavePolicy();
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(false);
  const reasonError =
    savePolicy.error instanceof ApiError
      ? savePolicy.error.errors?.find((e) => e.field === 'reason')?.message
      : undefined;
  return (
    <div className="grid gap-3 border-t border-cream-200 pt-4">
      <CheckboxField
        label={POLICY_LABEL}
        hint={POLICY_HINT}
        checked={required}
        disabled={savePolicy.isPending}
        onChange={(event) => {
          setSent(false);
          savePolicy.mutate(
            { requireTwoFactor: event.target.checked, ...(reason.trim() ? { reason } : {}) },
            {
              onSuccess: (outcome) => {
                if ('sent' in outcome) {
                  setSent(true);
                  setReason('');
                  return;
                }
                toast.success('Security policy saved');
              },
              onError: (error) => toast.error(errorMessage(error, 'Failed to save the policy')),
            },
          );
        }}
      />
      {required ? (
        <ApprovalReasonField
          hint="Needed when turning this off must be approved by another Owner."
          value={reason}
          error={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
      {sent ? <SentForApprovalNotice /> : null}
    </div>
  );
}

function PasskeysCard() {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [addOpen, setAddOpen] = useState(false);
  const columns: Column<PasskeyItem>[] = [
    { id: 'name', header: 'Name', cell: (passkey) => passkey.name },
    { id: 'created', header: 'Created', cell: (passkey) => formatDateTime(passkey.createdAt) },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      pinned: true,
      cell: (passkey) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Remove ${passkey.name}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(passkey.id, {
              onSuccess: () => toast.success('Passkey removed'),
              onError: (error) => toast.error(errorMessage(error, 'Something went wrong')),
            })
          }
        >
          Remove
        </Button>
      ),
    },
  ];
  return (
    <Card
      title="Passkeys"
      className="mb-6"
      actions={
        <Button
          size="sm"
          aria-haspopup="dialog"
          onClick={() => setAddOpen(true)}
          {...preloadOn(AddPasskeyModal)}
        >
          Add a passkey
        </Button>
      }
    >
      <p className="px-4 pb-3 text-sm text-oak-700">
        Sign in with your fingerprint, face or device PIN instead of your password.
      </p>
      {passkeys.isError ? (
        <div className="px-4 pb-4">
          <ErrorState
            title="Error Loading Passkeys"
            message={errorMessage(passkeys.error, 'Something went wrong')}
            onRetry={() => void passkeys.refetch()}
          />
        </div>
      ) : passkeys.isPending ? (
        // Issue 47: as tall as 'No passkeys yet', the answer until one is added, so the Sessions
        // card does not move when that is the answer; a table of passkeys still grows.
        <p
          role="status"
          className="flex items-center gap-3 border-t border-cream-200 px-4 py-4 text-sm text-oak-700"
        >
          <span
            aria-hidden
            className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-gold-300 border-t-gold-600"
          />
          Loading passkeys...
        </p>
      ) : passkeys.data?.length === 0 ? (
        // No empty table: on a phone it would be a scroll region with nothing to focus.
        <p className="border-t border-cream-200 px-4 py-4 text-sm text-oak-700">No passkeys yet</p>
      ) : (
        <DataTable
          label="Passkeys"
          columns={columns}
          rows={passkeys.data}
          rowKey={(passkey) => passkey.id}
          emptyText="No passkeys yet"
        />
      )}
      <AddPasskeyModal open={addOpen} onOpenChange={setAddOpen} />
    </Card>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  const columns: Column<SessionItem>[] = [
    {
      id: 'device',
      header: 'Device',
      cell: (session) => (
        <span className="flex flex-wrap items-center gap-2">
          <span>
            {session.browser} on {session.system}
          </span>
          {session.current ? <StatusBadge tone="green">This device</StatusBadge> : null}
        </span>
      ),
    },
    { id: 'address', header: 'Address', cell: (session) => session.ip ?? 'N/A' },
    // A time reads on one line ('8:20 AM' never splits); the device's name wraps instead.
    {
      id: 'signedIn',
      header: 'Signed in',
      className: 'whitespace-nowrap',
      cell: (session) => formatDateTime(session.signedInAt),
    },
    {
      id: 'lastActive',
      header: 'Last active',
      className: 'whitespace-nowrap',
      cell: (session) => formatDateTime(session.lastActiveAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      pinned: true,
      cell: (session) => (
        <Button
          variant="secondary"
          size="sm"
          className="whitespace-nowrap"
          aria-label={`Sign out ${session.browser} on ${session.system}, signed in ${formatDateTime(session.signedInAt)}`}
          disabled={endSession.isPending}
          onClick={() =>
            endSession.mutate(session.id, {
              onSuccess: () => {
                // Signing out this device ends this browser's session: back to /signin.
                if (session.current) expireSession();
                else toast.success('Session ended');
              },
              onError: (error) => toast.error(errorMessage(error, 'Something went wrong')),
            })
          }
        >
          Sign out
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="Sessions"
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={others === 0 || endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: () => toast.success('Other sessions ended'),
              onError: (error) => toast.error(errorMessage(error, 'Something went wrong')),
            })
          }
        >
          Sign out all other sessions
        </Button>
      }
    >
      {sessions.isError ? (
        <div className="px-4 pb-4">
          <ErrorState
            title="Error Loading Sessions"
            message={errorMessage(sessions.error, 'Something went wrong')}
            onRetry={() => void sessions.refetch()}
          />
        </div>
      ) : (
        <DataTable
          label="Sessions"
          columns={columns}
          rows={sessions.data}
          rowKey={(session) => session.id}
          loading={sessions.isLoading}
          loadingText="Loading sessions..."
          skeletonRows={2}
          emptyText="No open sessions"
        />
      )}
    </Card>
  );
}

/**
 * Settings -> Security (issue 28): two-factor, the policy, passkeys and the open sessions. Only
 * an authenticator app meets the policy, never a passkey (docs/decisions/291); adding a passkey,
 * removing one and setting up two-factor ask for a recent proof (docs/decisions/290), which the
 * API client's step-up dialog takes.
 */
export default function SecurityPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-4xl">
      <Button variant="ghost" size="sm" className="-ml-2 mb-2" onClick={() => navigate('/setting')}>
        <ArrowLeft aria-hidden size={16} />
        Back
      </Button>
      <PageHeader title="Security" />
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard />
    </div>
  );
}
