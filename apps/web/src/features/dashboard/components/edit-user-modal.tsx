import { useState } from 'react';
import type { User } from '@cask/contracts/users';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount } from '@/lib/format.ts';
import { useUpdateUserStatus } from '../api/update-user-status.ts';

export const UPDATE_FAILURE = 'Failed to update user';

const statusOptions = [
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];

/**
 * Spec 000 §2 Dashboard 'Edit User': Name, Email and Casks read-only, the Status select, Cancel
 * and Save. A failed save stays open with the server's message (decision 045), where the spec
 * only logged it.
 */
export function EditUserModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit User"
      size="sm"
    >
      {/* Keyed by the user, so the form starts from their current status each time. */}
      {user ? <EditUserForm key={user.id} user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditUserForm({ user, onClose }: { user: User; onClose: () => void }) {
  const update = useUpdateUserStatus();
  const [status, setStatus] = useState(user.isActive ? 'Active' : 'Inactive');
  const busy = update.isPending;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: user.id, body: { isActive: status === 'Active' } },
          // Spec 000 §4: after save the selected row is cleared and the lists are refreshed.
          { onSuccess: onClose },
        );
      }}
    >
      <TextField label="Name" value={user.fullName} readOnly />
      <TextField label="Email" value={user.email} readOnly />
      <TextField label="Casks" value={formatCount(user.balance)} readOnly />
      <SelectField
        label="Status"
        options={statusOptions}
        value={status}
        onChange={(event) => setStatus(event.target.value)}
        disabled={busy}
      />
      {update.isError ? (
        <InlineError>{errorMessage(update.error, UPDATE_FAILURE)}</InlineError>
      ) : null}
      <div className="flex flex-col-reverse gap-2 border-t border-cream-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
