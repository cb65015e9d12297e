import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ArrowLeft,
  Ban,
  CircleCheck,
  MailPlus,
  ShieldOff,
  UserCog,
  UserPlus,
  X,
} from 'lucide-react';
import {
  adminListDefinition,
  ROLE_LABELS,
  type AdminAccount,
  type AdminStatus,
} from '@cask/contracts/admins';
import { Button, IconButton } from '@/components/ui/button.tsx';
import type { Column } from '@/components/ui/data-table.tsx';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { LazyConfirmDialog, lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useCan, useProfile } from '@/lib/current-admin.ts';
import { formatCount, formatDateTime } from '@/lib/format.ts';
import { lazyToast } from '@/lib/lazy-toast.ts';
import { useRequestedDialog } from '@/lib/requested-dialog.ts';
import { useChangeAdmin } from './api/change-admin.ts';
import { useList } from '@/lib/list-query.ts';

const InviteAdminModal = lazyModal(
  () => import('./components/invite-admin-modal.tsx').then((m) => m.InviteAdminModal),
  (props) => props.open,
);
const ChangeRoleModal = lazyModal(
  () => import('./components/change-role-modal.tsx').then((m) => m.ChangeRoleModal),
  () => true,
);

export const ADMINS_FAILURE = 'Failed to fetch admins';
const ADMINS_PAGE_SIZE = 10;

type Confirming = { action: 'disable' | 'withdraw' | 'reset-two-factor'; admin: AdminAccount };

/** What the confirmation dialog of a row's action says. */
function confirmationOf({ action, admin }: Confirming) {
  switch (action) {
    case 'disable':
      return {
        title: 'Disable Admin',
        message: `Disable ${admin.fullName}? They are signed out everywhere at once and cannot sign in until enabled again.`,
        confirmLabel: 'Disable Admin',
        busyLabel: 'Disabling...',
        done: `${admin.fullName} disabled`,
      };
    case 'withdraw':
      return {
        title: 'Withdraw Invite',
        message: `Withdraw the invite to ${admin.email}? Its link stops working.`,
        confirmLabel: 'Withdraw Invite',
        busyLabel: 'Withdrawing...',
        done: `Invite to ${admin.email} withdrawn`,
      };
    case 'reset-two-factor':
      return {
        title: 'Reset Two-factor',
        message: `Reset two-factor authentication of ${admin.fullName}? Their authenticator app and recovery codes stop working at once; they sign in with their password and can set it up again.`,
        confirmLabel: 'Reset Two-factor',
        busyLabel: 'Resetting...',
        done: `Two-factor authentication of ${admin.fullName} reset`,
      };
  }
}

/** Issue 28, Settings -> 'Admins' (/setting/admins): who can sign in, as what, and invites. */
export default function AdminsPage() {
  const navigate = useNavigate();
  const manage = useCan('manageAdmins');
  const selfId = useProfile().data?.id;
  const [page, setPage] = useState(1);
  const admins = useList(adminListDefinition, { page, limit: ADMINS_PAGE_SIZE });
  const { data, isPending, isFetching, error } = admins;
  const pages = data?.pagination.pages;
  if (pages !== undefined && pages > 0 && page > pages) setPage(pages);

  const change = useChangeAdmin();
  // The command palette's 'Invite Admin' (issue 31) arrives asking for the dialog.
  const [inviting, setInviting] = useRequestedDialog('invite-admin', manage);
  const [reroling, setReroling] = useState<AdminAccount | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const onAction = (action: RowAction, admin: AdminAccount) => {
    change.reset();
    if (action === 'role') return setReroling(admin);
    if (action === 'disable' || action === 'withdraw' || action === 'reset-two-factor')
      return setConfirming({ action, admin });
    change.mutate(
      { kind: action, id: admin.id },
      {
        onSuccess: () =>
          lazyToast(
            'success',
            action === 'resend'
              ? `Invite sent again to ${admin.email}`
              : `${admin.fullName} enabled`,
          ),
        onError: (failure) => lazyToast('error', errorMessage(failure, 'Something went wrong')),
      },
    );
  };

  const confirmed = confirming ? confirmationOf(confirming) : undefined;

  return (
    <>
      <Button variant="ghost" size="sm" className="-ml-2 mb-2" onClick={() => navigate('/setting')}>
        <ArrowLeft aria-hidden size={16} />
        Back
      </Button>
      <PageHeader
        title="Admins"
        actions={
          manage ? (
            <Button
              onClick={() => setInviting(true)}
              aria-haspopup="dialog"
              {...preloadOn(InviteAdminModal)}
            >
              <UserPlus aria-hidden size={16} />
              Invite Admin
            </Button>
          ) : null
        }
      />
      <Card
        title="Admin accounts"
        actions={
          <p className="text-sm text-oak-700">
            {data ? (
              <>
                Total:{' '}
                <span className="font-semibold text-oak-900">
                  {formatCount(data.pagination.total)}
                </span>
              </>
            ) : (
              '\u00a0'
            )}
          </p>
        }
      >
        <PagedTable
          failure={
            data === undefined && !isPending
              ? {
                  title: 'Error Loading Admins',
                  message: errorMessage(error, ADMINS_FAILURE),
                  onRetry: () => void admins.refetch(),
                }
              : undefined
          }
          blockProps={manage ? preloadOn(ChangeRoleModal, LazyConfirmDialog) : undefined}
          label="Admins"
          columns={adminColumns({ selfId, manage, onAction })}
          rows={data?.admins}
          rowKey={(admin) => admin.id}
          loading={isPending}
          loadingText="Loading admins..."
          skeletonRows={ADMINS_PAGE_SIZE}
          fetching={isFetching}
          emptyText={<EmptyState title="No admins found" />}
          pagination={data?.pagination}
          noun="admins"
          paginationLabel="Admins pagination"
          onPageChange={setPage}
          onRefresh={() => void admins.refetch()}
        />
      </Card>

      <InviteAdminModal open={inviting} onOpenChange={setInviting} />
      {reroling ? <ChangeRoleModal admin={reroling} onClose={() => setReroling(null)} /> : null}
      <LazyConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirmed?.title ?? ''}
        message={confirmed?.message ?? ''}
        confirmLabel={confirmed?.confirmLabel}
        busyLabel={confirmed?.busyLabel}
        busy={change.isPending}
        error={change.isError ? errorMessage(change.error, 'Something went wrong') : undefined}
        onConfirm={() => {
          if (!confirming || !confirmed) return;
          change.mutate(
            { kind: confirming.action, id: confirming.admin.id },
            {
              onSuccess: () => {
                lazyToast('success', confirmed.done);
                setConfirming(null);
              },
            },
          );
        }}
      />
    </>
  );
}

