import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { LoginBody } from '@cask/contracts/auth';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField, TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { clearSession, storeSession } from '@/lib/session.ts';
import { loadLogin, useLogin } from './api/use-login.ts';
import { AuthLayout } from './components/auth-layout.tsx';

const loadValidation = () => import('./sign-in-validation.ts');

/**
 * The first page a new visitor loads draws its form before zod and the contracts arrive
 * (decision 121): the rules are imported on the first validation, the request on the first send.
 */
const resolver: Resolver<LoginBody> = async (values, context, options) =>
  (await loadValidation()).loginResolver(values, context, options);

/** Spec 000 §2 Sign In, §5 validation, §8 'Login failed. Please try again.' */
export default function SignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  useEffect(() => {
    // Warm both up once the form is drawn, so the first submit does not wait for them.
    void loadValidation();
    void loadLogin();
  }, []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((credentials) =>
    login.mutate(credentials, {
      onSuccess: async (tokens) => {
        storeSession(tokens);
        // Whatever a previous admin left in the cache on this browser must not show.
        queryClient.clear();
        await navigate('/', { replace: true });
      },
      onError: (error) => {
        // Spec 000 §4: a failed login clears the cookies.
        clearSession();
        const message = errorMessage(error, 'Login failed. Please try again.');
        // Imported here: the sign-in page draws without react-hot-toast (decision 121).
        void import('react-hot-toast').then(({ default: toast }) => toast.error(message));
      },
    }),
  );

  return (
    <AuthLayout title="Sign In">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <div>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
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
    </AuthLayout>
  );
}
