import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { PASSKEY_NAME_MAX } from '@cask/contracts/security';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { PasskeyElsewhereError, useAddPasskey } from '../api/passkeys.ts';

/** Issue 28: 'Add a passkey', named so the admin can tell their passkeys apart. */
export function AddPasskeyModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Not about the name: where the app must be open for passkeys (docs/decisions/321).
  const [elsewhere, setElsewhere] = useState<string | undefined>();

  const close = () => {
    setName('');
    setError(undefined);
    setElsewhere(undefined);
    add.reset();
    onOpenChange(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = name.trim();
    if (typed === '') {
      setError('Name is required');
      return;
    }
    if (typed.length > PASSKEY_NAME_MAX) {
      setError(`Name must be at most ${PASSKEY_NAME_MAX} characters`);
      return;
    }
    setError(undefined);
    setElsewhere(undefined);
    add.mutate(typed, {
      onSuccess: () => {
        toast.success('Passkey added');
        close();
      },
      onError: (failure) => {
        if (failure instanceof PasskeyElsewhereError) {
          setElsewhere(failure.message);
          return;
        }
        setError(
          failure instanceof Error && failure.name === 'NotAllowedError'
            ? 'The passkey was not created: the request was cancelled or timed out.'
            : errorMessage(failure, 'Something went wrong'),
        );
      },
    });
  };

  const busy = add.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title="Add a passkey"
      description="Your browser or phone will ask you to create a passkey for Cask Admin. Give it a name you will recognise."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy}>
            {busy ? 'Adding...' : 'Add'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <TextField
          label="Name"
          placeholder="e.g. Work laptop"
          value={name}
          error={error}
          onChange={(event) => setName(event.target.value)}
        />
        {elsewhere ? (
          <div className="mt-4">
            <InlineError>{elsewhere}</InlineError>
          </div>
        ) : null}
      </form>
    </Modal>
  );
}
