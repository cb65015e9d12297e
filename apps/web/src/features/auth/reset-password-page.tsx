import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN, RESET_SCREEN_PASSWORD_MAX } from '@cask/contracts/auth';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useResetPassword } from './api/reset-password.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { readResetScreenState, type ResetScreenState } from './recovery-state.ts';

/**
 * docs/screens/password-recovery.md: the reset screen's own 8-10 rule and messages. The server
 * accepts 8-128 (docs/architecture.md#authentication), so this form schema is the browser's, not the contract's.
 */
const resetPasswordForm = z
  .object({
    newPassword: z
      .string()
      .min(1, 'Password is required')
      .min(PASSWORD_MIN, `Minimum ${PASSWORD_MIN} characters`)
      .max(RESET_SCREEN_PASSWORD_MAX, `Maximum ${RESET_SCREEN_PASSWORD_MAX} characters`),
    confirmPassword: z.string().min(1, 'Please re-enter password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/**
 * docs/screens/password-recovery.md#reset-password-reset_password: reached only with the e-mail and
 * the verified code.
 */
export default function ResetPasswordPage() {
  const state = readResetScreenState(useLocation().state);
  if (!state) return <Navigate to="/forgot_password" replace />;
  return <ResetPasswordForm recovery={state} />;
}

function ResetPasswordForm({ recovery }: { recovery: ResetScreenState }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    setError,
    formState: { errors, isValid },
  } = useForm({
    resolver: zodResolver(resetPasswordForm),
    // docs/screens/password-recovery.md: validation runs on every change.
    mode: 'onChange',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ newPassword }) =>
    resetPassword.mutate(
      { email: recovery.email, otp: recovery.otp, newPassword },
      {
        onSuccess: async () => {
          toast.success('Password reset successfully!');
          await navigate('/signin', { replace: true });
        },
        onError: (error) => {
          // A password the server refuses (too common: docs/decisions/320) is said under it.
          const refusal =
            error instanceof ApiError
              ? error.errors?.find((item) => item.field === 'newPassword')
              : undefined;
          if (refusal) {
            setError('newPassword', { message: refusal.message }, { shouldFocus: true });
            return;
          }
          toast.error(errorMessage(error, 'Failed to reset password. Please try again.'));
        },
      },
    ),
  );

  return (
    <AuthLayout
      title="Reset Password"
      description={<p>Your new password must be 8-10 characters long.</p>}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword', {
            // A confirmation already typed must be re-checked against the changed password.
            onChange: () => {
              if (getFieldState('confirmPassword').isDirty) void trigger('confirmPassword');
            },
          })}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" disabled={!isValid || resetPassword.isPending}>
          {resetPassword.isPending ? 'Resetting...' : 'Confirm'}
        </Button>
      </form>
    </AuthLayout>
  );
}