const STATUS: Record<AdminStatus, { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'green' },
  disabled: { label: 'Disabled', tone: 'red' },
  invited: { label: 'Invited', tone: 'blue' },
  expired: { label: 'Invite expired', tone: 'yellow' },
};

type RowAction = 'role' | 'disable' | 'enable' | 'resend' | 'withdraw' | 'reset-two-factor';

/** What an Owner may do to a row: nothing to themselves (issue 28). */
function RowActions({
  admin,
  self,
  onAction,
}: {
  admin: AdminAccount;
  self: boolean;
  onAction: (action: RowAction, admin: AdminAccount) => void;
}) {
  if (self) return <span className="text-sm text-oak-700">You</span>;
  const name = admin.fullName;
  const invite = admin.status === 'invited' || admin.status === 'expired';
  return (
    <div className="inline-flex items-center gap-1">
      {invite ? (
        <>
          <IconButton label={`Resend invite to ${name}`} onClick={() => onAction('resend', admin)}>
            <MailPlus size={16} aria-hidden />
          </IconButton>
          <IconButton
            label={`Withdraw invite to ${name}`}
            onClick={() => onAction('withdraw', admin)}
            className="hover:bg-red-50 hover:text-red-700"
          >
            <X size={16} aria-hidden />
          </IconButton>
        </>
      ) : (
        <>
          <IconButton label={`Change role of ${name}`} onClick={() => onAction('role', admin)}>
            <UserCog size={16} aria-hidden />
          </IconButton>
          {admin.twoFactorEnabled ? (
            <IconButton
              label={`Reset two-factor of ${name}`}
              onClick={() => onAction('reset-two-factor', admin)}
              className="hover:bg-red-50 hover:text-red-700"
            >
              <ShieldOff size={16} aria-hidden />
            </IconButton>
          ) : null}
          {admin.status === 'active' ? (
            <IconButton
              label={`Disable ${name}`}
              onClick={() => onAction('disable', admin)}
              className="hover:bg-red-50 hover:text-red-700"
            >
              <Ban size={16} aria-hidden />
            </IconButton>
          ) : (
            <IconButton label={`Enable ${name}`} onClick={() => onAction('enable', admin)}>
              <CircleCheck size={16} aria-hidden />
            </IconButton>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Issue 28: Name, Email, Role, Two-factor, Last sign-in, Status, Actions. The Actions are an
 * Owner's only; others see none.
 */
function adminColumns({
  selfId,
  manage,
  onAction,
}: {
  selfId: string | undefined;
  manage: boolean;
  onAction: (action: RowAction, admin: AdminAccount) => void;
}): Column<AdminAccount>[] {
  return [
    { id: 'name', header: 'Name', cell: (admin) => admin.fullName },
    { id: 'email', header: 'Email', cell: (admin) => admin.email },
    { id: 'role', header: 'Role', cell: (admin) => ROLE_LABELS[admin.role] },
    {
      id: 'two-factor',
      header: 'Two-factor',
      cell: (admin) => (
        <StatusBadge tone={admin.twoFactorEnabled ? 'green' : 'grey'}>
          {admin.twoFactorEnabled ? 'On' : 'Off'}
        </StatusBadge>
      ),
    },
    {
      id: 'last-sign-in',
      header: 'Last sign-in',
      cell: (admin) => (admin.lastSignedInAt ? formatDateTime(admin.lastSignedInAt) : 'Never'),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (admin) => (
        <StatusBadge tone={STATUS[admin.status].tone}>{STATUS[admin.status].label}</StatusBadge>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      pinned: true,
      hidden: !manage,
      align: 'right',
      cell: (admin) => <RowActions admin={admin} self={admin.id === selfId} onAction={onAction} />,
    },
  ];
}
