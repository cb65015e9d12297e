import { http } from 'msw';
import type { z } from 'zod';
import type {
  endSessionsResponse,
  passkeyRegistrationOptionsResponse,
  passkeysResponse,
  PasskeyItem,
  PolicyBody,
  RecoveryCodesResponse,
  SecurityOverview,
  SessionItem,
  SessionsResponse,
  policyResponse,
  totpSetupResponse,
  TotpVerifyBody,
} from '@cask/contracts/security';
import type { MessageEnvelope } from '@cask/contracts/common';
import { olive, RECOVERY_CODES, testUuid, TOTP_CODE, TOTP_SETUP } from '../factories.ts';
import { apiError, bodyOf, json, notFound } from '../respond.ts';
import { sendForApproval } from './approvals.ts';
import { db, seedApi, type SecurityState } from '../store.ts';
import { proofMissing } from './auth.ts';

const message = (text: string) =>
  json(200, { success: true, message: text } satisfies MessageEnvelope);

/**
 * The Security screen (modules/auth's security routes) from the store's `security`: the second
 * factor, the policy (an Owner's to change), sessions and passkeys. The changes of a way to sign
 * in and of the policy need a recent proof (`stepUpStale`, step-up in ./auth.ts).
 */
export const securityHandlers = [
  http.get('/api/security', () => {
    const { security, profile } = db();
    return json(200, {
      success: true,
      data: {
        twoFactorEnabled: security.twoFactorEnabled,
        recoveryCodesLeft: security.twoFactorEnabled ? RECOVERY_CODES.length : 0,
        requireTwoFactor: security.requireTwoFactor,
        canManagePolicy: profile.role === 'owner',
      } satisfies SecurityOverview,
    });
  }),
  http.get('/api/security/sessions', () =>
    json(200, {
      success: true,
      data: { sessions: db().security.sessions },
    } satisfies SessionsResponse),
  ),
  http.delete('/api/security/sessions/:id', ({ params }) => {
    const { security } = db();
    if (!security.sessions.some((s) => s.id === params.id)) return notFound('Session not found');
    security.sessions = security.sessions.filter((s) => s.id !== params.id);
    return message('Session ended');
  }),
  http.post('/api/security/sessions/end-others', () => {
    const { security } = db();
    const ended = security.sessions.filter((s) => !s.current).length;
    security.sessions = security.sessions.filter((s) => s.current);
    return json(200, { success: true, data: { ended } } satisfies z.infer<
      typeof endSessionsResponse
    >);
  }),
  http.post(
    '/api/security/two-factor/setup',
    () =>
      proofMissing() ??
      json(200, { success: true, data: TOTP_SETUP } satisfies z.infer<typeof totpSetupResponse>),
  ),
  http.post('/api/security/two-factor/verify', async ({ request }) => {
    const refused = proofMissing();
    if (refused) return refused;
    const { code } = await bodyOf<TotpVerifyBody>(request);
    if (code !== TOTP_CODE) {
      const wrong = 'The authentication code is not valid';
      return apiError(400, wrong, { errors: [{ field: 'code', message: wrong }] });
    }
    db().security.twoFactorEnabled = true;
    return json(200, {
      success: true,
      data: { recoveryCodes: RECOVERY_CODES },
    } satisfies RecoveryCodesResponse);
  }),
  http.post('/api/security/two-factor/recovery-codes', () => {
    const refused = proofMissing();
    if (refused) return refused;
    return json(200, {
      success: true,
      data: { recoveryCodes: RECOVERY_CODES },
    } satisfies RecoveryCodesResponse);
  }),
  http.put('/api/security/policy', async ({ request }) => {
    const refused = proofMissing();
    if (refused) return refused;
    const { reason, ...body } = await bodyOf<PolicyBody>(request);
    // Issue 45: turning it off, while the Approvals policy says so, waits for another Owner.
    if (
      !body.requireTwoFactor &&
      db().security.requireTwoFactor &&
      db().approvalPolicy.twoFactorOff.on
    ) {
      return sendForApproval(reason, {
        action: 'twoFactorOff',
        recordId: null,
        record: 'Security policy',
        summary: 'Require two-factor: on -> off',
        before: { requireTwoFactor: true },
        after: { requireTwoFactor: false },
      });
    }
    db().security.requireTwoFactor = body.requireTwoFactor;
    return json(200, { success: true, data: body } satisfies z.infer<typeof policyResponse>);
  }),
  http.get('/api/security/passkeys', () =>
    json(200, {
      success: true,
      data: { passkeys: db().security.passkeys },
    } satisfies z.infer<typeof passkeysResponse>),
  ),
  http.post('/api/security/passkeys/options', () => {
    const refused = proofMissing();
    if (refused) return refused;
    const origin = db().security.passkeyOrigin;
    return json(200, {
      success: true,
      data: {
        ceremony: testUuid(),
        origin,
        options: {
          challenge: 'Y2hhbGxlbmdl',
          rp: { id: new URL(origin).hostname, name: 'Cask Admin' },
          user: { id: 'dXNlcg', name: db().profile.email, displayName: db().profile.email },
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        },
      },
    } satisfies z.infer<typeof passkeyRegistrationOptionsResponse>);
  }),
  http.delete('/api/security/passkeys/:id', ({ params }) => {
    const refused = proofMissing();
    if (refused) return refused;
    const { security } = db();
    if (!security.passkeys.some((p) => p.id === params.id)) return notFound('Passkey not found');
    security.passkeys = security.passkeys.filter((p) => p.id !== params.id);
    return message('Passkey removed');
  }),
];

/** Firefox's session in `SECURITY_SESSIONS`: another device than this one. */
export const OTHER_SESSION_ID = '00000000-0000-4000-8000-00000000a002';

/** The signed-in admin's sessions in `securityApi`: this one (Chrome), Firefox's, Safari's. */
export const SECURITY_SESSIONS: SessionItem[] = [
  {
    id: '00000000-0000-4000-8000-00000000a001',
    browser: 'Chrome 120',
    system: 'Mac OS 10.15.7',
    ip: '10.0.0.1',
    signedInAt: '2026-11-20T09:00:00.000Z',
    lastActiveAt: '2026-11-25T09:00:00.000Z',
    current: true,
  },
  {
    id: OTHER_SESSION_ID,
    browser: 'Firefox 121',
    system: 'Windows 10',
    ip: '10.0.0.2',
    signedInAt: '2026-11-21T09:00:00.000Z',
    lastActiveAt: '2026-11-24T09:00:00.000Z',
    current: false,
  },
  {
    id: '00000000-0000-4000-8000-00000000a003',
    browser: 'Safari 17',
    system: 'iOS 17.1',
    ip: '10.0.0.3',
    signedInAt: '2026-11-22T09:00:00.000Z',
    lastActiveAt: '2026-11-23T09:00:00.000Z',
    current: false,
  },
];

/** The signed-in admin's passkeys in `securityApi`: a work laptop. */
export const SECURITY_PASSKEYS: PasskeyItem[] = [
  {
    id: '00000000-0000-4000-8000-00000000b001',
    name: 'Work laptop',
    createdAt: '2026-11-01T09:00:00.000Z',
  },
];

/**
 * The Security screen's API for an Owner (who may change the policy), with SECURITY_SESSIONS and
 * SECURITY_PASSKEYS; `stale`: the sign-in is too old for a change without step-up.
 */
export function securityApi(security: Partial<SecurityState>, stale = false) {
  return seedApi({
    profile: olive,
    stepUpStale: stale,
    security: { sessions: SECURITY_SESSIONS, passkeys: SECURITY_PASSKEYS, ...security },
  });
}
