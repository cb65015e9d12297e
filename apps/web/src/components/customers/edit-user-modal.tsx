import { useState } from 'react';
import type { User } from '@cask/contracts/users';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { UPDATE_FAILURE, useUpdateUser } from '@/lib/customer-mutations.ts';
import { formatCount } from '@/lib/format.ts';
import { STATUS_OPTIONS } from './user-status.tsx';

export interface EditUserModalProps {
  user: User | null;
  onClose: () => void;
  /** Spec 000 §2: 'Edit User' on the Dashboard, 'Edit User - {name}' in User Management. */
  title: (user: User) => string;
  /** 'Save' on the Dashboard, 'Save Changes' in User Management. */
  saveLabel: string;
  /** User Management also shows the User ID. */
  showUserId?: boolean;
}

/**
 * Spec 000 §2 'Edit User': the customer's details read-only and the Status select (Active /
 * Inactive), Cancel and save. A failed save stays open with the server's message (decision 045),
 * where the spec only logged it.
 */
export function EditUserModal({
  user,
  onClose,
  title,
  saveLabel,
  showUserId = false,
}: EditUserModalProps) {
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user ? title(user) : 'Edit User'}
      size={showUserId ? 'md' : 'sm'}
    >
      {/* Keyed by the user, so the form starts from their current status each time. */}
      {user ? (
        <EditUserForm
          key={user.id}
          user={user}
          onClose={onClose}
          saveLabel={saveLabel}
          showUserId={showUserId}
        />
      ) : null}
    </Modal>
  );
}

function EditUserForm({
  user,
  onClose,
  saveLabel,
  showUserId,
}: {
  user: User;
  onClose: () => void;
  saveLabel: string;
  showUserId: boolean;
}) {
  const update = useUpdateUser();
  const [status, setStatus] = useState<string>(user.isActive ? 'Active' : 'Inactive');
  const busy = update.isPending;
  const wide = showUserId ? 'sm:col-span-2' : '';

  return (
    <form
      noValidate
      className={`grid gap-4 ${showUserId ? 'sm:grid-cols-2' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: user.id, body: { isActive: status === 'Active' } },
          // Spec 000 §4: after save the selected row is cleared and the lists are refreshed.
          { onSuccess: onClose },
        );
      }}
    >
      {showUserId ? <TextField label="User ID" value={user.id} readOnly className={wide} /> : null}
      <TextField label="Name" value={user.fullName} readOnly />
      <TextField label="Email" value={user.email} readOnly />
      <TextField label="Casks" value={formatCount(user.balance)} readOnly />
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={status}
        onChange={(event) => setStatus(event.target.value)}
        disabled={busy}
      />
      {update.isError ? (
        <div className={wide}>
          <InlineError>{errorMessage(update.error, UPDATE_FAILURE)}</InlineError>
        </div>
      ) : null}
      <div
        className={`flex flex-col-reverse gap-2 border-t border-cream-200 pt-4 sm:flex-row sm:justify-end ${wide}`}
      >
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}
