import { useState } from 'react';
import type { User } from '@cask/contracts/users';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { STATUS_OPTIONS } from './user-status.tsx';

export const UPDATE_FAILURE = 'Failed to update user';

/**
 * Spec 000 §2 'Edit User - {name}': User ID, Name, Email and Casks read-only, the Status select,
 * Cancel and 'Save Changes'. A failure stays in the modal with the server's message (decision 045).
 */
export function EditUserModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user ? `Edit User - ${user.fullName}` : 'Edit User'}
    >
      {user ? <EditUserForm key={user.id} user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditUserForm({ user, onClose }: { user: User; onClose: () => void }) {
  const update = useUpdateUser();
  const [status, setStatus] = useState<string>(user.isActive ? 'Active' : 'Inactive');
  const busy = update.isPending;

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: user.id, body: { isActive: status === 'Active' } },
          // Spec 000 §4: after save the selection is cleared and the list refreshed.
          { onSuccess: onClose },
        );
      }}
    >
      <TextField label="User ID" value={user.id} readOnly className="sm:col-span-2" />
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
        <div className="sm:col-span-2">
          <InlineError>{errorMessage(update.error, UPDATE_FAILURE)}</InlineError>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 border-t border-cream-200 pt-4 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
