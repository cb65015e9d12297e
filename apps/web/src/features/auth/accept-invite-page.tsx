import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ROLE_LABELS, type InviteDetails } from '@cask/contracts/admins';
import { newPassword } from '@cask/contracts/auth';
import { Button } from '@/components/ui/button.tsx';
import { InlineError } from '@/components/ui/error-state.tsx';
import { PasswordField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';
import { acceptInvite, inviteDetailsQuery } from './api/accept-invite.ts';
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

/** Where a dead or incomplete link sends the visitor instead of the form. */
function BackToSignIn() {
  return (
    <p className="text-center">
      <Link
        to="/signin"
        className="text-sm font-medium text-gold-700 underline-offset-4 hover:text-gold-600 hover:underline"
      >
        Back to Sign In
      </Link>
    </p>
  );
}

/** Whose account the invite sets up, in which role, and who invited them (issue 41). */
function InviteFacts({ invite }: { invite: InviteDetails }) {
  const facts: [string, string][] = [
    ['E-mail', invite.email],
    ['Role', ROLE_LABELS[invite.role]],
    ['Invited by', invite.invitedBy ?? 'An Owner who has since left'],
  ];
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-cream-300 bg-cream-100 px-4 py-3 text-left text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-oak-700">{term}</dt>
          <dd className="font-medium break-all text-oak-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Issue 28, /accept-invite?token=...: the invitee sets a password and is signed in. Public: the
 * link's single-use token is the proof. The link is checked as the page opens (issue 41): a
 * spent, withdrawn or expired one shows why and a way to sign in, never the form.
 */
export default function AcceptInvitePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const invite = useQuery(inviteDetailsQuery(token));

  let body;
  if (!token) {
    body = (
      <>
        <InlineError>{INVITE_LINK_INCOMPLETE}</InlineError>
        <BackToSignIn />
      </>
    );
  } else if (invite.isPending) {
    body = (
      <p role="status" className="text-center text-sm text-oak-700">
        Checking your invite link...
      </p>
    );
  } else if (invite.isError) {
    body = (
      <div className="space-y-5">
        <InlineError>{errorMessage(invite.error, 'Something went wrong')}</InlineError>
        <BackToSignIn />
      </div>
    );
  } else {
    body = <AcceptInviteForm token={token} />;
  }

  return (
    <AuthLayout
      title="Accept Invite"
      description={
        invite.data ? (
          <>
            <p>
              {invite.data.fullName}, choose a password of 8 to 128 characters to finish setting up
              your account.
            </p>
            <InviteFacts invite={invite.data} />
          </>
        ) : undefined
      }
    >
      {body}
    </AuthLayout>
  );
}

function AcceptInviteForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useMutation({ mutationFn: acceptInvite });
  const {
    register,
    handleSubmit,
    setError,
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
          startSession(tokens);
          // Whoever was signed in in this browser before is not the one signed in now: their
          // data goes. The link's answer stays while this page is on screen, or it would be asked
          // again about a link now spent.
          queryClient.removeQueries({
            predicate: (query) => query.queryKey[0] !== inviteDetailsQuery(token).queryKey[0],
          });
          await navigate('/', { replace: true });
        },
        onError: (error) => {
          // A password the server refuses (too common: docs/decisions/320) is said under it.
          const refusal =
            error instanceof ApiError
              ? error.errors?.find((item) => item.field === 'password')
              : undefined;
          if (refusal) setError('password', { message: refusal.message }, { shouldFocus: true });
        },
      },
    ),
  );

  const passwordRefused =
    accept.error instanceof ApiError &&
    accept.error.errors?.some((item) => item.field === 'password');
  return (
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
      {accept.isError && !passwordRefused ? (
        <InlineError>{errorMessage(accept.error, 'Something went wrong')}</InlineError>
      ) : null}
      <Button type="submit" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? 'Signing in...' : 'Set Password and Sign In'}
      </Button>
    </form>
  );
}
