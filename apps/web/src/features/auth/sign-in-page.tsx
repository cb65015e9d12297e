import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { loginBody } from '@cask/contracts/auth';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField, TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { clearSession, storeSession } from '@/lib/session.ts';
import { useLogin } from './api/login.ts';
import { AuthLayout } from './components/auth-layout.tsx';

/** Spec 000 §2 Sign In, §5 validation, §8 'Login failed. Please try again.' */
export default function SignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

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
        toast.error(errorMessage(error, 'Login failed. Please try again.'));
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
