import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPassword } from '@cask/contracts/auth';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { PasswordField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { storeSession } from '@/lib/session.ts';
import { acceptInvite } from './api/accept-invite.ts';
import { AuthLayout } from './components/auth-layout.tsx';

/** The password rules and texts of every password the server takes (8-128 characters). */
const acceptInviteForm = z
  .object({ password: newPassword, confirmPassword: z.string().min(1, 'Please re-enter password') })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
type AcceptInviteForm = z.infer<typeof acceptInviteForm>;

export const INVITE_LINK_INCOMPLETE =
  'This invite link is incomplete. Open the link from the invite e-mail again.';

/**
 * Issue 28, /accept-invite?token=...: the invitee sets a password and is signed in. Public: the
 * link's single-use token is the proof, and an expired or used one is refused by the API.
 */
export default function AcceptInvitePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useMutation({ mutationFn: acceptInvite });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AcceptInviteForm>({
    resolver: zodResolver(acceptInviteForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) =>
    accept.mutate(
      { token, password },
      {
        onSuccess: async (tokens) => {
          storeSession(tokens);
          // Whoever was signed in in this browser before is not the one signed in now.
          queryClient.clear();
          await navigate('/', { replace: true });
        },
      },
    ),
  );

  return (
    <AuthLayout
      title="Accept Invite"
      description={
        <p>Choose a password of 8 to 128 characters to finish setting up your account.</p>
      }
    >
      {token ? (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <PasswordField
            label="Password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          {accept.isError ? (
            <InlineError>{errorMessage(accept.error, 'Something went wrong')}</InlineError>
          ) : null}
          <Button type="submit" className="w-full" disabled={accept.isPending}>
            {accept.isPending ? 'Signing in...' : 'Set Password and Sign In'}
          </Button>
        </form>
      ) : (
        <InlineError>{INVITE_LINK_INCOMPLETE}</InlineError>
      )}
    </AuthLayout>
  );
}
