import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import type { LoginBody } from '@cask/contracts/auth';
import {
  AUTHENTICATION_CODE_INVALID,
  AuthenticationCodeField,
  isAuthenticationCode,
  PasswordField,
  TextField,
} from '@/components/ui/text-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { clearSession, startSession } from '@/lib/session.ts';
import { loadLogin, useLogin, usePasskeySignIn, useSecondFactor } from './api/use-login.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import type { LoginErrors } from './sign-in-validation.ts';

const loadValidation = () => import('./sign-in-validation.ts');

/**
 * The first page a new visitor loads draws its form before zod and the contracts arrive
 * (decision 121): the rules are imported on the first validation, the request on the first send.
 * The form keeps its two values itself, without react-hook-form (docs/decisions/450).
 */
const FIELDS = ['email', 'password'] as const;

function toastError(message: string) {
  // Imported here: the sign-in page draws without react-hot-toast (decision 121).
  void import('react-hot-toast').then(({ default: toast }) => toast.error(message));
}

/**
 * Issue 28: the second step for an admin with two-factor on: the 'Authentication code' from the
 * app, or 'Use a recovery code' instead. Tokens come only from this step.
 */
function SecondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (tokens: { accessToken: string; refreshToken: string }) => Promise<void>;
  onRestart: () => void;
}) {
  const second = useSecondFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!useRecovery && !isAuthenticationCode(typed)) {
      setError(AUTHENTICATION_CODE_INVALID);
      return;
    }
    if (useRecovery && typed === '') {
      setError('Recovery code is required');
      return;
    }
    setError(undefined);
    second.mutate(useRecovery ? { challenge, recoveryCode: typed } : { challenge, code: typed }, {
      onSuccess: onSignedIn,
      onError: (failure) => {
        const message = errorMessage(failure, 'Login failed. Please try again.');
        // An expired challenge means starting again with the password.
        if (failure instanceof ApiError && failure.status === 401) {
          toastError(message);
          onRestart();
          return;
        }
        setError(message);
      },
    });
  };

  return (
    <AuthLayout
      title="Two-factor authentication"
      description={
        useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {useRecovery ? (
          <TextField
            key="recovery"
            label="Recovery code"
            autoComplete="off"
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
        <Button type="submit" className="w-full" disabled={second.isPending}>
          {second.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button
            type="button"
            className="font-medium text-gold-700 underline-offset-4 hover:text-gold-600 hover:underline"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setValue('');
              setError(undefined);
            }}
          >
            {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
          <button
            type="button"
            className="font-medium text-oak-700 underline-offset-4 hover:underline"
            onClick={onRestart}
          >
            Back to Sign In
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}

/** docs/screens/sign-in.md: the form, its rules and 'Login failed. Please try again.' */
export default function SignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const passkey = usePasskeySignIn();
  const [challenge, setChallenge] = useState<string | null>(null);
  useEffect(() => {
    // Warm both up once the form is drawn, so the first submit does not wait for them.
    void loadValidation();
    void loadLogin();
  }, []);
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const sent = useRef(false);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const inputs = { email, password };

  // Before the first send a field shows no message; after it, the field's message follows what is
  // typed in it (react-hook-form's onSubmit mode, which this form used).
  const onChange = (field: keyof LoginBody) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (!sent.current) return;
    void loadValidation().then(({ checkLogin }) => {
      const checked = checkLogin(next);
      const message = 'errors' in checked ? checked.errors[field] : undefined;
      setErrors((current) => ({ ...current, [field]: message }));
    });
  };

  const signedIn = async (tokens: { accessToken: string; refreshToken: string }) => {
    startSession(tokens);
    // Whatever a previous admin left in the cache on this browser must not show.
    queryClient.clear();
    await navigate('/', { replace: true });
  };

  const send = (credentials: LoginBody) =>
    login.mutate(credentials, {
      onSuccess: async (answer) => {
        if ('challenge' in answer) {
          setChallenge(answer.challenge);
          return;
        }
        await signedIn(answer);
      },
      onError: (error) => {
        // docs/screens/sign-in.md: a failed login clears the cookies.
        clearSession();
        toastError(errorMessage(error, 'Login failed. Please try again.'));
      },
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    sent.current = true;
    const checked = (await loadValidation()).checkLogin(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      // The first refused field takes the focus.
      const first = FIELDS.find((field) => checked.errors[field] !== undefined);
      if (first) inputs[first].current?.focus();
      return;
    }
    setErrors({});
    send(checked.body);
  };

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onSignedIn={signedIn}
        onRestart={() => setChallenge(null)}
      />
    );
  }

  return (
    <AuthLayout title="Sign In">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          error={errors.email}
          ref={email}
          name="email"
          value={values.email}
          onChange={onChange('email')}
        />
        <div>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password}
            ref={password}
            name="password"
            value={values.password}
            onChange={onChange('password')}
          />
          <div className="mt-2 text-right">
            <Link
              to="/forgot_password"
              className="text-sm font-medium text-gold-700 underline-offset-4 hover:text-gold-600 hover:underline"
            >
              Forgot Password?
            </Link>
          </div>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <div className="mt-5 border-t border-cream-200 pt-5">
        <Button
          variant="secondary"
          className="w-full"
          disabled={passkey.isPending}
          onClick={() =>
            passkey.mutate(undefined, {
              onSuccess: signedIn,
              onError: (error) =>
                toastError(
                  error instanceof Error && error.name === 'NotAllowedError'
                    ? 'The passkey sign-in was cancelled.'
                    : errorMessage(error, 'Login failed. Please try again.'),
                ),
            })
          }
        >
          <KeyRound aria-hidden size={16} />
          {passkey.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
        </Button>
      </div>
    </AuthLayout>
  );
}
