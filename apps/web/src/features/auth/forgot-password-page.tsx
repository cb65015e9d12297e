import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { forgotPasswordBody } from '@cask/contracts/auth';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useForgotPassword } from './api/forgot-password.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { startOtpWindow } from './otp-expiry.ts';
import type { OtpScreenState } from './recovery-state.ts';

/**
 * docs/screens/password-recovery.md#forgot-password-forgot_password: the form, its rules and
 * messages.
 */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) =>
    forgotPassword.mutate(
      { email },
      {
        onSuccess: async () => {
          toast.success('Password reset email sent successfully!');
          // A code was just mailed: the OTP screen's resend wait starts now (docs/decisions/021).
          startOtpWindow(Date.now());
          const state: OtpScreenState = { email };
          await navigate('/otp', { state });
        },
        onError: (error) => {
          toast.error(errorMessage(error, 'Failed to send reset email. Please try again.'));
        },
      },
    ),
  );

  return (
    <AuthLayout
      title="Forgot Password"
      description={<p>Please enter your email address to reset your password.</p>}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" className="w-full" disabled={forgotPassword.isPending}>
          {forgotPassword.isPending ? 'Sending...' : 'Next'}
        </Button>
        <p className="text-center">
          <Link
            to="/signin"
            className="text-sm font-medium text-gold-700 underline-offset-4 hover:text-gold-600 hover:underline"
          >
            Back to Sign In
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
