import { http } from 'msw';
import type {
  ChangePasswordBody,
  ChangePasswordResponse,
  LoginResponse,
  ProfileResponse,
  RefreshResponse,
} from '@cask/contracts/auth';
import type { MessageEnvelope } from '@cask/contracts/common';
import type {
  UpdateProfileInput,
  UpdateProfileResponse,
  UploadAvatarResponse,
} from '@cask/contracts/profile';
import type { ReauthenticateBody, SecondFactorBody } from '@cask/contracts/security';
import {
  ISSUED_TOKENS,
  moragAdmin,
  RECOVERY_CODES,
  SECOND_FACTOR_CHALLENGE,
  STEP_UP_PASSWORD,
  TOTP_CODE,
  UPLOADED_AVATAR,
} from '../factories.ts';
import { apiError, bodyOf, json } from '../respond.ts';
import { db, seedApi } from '../store.ts';

const AUTHENTICATION_CODE_WRONG = 'The authentication code is not valid';

/** A refusal of a code, as modules/auth words it: under the field that carried it. */
const wrongCode = (field: 'code' | 'recoveryCode') =>
  apiError(400, AUTHENTICATION_CODE_WRONG, {
    errors: [{ field, message: AUTHENTICATION_CODE_WRONG }],
  });

/**
 * Step-up (docs/decisions/227, 290): while the store's `stepUpStale` is set, a change that needs a
 * recent proof answers 403 `reauthentication_required`; undefined lets it through.
 */
export const proofMissing = () =>
  db().stepUpStale
    ? apiError(403, 'Please confirm your password to continue', {
        code: 'reauthentication_required',
      })
    : undefined;

/**
 * modules/auth as the app calls it: sign-in (with its second step when the store's admin has
 * two-factor on), the token refresh, logout, password recovery, step-up, the password change and
 * the signed-in admin's profile (read, saved, avatar upload) from the store's `profile`.
 * Credentials are taken as given; a test that needs a refusal overrides the one handler.
 */
export const authHandlers = [
  http.post('/api/auth/login', () =>
    json(200, {
      success: true,
      data: db().security.twoFactorEnabled
        ? { twoFactorRequired: true, challenge: SECOND_FACTOR_CHALLENGE }
        : ISSUED_TOKENS,
    } satisfies LoginResponse),
  ),
  http.post('/api/auth/login/second-factor', async ({ request }) => {
    const body = await bodyOf<SecondFactorBody>(request);
    if (body.challenge !== SECOND_FACTOR_CHALLENGE) {
      return apiError(401, 'The sign-in has expired: sign in again');
    }
    if ('code' in body ? body.code !== TOTP_CODE : !RECOVERY_CODES.includes(body.recoveryCode)) {
      return wrongCode('code' in body ? 'code' : 'recoveryCode');
    }
    return json(200, { success: true, data: ISSUED_TOKENS } satisfies LoginResponse);
  }),
  http.get('/api/auth/refresh-token', () =>
    json(200, { success: true, data: ISSUED_TOKENS } satisfies RefreshResponse),
  ),
  http.post('/api/auth/logout', () =>
    json(200, { success: true, message: 'Logged out' } satisfies MessageEnvelope),
  ),
  http.post('/api/auth/forgot-password', () =>
    json(200, {
      success: true,
      message: 'If the account exists, a code was sent',
    } satisfies MessageEnvelope),
  ),
  http.post('/api/auth/verify-password-reset-otp', () =>
    json(200, { success: true, message: 'OTP verified successfully!' } satisfies MessageEnvelope),
  ),
  http.post('/api/auth/reset-password', () =>
    json(200, { success: true, message: 'Password reset successfully!' } satisfies MessageEnvelope),
  ),
  http.post('/api/auth/reauthenticate', async ({ request }) => {
    const body = await bodyOf<ReauthenticateBody>(request);
    if ('code' in body) {
      if (!db().security.twoFactorEnabled || body.code !== TOTP_CODE) return wrongCode('code');
    } else if (!('password' in body) || body.password !== STEP_UP_PASSWORD) {
      return apiError(400, 'Password is incorrect', {
        errors: [{ field: 'password', message: 'Password is incorrect' }],
      });
    }
    db().stepUpStale = false;
    return json(200, { success: true, message: 'Confirmed' } satisfies MessageEnvelope);
  }),
  http.post('/api/auth/change-password', async ({ request }) => {
    await bodyOf<ChangePasswordBody>(request);
    return json(200, {
      success: true,
      message: 'Password changed successfully!',
      data: ISSUED_TOKENS,
    } satisfies ChangePasswordResponse);
  }),
  http.get('/api/auth/profile', () =>
    json(200, { success: true, data: { user: db().profile } } satisfies ProfileResponse),
  ),
  http.put('/api/auth/profile', async ({ request }) => {
    const body = await bodyOf<UpdateProfileInput>(request);
    const state = db();
    state.profile = {
      ...state.profile,
      fullName: body.fullName,
      phone: body.phone || null,
      avatar: body.avatar || null,
    };
    return json(200, {
      success: true,
      message: 'Profile updated successfully!',
      data: { user: state.profile },
    } satisfies UpdateProfileResponse);
  }),
  http.post('/api/auth/upload-avatar', () =>
    json(200, {
      success: true,
      data: { avatarUrl: UPLOADED_AVATAR },
    } satisfies UploadAvatarResponse),
  ),
];

/** The Profile screen's API: Morag's own profile (`avatar`: her picture), uploads and saves. */
export const profileApi = (avatar: string | null = null) =>
  seedApi({ profile: { ...moragAdmin, avatar } });
