import { z } from 'zod';
import { messageEnvelope, okEnvelope, line, text } from './common.ts';

/**
 * docs/screens/sign-in.md#validation asks for non-space text, an @, non-space text; issue 40
 * narrows it to one plain address (docs/decisions/302): zod's documented `z.regexes.email`
 * (dot-separated letters, digits, `_`, `'`, `+` and `-` before the @; a domain of letters, digits
 * and hyphens ending in a name of two or more letters). A list (`a@x.test,b@y.test`), a display
 * name or an angle-address (`"x"<b@y.test>`) is refused, so a mail never goes to an address other
 * than the one shown. The API's mailer refuses anything else too.
 */
export const EMAIL_PATTERN: RegExp = z.regexes.email;
export const EMAIL_MAX = 254;

/** docs/architecture.md#authentication: the server accepts 8 to 128 characters everywhere. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * docs/screens/password-recovery.md#limits: the reset screen keeps the 8-10 rule in the browser
 * only; the server accepts PASSWORD_MIN..PASSWORD_MAX (docs/architecture.md#authentication).
 */
export const RESET_SCREEN_PASSWORD_MAX = 10;

/**
 * What the API answers, under the password's field, for a new password on its list of common
 * and breached passwords (docs/decisions/320). The list stays on the server: the browser's rules
 * are the length ones above.
 */
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose another.';

/** docs/screens/password-recovery.md#limits: four digits. */
export const OTP_LENGTH = 4;

/**
 * docs/screens/password-recovery.md#limits: the resend countdown; the server refuses a new code
 * sooner than this.
 */
export const OTP_RESEND_SECONDS = 60;

export const FULL_NAME_MAX = 100;

/**
 * E-mails are compared lower-cased and trimmed. The invalid-pattern message differs per screen
 * ('Invalid username' on sign-in, docs/screens/sign-in.md#validation; 'Invalid Email' on
 * forgot-password).
 */
export function emailField(invalidMessage: string) {
  return line({ error: 'Email is required' })
    .min(1, 'Email is required')
    .max(EMAIL_MAX, 'Email is too long')
    .regex(EMAIL_PATTERN, invalidMessage)
    .transform((value) => value.toLowerCase());
}

const email = emailField('Invalid Email');

export const newPassword = text({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const otp = text({ error: 'OTP is required' }).regex(
  new RegExp(`^\\d{${OTP_LENGTH}}$`),
  `The OTP must be ${OTP_LENGTH} digits`,
);

/** An opaque refresh token: 256 bits in base64url are 43 characters; the cap stops abuse. */
const refreshToken = text().min(1, 'refreshToken is required').max(200);

export const loginBody = z.object({
  email: emailField('Invalid username'),
  password: text({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * docs/screens/sign-in.md#api-calls: the sign-in answer carries accessToken and refreshToken in
 * data.
 */
export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;
/**
 * For an admin with two-factor on, the answer carries no tokens: `twoFactorRequired` and a
 * short-lived challenge for POST /api/auth/login/second-factor (issue 28).
 */
export const loginResponse = okEnvelope(
  z.union([tokenPair, z.object({ twoFactorRequired: z.literal(true), challenge: z.string() })]),
);
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshQuery = z.object({ refreshToken });
/**
 * The original only read data.accessToken (docs/screens/common.md#token-refresh), but refresh
 * tokens rotate (docs/architecture.md#authentication): the client MUST store the new data.refreshToken, the one it sent is
 * spent.
 */
export const refreshResponse = okEnvelope(tokenPair);
export type RefreshResponse = z.infer<typeof refreshResponse>;

/** Logout is public: holding the refresh token is the proof (docs/decisions/011). */
export const logoutBody = z.object({ refreshToken: refreshToken.optional() });
export type LogoutBody = z.infer<typeof logoutBody>;
export const logoutResponse = messageEnvelope;

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;
/** The same answer whether or not the account exists (docs/architecture.md#authentication). */
export const forgotPasswordResponse = messageEnvelope;

export const verifyOtpBody = z.object({ email, otp });
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;
export const verifyOtpResponse = messageEnvelope;

export const resetPasswordBody = z.object({ email, otp, newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export const resetPasswordResponse = messageEnvelope;

export const changePasswordBody = z.object({
  currentPassword: text({ error: 'All fields are required' })
    .min(1, 'All fields are required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  newPassword,
  /**
   * Also remove every passkey of the admin (docs/decisions/290): a password changed because it
   * leaked ends the sessions opened with it, and this ends the passkeys added in them.
   */
  removePasskeys: z.boolean({ error: 'Remove passkeys must be true or false' }).optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
/**
 * A password change ends every session, this browser's too, and hands it a fresh pair so it
 * stays signed in (docs/decisions/012): the client stores both tokens.
 */
export const changePasswordResponse = okEnvelope(tokenPair);
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

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
export type ProfileResponse = z.infer<typeof profileResponse>;

/** `npm run admin:create` and ADMIN_* at start-up: the same rules as everywhere else. */
export const createAdminInput = z.object({
  fullName: line({ error: 'Name is required' })
    .min(1, 'Name is required')
    .max(FULL_NAME_MAX, `Name must be at most ${FULL_NAME_MAX} characters`),
  email,
  password: newPassword,
});
export type CreateAdminInput = z.infer<typeof createAdminInput>;
