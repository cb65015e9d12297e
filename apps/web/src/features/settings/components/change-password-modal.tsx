import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { PasswordField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { showFieldErrors } from '@/lib/form-errors.ts';
import { usePasskeys } from '@/lib/passkeys-query.ts';
import { useChangePassword } from '../api/change-password.ts';
import {
  changePasswordForm,
  SERVER_FIELDS,
  type ChangePasswordForm,
} from './change-password-form.ts';

const EMPTY: ChangePasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  removePasskeys: false,
};

/**
 * docs/screens/settings.md#change-password: the 'Change Password' modal. The new password ends
 * every other session; 'Also remove my passkeys' ends the passkeys too (docs/decisions/290),
 * offered only to an admin who has some.
 */
export function ChangePasswordModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const changePassword = useChangePassword();
  const passkeys = usePasskeys({ enabled: open });
  const hasPasskeys = (passkeys.data?.length ?? 0) > 0;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY,
  });

  const close = (next: boolean) => {
    // A half-typed password must not be there when the modal opens again.
    if (!next) {
      reset(EMPTY);
      changePassword.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) => {
    changePassword.mutate(
      {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        removePasskeys: hasPasskeys && values.removePasskeys,
      },
      {
        onSuccess: () => {
          toast.success('Password changed successfully!');
          close(false);
        },
        onError: (error) => {
          // docs/screens/settings.md#texts: server field errors under their fields, else its
          // message, else ours.
          if (!showFieldErrors(error, SERVER_FIELDS, setError))
            toast.error(errorMessage(error, 'Something went wrong'));
        },
      },
    );
  });

  const busy = changePassword.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Change Password"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy}>
            {busy ? 'Submitting...' : 'Update Password'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {hasPasskeys && (
          <CheckboxField
            label="Also remove my passkeys"
            hint="If someone else may have added one, remove them all; you can add yours again on the Security screen."
            {...register('removePasskeys')}
          />
        )}
      </form>
    </Modal>
  );
}
