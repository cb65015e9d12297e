import { z } from 'zod';

/** docs/screens/settings.md#change-password: every field required, and the new one typed twice. */
export const ALL_FIELDS_REQUIRED = 'All fields are required';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

const required = z.string().min(1, ALL_FIELDS_REQUIRED);

export const changePasswordForm = z
  .object({
    currentPassword: required,
    newPassword: required,
    confirmPassword: required,
    /** Also remove every passkey of the admin (docs/decisions/290). */
    removePasskeys: z.boolean(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/**
 * The fields a server error may name (docs/screens/settings.md#api-calls: errors[] of field and
 * message).
 */
export const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const;
