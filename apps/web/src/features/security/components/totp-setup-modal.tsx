import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import {
  AUTHENTICATION_CODE_INVALID,
  AuthenticationCodeField,
  isAuthenticationCode,
} from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { securityQueryKey, useBeginTotpSetup, useVerifyTotpSetup } from '../api/security.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

/**
 * Issue 28: 'Set up' two-factor. A QR code and the key as text, the first 6-digit code turns it
 * on, then the ten recovery codes are shown once (copy, download).
 */
export function TotpSetupModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const begin = useBeginTotpSetup();
  const verify = useVerifyTotpSetup();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { mutate: start, reset: resetBegin } = begin;

  useEffect(() => {
    if (open) start();
  }, [open, start]);

  const close = () => {
    setCode('');
    setError(undefined);
    resetBegin();
    verify.reset();
    // The screen shows two-factor as on, and the recovery codes left, from the server.
    void queryClient.invalidateQueries({ queryKey: securityQueryKey });
    onOpenChange(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAuthenticationCode(code)) {
      setError(AUTHENTICATION_CODE_INVALID);
      return;
    }
    verify.mutate(code.trim(), {
      onSuccess: () => setError(undefined),
      onError: (failure) => setError(errorMessage(failure, 'Something went wrong')),
    });
  };

  const codes = verify.data;
  if (codes) {
    return (
      <Modal
        open={open}
        onOpenChange={(next) => (next ? undefined : close())}
        title="Save your recovery codes"
        description="Two-factor authentication is on. Each recovery code signs you in once if you lose your authenticator app. They are shown only now: copy or download them and keep them somewhere safe."
        footer={<Button onClick={close}>Done</Button>}
      >
        <RecoveryCodes codes={codes} />
      </Modal>
    );
  }

  const setup = begin.data;
  const busy = verify.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title="Set up two-factor authentication"
      description="Scan the QR code with your authenticator app, then enter the 6-digit code it shows."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy || !setup} aria-busy={busy}>
            {busy ? 'Verifying...' : 'Verify'}
          </Button>
        </>
      }
    >
      {begin.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(begin.error, 'The set-up could not start. Please try again.')}
        </p>
      ) : !setup ? (
        <p role="status" className="text-sm text-oak-700">
          Preparing your key...
        </p>
      ) : (
        <div className="space-y-4">
          <img
            src={setup.qrCode}
            alt="QR code to scan with your authenticator app"
            width={200}
            height={200}
            className="mx-auto rounded-lg border border-cream-300 bg-white p-2"
          />
          <div>
            <h3 className="text-sm font-medium text-oak-900">Can&apos;t scan? Enter this key</h3>
            <p
              data-testid="totp-key"
              className="mt-1 rounded-lg bg-cream-100 px-3 py-2 font-mono text-sm tracking-wider break-all text-oak-900 select-all"
            >
              {setup.secret}
            </p>
          </div>
          <form id={formId} noValidate onSubmit={onSubmit}>
            <AuthenticationCodeField
              value={code}
              error={error}
              onChange={(event) => setCode(event.target.value)}
            />
          </form>
        </div>
      )}
    </Modal>
  );
}
