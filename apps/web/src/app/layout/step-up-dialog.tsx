import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { PasswordField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { reauthenticate } from '@/features/security/api/security.ts';

/**
 * Step-up (issue 28): a change that needs a recent proof of identity was refused; the admin
 * gives the password again and the API client sends the change once more.
 */
export function StepUpDialog({
  open,
  onDone,
}: {
  open: boolean;
  onDone: (confirmed: boolean) => void;
}) {
  const formId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const finish = (confirmed: boolean) => {
    setPassword('');
    setError(undefined);
    onDone(confirmed);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError('Password is required');
      return;
    }
    setBusy(true);
    try {
      await reauthenticate({ password });
      finish(true);
    } catch (failure) {
      setError(errorMessage(failure, 'Something went wrong'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) finish(false);
      }}
      title="Confirm your password"
      description="For your security, enter your password again to make this change."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => finish(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy}>
            {busy ? 'Confirming...' : 'Confirm'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => setPassword(event.target.value)}
        />
      </form>
    </Modal>
  );
}
