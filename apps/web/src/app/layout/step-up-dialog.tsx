import { useId, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import {
  AUTHENTICATION_CODE_INVALID,
  AuthenticationCodeField,
  isAuthenticationCode,
  PasswordField,
} from '@/components/ui/text-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { reauthenticateWithPasskey } from '@/features/security/api/passkeys.ts';
import { usePasskeys } from '@/lib/passkeys-query.ts';
import { reauthenticate, useSecurityOverview } from '@/features/security/api/security.ts';

type Way = 'password' | 'code';

const texts: Record<Way, { title: string; description: string }> = {
  password: {
    title: 'Confirm your password',
    description: 'For your security, enter your password again to make this change.',
  },
  code: {
    title: 'Confirm with your authentication code',
    description:
      'For your security, enter the 6-digit code from your authenticator app to make this change.',
  },
};

const linkClass =
  'font-medium text-gold-700 underline-offset-4 hover:text-gold-600 hover:underline disabled:opacity-50';

/**
 * Step-up (issue 28): a change that needs a recent proof of identity was refused; the admin
 * gives the password again, or a code from the authenticator app when two-factor is on, or
 * uses one of their passkeys (docs/decisions/276), and the API client sends the change once more.
 * The other ways are offered once the Security screen's calls say the admin has them.
 */
export function StepUpDialog({
  open,
  onDone,
}: {
  open: boolean;
  onDone: (confirmed: boolean) => void;
}) {
  const formId = useId();
  const [way, setWay] = useState<Way>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [passkeyError, setPasskeyError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'form' | 'passkey' | null>(null);
  const overview = useSecurityOverview();
  const passkeys = usePasskeys();
  const canUseCode = overview.data?.twoFactorEnabled === true;
  const canUsePasskey = (passkeys.data?.length ?? 0) > 0;

  const finish = (confirmed: boolean) => {
    setWay('password');
    setValue('');
    setError(undefined);
    setPasskeyError(undefined);
    onDone(confirmed);
  };

  const switchTo = (next: Way) => {
    setWay(next);
    setValue('');
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (way === 'password' && value === '') {
      setError('Password is required');
      return;
    }
    if (way === 'code' && !isAuthenticationCode(typed)) {
      setError(AUTHENTICATION_CODE_INVALID);
      return;
    }
    setBusy('form');
    try {
      await reauthenticate(way === 'password' ? { password: value } : { code: typed });
      finish(true);
    } catch (failure) {
      setError(errorMessage(failure, 'Something went wrong'));
    } finally {
      setBusy(null);
    }
  };

  const confirmWithPasskey = async () => {
    setPasskeyError(undefined);
    setBusy('passkey');
    try {
      await reauthenticateWithPasskey();
      finish(true);
    } catch (failure) {
      setPasskeyError(
        failure instanceof Error && failure.name === 'NotAllowedError'
          ? 'The passkey confirmation was cancelled.'
          : errorMessage(failure, 'Something went wrong'),
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) finish(false);
      }}
      title={texts[way].title}
      description={texts[way].description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => finish(false)} disabled={busy !== null}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy !== null} aria-busy={busy === 'form'}>
            {busy === 'form' ? 'Confirming...' : 'Confirm'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        {way === 'password' ? (
          <PasswordField
            key="password"
            label="Password"
            autoComplete="current-password"
            value={value}
            error={error}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : (
          <AuthenticationCodeField
            key="code"
            value={value}
            error={error}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </form>
      {canUseCode ? (
        <div className="mt-3 text-sm">
          <button
            type="button"
            className={linkClass}
            disabled={busy !== null}
            onClick={() => switchTo(way === 'password' ? 'code' : 'password')}
          >
            {way === 'password' ? 'Use an authentication code' : 'Use your password'}
          </button>
        </div>
      ) : null}
      {canUsePasskey ? (
        <div className="mt-4 border-t border-cream-200 pt-4">
          <Button
            variant="secondary"
            className="w-full"
            disabled={busy !== null}
            aria-busy={busy === 'passkey'}
            onClick={() => void confirmWithPasskey()}
          >
            <KeyRound aria-hidden size={16} />
            {busy === 'passkey' ? 'Waiting for your passkey...' : 'Use a passkey'}
          </Button>
          {passkeyError ? (
            <p className="mt-2 text-sm text-red-700" role="alert">
              {passkeyError}
            </p>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
