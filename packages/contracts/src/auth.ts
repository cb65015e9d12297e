import { z } from 'zod';
import { okEnvelope } from './common.ts';

/** Spec 000 §5: non-space text, an @, non-space text. */
export const EMAIL_PATTERN = /^\S+@\S+$/;

/** DESIGN.md §5: the server accepts 8 to 128 characters everywhere. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Spec 000 §9: four digits. */
export const OTP_LENGTH = 4;

const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .regex(EMAIL_PATTERN, 'Invalid Email')
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const otp = z
  .string()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The code must be ${OTP_LENGTH} digits`);

export const loginBody = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export const loginResponse = okEnvelope(tokenPair);
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshQuery = z.object({ refreshToken: z.string().min(1).max(200) });
export const refreshResponse = okEnvelope(
  z.object({ accessToken: z.string(), refreshToken: z.string() }),
);
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutBody = z.object({ refreshToken: z.string().max(200).optional() });

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const verifyOtpBody = z.object({ email, otp });
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

export const resetPasswordBody = z.object({ email, otp, newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'All fields are required').max(PASSWORD_MAX),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The signed-in admin, as `GET /auth/profile` answers in `data.user`. */
export const adminProfile = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  avatar: z.string().nullable(),
});
export type AdminProfile = z.infer<typeof adminProfile>;
export const profileResponse = okEnvelope(z.object({ user: adminProfile }));
