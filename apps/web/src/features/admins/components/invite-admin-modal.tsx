import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import {
  inviteAdminBody,
  type InviteAdminBody,
  type InviteAdminInput,
} from '@cask/contracts/admins';
import {
  ApprovalReasonField,
  SentForApprovalNotice,
} from '@/components/approvals/approval-parts.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useInviteAdmin } from '../api/invite-admin.ts';
import { ROLE_HINT, roleOptions } from './role-options.ts';

const EMPTY: InviteAdminInput = { fullName: '', email: '', role: 'admin', reason: '' };
const FIELDS = new Set(['fullName', 'email', 'role', 'reason']);

/**
 * Issue 28: the 'Invite Admin' dialog (Name, Email, Role; 'Send Invite'). Issue 45: an Owner's
 * invite may wait for another Owner's approval, so Owner brings a 'Reason' (decision 425), and a
 * 202 is said in the dialog.
 */
export function InviteAdminModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invite = useInviteAdmin();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<InviteAdminInput, unknown, InviteAdminBody>({
    resolver: zodResolver(inviteAdminBody),
    defaultValues: EMPTY,
  });
  const busy = invite.isPending;
  const role = useWatch({ control, name: 'role' });

  const close = (next: boolean) => {
    if (busy && !next) return;
    if (!next) {
      reset(EMPTY);
      invite.reset();
      setSent(false);
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(({ reason, ...body }) => {
    // The reason only for an Owner's invite that has one (issue 45): the API ignores it otherwise.
    invite.mutate(body.role === 'owner' && reason ? { ...body, reason } : body, {
      onSuccess: (outcome) => {
        if ('sent' in outcome) return setSent(true);
        toast.success(`Invite sent to ${outcome.done.email}`);
        close(false);
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? (error.errors ?? []) : [];
        for (const item of fieldErrors) {
          if (FIELDS.has(item.field)) {
            setError(item.field as keyof InviteAdminInput, { message: item.message });
          }
        }
        // A 409 (an admin or an invite with that e-mail) belongs to the Email field.
        if (error instanceof ApiError && error.status === 409) {
          setError('email', { message: error.message });
        } else if (fieldErrors.length === 0) {
          toast.error(errorMessage(error, 'The invite could not be sent'));
        }
      },
    });
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Invite Admin"
      description="They get an e-mail with a link to set their password. The link works once, for 72 hours."
      size="sm"
      footer={
        sent ? (
          <Button onClick={() => close(false)}>OK</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              form="invite-admin-form"
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? 'Sending...' : 'Send Invite'}
            </Button>
          </>
        )
      }
    >
      {sent ? <SentForApprovalNotice /> : null}
      <form
        hidden={sent}
        id="invite-admin-form"
        noValidate
        onSubmit={onSubmit}
        className="space-y-4"
      >
        <TextField
          label="Name"
          autoComplete="off"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField
          label="Role"
          options={roleOptions}
          hint={ROLE_HINT}
          error={errors.role?.message}
          {...register('role')}
        />
        {role === 'owner' ? (
          <ApprovalReasonField error={errors.reason?.message} {...register('reason')} />
        ) : null}
      </form>
    </Modal>
  );
}
