import { http } from 'msw';
import type { z } from 'zod';
import type {
  passkeysResponse,
  SecurityOverview,
  SessionsResponse,
} from '@cask/contracts/security';
import { json } from '../respond.ts';
import { db } from '../store.ts';

/**
 * The Security screen's reads (modules/security) for the admin of the store: no second factor,
 * no other session, no passkey. The step-up dialog opens over it. A test of the screen itself
 * scripts its answers (testing/scripted.ts).
 */
export const securityHandlers = [
  http.get('/api/security', () =>
    json(200, {
      success: true,
      data: {
        twoFactorEnabled: false,
        recoveryCodesLeft: 0,
        requireTwoFactor: false,
        canManagePolicy: db().profile.role === 'owner',
      } satisfies SecurityOverview,
    }),
  ),
  http.get('/api/security/sessions', () =>
    json(200, { success: true, data: { sessions: [] } } satisfies SessionsResponse),
  ),
  http.get('/api/security/passkeys', () =>
    json(200, { success: true, data: { passkeys: [] } } satisfies z.infer<typeof passkeysResponse>),
  ),
];
