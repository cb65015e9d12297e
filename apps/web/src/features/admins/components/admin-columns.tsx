import { Ban, CircleCheck, MailPlus, ShieldOff, UserCog, X } from 'lucide-react';
import { ROLE_LABELS, type AdminAccount, type AdminStatus } from '@cask/contracts/admins';
import { IconButton } from '@/components/ui/button.tsx';
import type { Column } from '@/components/ui/data-table.tsx';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge.tsx';
import { formatDateTime } from '@/lib/format.ts';

const STATUS: Record<AdminStatus, { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'green' },
  disabled: { label: 'Disabled', tone: 'red' },
  invited: { label: 'Invited', tone: 'blue' },
  expired: { label: 'Invite expired', tone: 'yellow' },
};

export type RowAction = 'role' | 'disable' | 'enable' | 'resend' | 'withdraw' | 'reset-two-factor';

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
export function adminColumns({
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
      align: 'right',
      cell: (admin) =>
        manage ? <RowActions admin={admin} self={admin.id === selfId} onAction={onAction} /> : null,
    },
  ];
}
