import { z } from 'zod';
import { adminProfile, emailField, FULL_NAME_MAX } from './auth.ts';
import { okEnvelope, line } from './common.ts';
import { UPLOAD_URL_PATTERN } from './files.ts';
import { AVATAR_FIELD, PHONE_MAX_DIGITS } from './plain.ts';

export { AVATAR_FIELD, PHONE_MAX_DIGITS };

const PHONE_PATTERN = new RegExp(`^\\+?\\d{1,${PHONE_MAX_DIGITS}}$`);

export const NAME_REQUIRED = 'Name is required';
export const EMAIL_READ_ONLY = 'Email cannot be changed';
export const ROLE_READ_ONLY = 'Role cannot be changed';
export const PHONE_INVALID = `Phone number must be digits only (at most ${PHONE_MAX_DIGITS}), with an optional leading +`;
export const AVATAR_INVALID = 'Avatar must be an uploaded image';

/** The web form's own check of the phone (`profileForm`): at most PHONE_MAX_DIGITS digits. */
export const PHONE_TOO_LONG = `Phone number must be at most ${PHONE_MAX_DIGITS} digits`;

export const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * docs/screens/settings.md#personal-information: the web form's check. No required rules are shown
 * for the profile; the phone holds digits only, at most 15 (the country mask already keeps letters
 * out). The server checks the rest with `updateProfileBody` and answers with field errors
 * (docs/screens/settings.md#texts). The screen loads it when the form is first validated
 * (docs/decisions/450).
 */
export const profileForm = z.object({
  fullName: z.string(),
  phone: z.string().refine((phone) => digitsOf(phone).length <= PHONE_MAX_DIGITS, PHONE_TOO_LONG),
});

/**
 * `PUT /auth/profile` (docs/screens/settings.md#api-calls): fullName, email, phone, role, avatar.
 * The e-mail and the role are read-only: they are sent back as the profile gave them, and the
 * service refuses a change.
 */
export const updateProfileBody = z.object({
  fullName: line({ error: NAME_REQUIRED })
    .min(1, NAME_REQUIRED)
    .max(FULL_NAME_MAX, `Name must be at most ${FULL_NAME_MAX} characters`),
  email: emailField('Invalid Email'),
  /** Empty or absent clears the number. */
  phone: line()
    .max(16, PHONE_INVALID)
    .refine((value) => value === '' || PHONE_PATTERN.test(value), PHONE_INVALID)
    .nullish()
    .transform((value) => (value ? value : null)),
  role: line().max(50).nullish(),
  /** An `/uploads/<id>` URL from `POST /auth/upload-avatar`, or null for the placeholder. */
  avatar: line()
    .max(200, AVATAR_INVALID)
    .refine((value) => value === '' || UPLOAD_URL_PATTERN.test(value), AVATAR_INVALID)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type UpdateProfileInput = z.input<typeof updateProfileBody>;
export type UpdateProfileBody = z.output<typeof updateProfileBody>;

export const updateProfileResponse = okEnvelope(z.object({ user: adminProfile }));
export type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;

/**
 * docs/screens/settings.md#api-calls: `POST /auth/upload-avatar` (multipart field `AVATAR_FIELD`)
 * answers data.avatarUrl.
 */
export const uploadAvatarResponse = okEnvelope(z.object({ avatarUrl: z.string() }));
export type UploadAvatarResponse = z.infer<typeof uploadAvatarResponse>;
