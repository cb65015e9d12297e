import { z } from 'zod';
import { PASSWORD_MAX, tokenPair } from './auth.ts';
import { line, messageEnvelope, okEnvelope, text } from './common.ts';
import { approvalReason } from './approval-request.ts';

// Issue 28: sessions, two-factor sign-in and the security policy (Settings -> Security).

export const TOTP_CODE_LENGTH = 6;
export const AUTHENTICATION_CODE_INVALID = 'Enter the 6-digit code from your authenticator app';

export const totpCode = text({ error: 'Authentication code is required' })
  .trim()
  .regex(new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`), AUTHENTICATION_CODE_INVALID);

/** As printed (`xxxxx-xxxxx`); typed with or without the dash, in any case. */
export const recoveryCode = text({ error: 'Recovery code is required' })
  .trim()
  .min(1, 'Recovery code is required')
  .max(40, 'Recovery code is too long');

const password = text({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** The login answer for an account with two-factor on: no tokens, a short-lived challenge. */
export const secondFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

/** The second sign-in step: the challenge and either a code or a recovery code. */
export const secondFactorBody = z.union([
  z.object({ challenge: text().min(1).max(2000), code: totpCode }),
  z.object({ challenge: text().min(1).max(2000), recoveryCode }),
]);
export type SecondFactorBody = z.infer<typeof secondFactorBody>;
export const secondFactorResponse = okEnvelope(tokenPair);

/** One open session in the list; `current` is the one that asks. */
export const sessionItem = z.object({
  id: z.uuid(),
  browser: z.string(),
  system: z.string(),
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionsResponse = okEnvelope(z.object({ sessions: z.array(sessionItem) }));
export type SessionsResponse = z.infer<typeof sessionsResponse>;
export const sessionParams = z.object({ id: z.uuid('Invalid session id') });
export const endSessionsResponse = okEnvelope(z.object({ ended: z.number().int() }));

/** What the Security screen shows about the admin's second factor and the policy. */
export const securityOverview = z.object({
  twoFactorEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  requireTwoFactor: z.boolean(),
  /** Whether this admin may change the policy. */
  canManagePolicy: z.boolean(),
});
export type SecurityOverview = z.infer<typeof securityOverview>;
export const securityOverviewResponse = okEnvelope(securityOverview);

export const totpSetup = z.object({
  /** The key in base32, as typed into an app that cannot scan. */
  secret: z.string(),
  /** otpauth:// URI, what the QR code holds. */
  uri: z.string(),
  /** The QR code as a PNG data URL. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetup>;
export const totpSetupResponse = okEnvelope(totpSetup);

export const totpVerifyBody = z.object({ code: totpCode });
export type TotpVerifyBody = z.infer<typeof totpVerifyBody>;
export const recoveryCodesResponse = okEnvelope(z.object({ recoveryCodes: z.array(z.string()) }));
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const totpDisableBody = z.object({ password, code: totpCode });
export type TotpDisableBody = z.infer<typeof totpDisableBody>;

export const policyBody = z.object({
  requireTwoFactor: z.boolean(),
  /** Required when the Approvals policy sends turning it off for approval (issue 45). */
  reason: approvalReason,
});
export type PolicyBody = z.input<typeof policyBody>;
export const policyResponse = okEnvelope(z.object({ requireTwoFactor: z.boolean() }));

export const securityMessageResponse = messageEnvelope;

/** A passkey in the list. */
export const passkeyItem = z.object({ id: z.uuid(), name: z.string(), createdAt: z.string() });
export type PasskeyItem = z.infer<typeof passkeyItem>;
export const passkeysResponse = okEnvelope(z.object({ passkeys: z.array(passkeyItem) }));
export const passkeyResponse = okEnvelope(passkeyItem);
export const passkeyParams = z.object({ id: z.uuid('Invalid passkey id') });

export const PASSKEY_NAME_MAX = 60;
export const passkeyName = line({ error: 'Name is required' })
  .min(1, 'Name is required')
  .max(PASSKEY_NAME_MAX, `Name must be at most ${PASSKEY_NAME_MAX} characters`);

/**
 * A WebAuthn ceremony's options (what @simplewebauthn/browser takes) and the id of its
 * single-use challenge, sent back with the answer.
 */
export const webauthnOptionsResponse = okEnvelope(
  z.object({ options: z.record(z.string(), z.unknown()), ceremony: z.uuid() }),
);

/**
 * POST /security/passkeys/options: a registration's options, and the address passkeys belong to
 * (PUBLIC_URL's origin, docs/decisions/321). The browser refuses a passkey for another host, so
 * the screen says where to open the app instead of failing without a word.
 */
export const passkeyRegistrationOptionsResponse = okEnvelope(
  z.object({
    options: z.record(z.string(), z.unknown()),
    ceremony: z.uuid(),
    origin: z.string(),
  }),
);

/** Says where passkeys work when the app is open at another address (docs/decisions/321). */
export function passkeysOnlyAt(origin: string): string {
  return `Passkeys work only at ${origin}. Open the app there to add one.`;
}

/** What the browser's authenticator answered, as @simplewebauthn/browser serialises it. */
const credentialJson = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.string().max(40).optional(),
});

export const addPasskeyBody = z.object({
  name: passkeyName,
  ceremony: z.uuid(),
  response: credentialJson,
});
export type AddPasskeyBody = z.infer<typeof addPasskeyBody>;

export const passkeySignInBody = z.object({ ceremony: z.uuid(), response: credentialJson });
export type PasskeySignInBody = z.infer<typeof passkeySignInBody>;

/**
 * Step-up: the password, a code from the authenticator, or one of the admin's passkeys answering
 * the challenge of `POST /auth/reauthenticate/passkey/options` (docs/decisions/276).
 */
export const reauthenticateBody = z.union([
  z.object({ password }),
  z.object({ code: totpCode }),
  z.object({ ceremony: z.uuid(), response: credentialJson }),
]);
export type ReauthenticateBody = z.infer<typeof reauthenticateBody>;
