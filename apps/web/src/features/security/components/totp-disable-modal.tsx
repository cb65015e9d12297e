import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import {
  AUTHENTICATION_CODE_INVALID,
  AuthenticationCodeField,
  isAuthenticationCode,
  PasswordField,
} from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { useDisableTotp } from '../api/security.ts';

/** Issue 28: 'Turn off' two-factor takes the password and a code. */
export function TotpDisableModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  const close = () => {
    setPassword('');
    setCode('');
    setErrors({});
    disable.reset();
    onOpenChange(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (password === '') found.password = 'Password is required';
    if (!isAuthenticationCode(code)) found.code = AUTHENTICATION_CODE_INVALID;
    setErrors(found);
    if (found.password || found.code) return;
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          toast.success('Two-factor authentication is off');
          close();
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError ? (failure.errors ?? []) : [];
          const next: typeof errors = {};
          for (const item of fields) {
            if (item.field === 'password' || item.field === 'code') next[item.field] = item.message;
          }
          setErrors(next);
          if (!next.password && !next.code)
            toast.error(errorMessage(failure, 'Something went wrong'));
        },
      },
    );
  };

  const busy = disable.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title="Turn off two-factor authentication"
      description="Enter your password and a code from your authenticator app."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" form={formId} disabled={busy} aria-busy={busy}>
            {busy ? 'Turning off...' : 'Turn off'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <AuthenticationCodeField
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.target.value)}
        />
      </form>
    </Modal>
  );
}
