import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  ADMIN_ROLES,
  ROLE_LABELS,
  type AdminAccount,
  type AdminRole,
} from '@cask/contracts/admins';
import {
  ApprovalReasonField,
  SentForApprovalNotice,
} from '@/components/approvals/approval-parts.tsx';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useChangeAdmin } from '../api/change-admin.ts';
import { ROLE_HINT, roleOptions } from './role-options.ts';

function isRole(value: string): value is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(value);
}

/**
 * An Owner changes an admin's role (issue 28); refusals (the last Owner) show inside. Issue 45:
 * a promotion to Owner may wait for another Owner's approval, so it takes a 'Reason' (decision
 * 425), and a 202 is said in the dialog.
 */
export function ChangeRoleModal({ admin, onClose }: { admin: AdminAccount; onClose: () => void }) {
  const change = useChangeAdmin();
  const [role, setRole] = useState<AdminRole>(admin.role);
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(false);
  const busy = change.isPending;
  const promotion = role === 'owner' && admin.role !== 'owner';
  const save = () =>
    change.mutate(
      { kind: 'role', id: admin.id, role, ...(promotion && reason.trim() ? { reason } : {}) },
      {
        onSuccess: ({ sent: waiting }) => {
          if (waiting) return setSent(true);
          toast.success(`${admin.fullName} is now ${ROLE_LABELS[role]}`);
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={`Change Role - ${admin.fullName}`}
      size="sm"
      footer={
        sent ? (
          <Button onClick={onClose}>OK</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              onClick={save}
              disabled={busy || role === admin.role}
              aria-busy={busy || undefined}
            >
              {busy ? 'Saving...' : 'Save Role'}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <SentForApprovalNotice />
      ) : (
        <div className="space-y-4">
          <SelectField
            label="Role"
            options={roleOptions}
            hint={ROLE_HINT}
            value={role}
            onChange={(event) => {
              if (isRole(event.target.value)) setRole(event.target.value);
            }}
          />
          {promotion ? (
            <ApprovalReasonField
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          ) : null}
          {change.isError ? (
            <InlineError>{errorMessage(change.error, 'The role could not be changed')}</InlineError>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
