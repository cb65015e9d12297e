import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { ReauthenticateBody } from '@cask/contracts/security';
import { writeAudit } from '../../db/audit.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import * as admins from '../admins/admins.repository.ts';
import { SESSION_ENDED, userAgentOf, type AuthServiceDeps, type Caller } from './auth-common.ts';
import { createPasskeysService } from './passkeys.service.ts';
import type { PasswordService } from './password.service.ts';
import type { SecondFactorService } from './second-factor.service.ts';
import * as sessions from './sessions.repository.ts';

export interface StepUpServiceDeps extends AuthServiceDeps {
  password: PasswordService;
  secondFactor: SecondFactorService;
}

/** Step-up: a signed-in admin proves who they are again (docs/decisions/276). */
export function createStepUpService(deps: StepUpServiceDeps) {
  const { db, config } = deps;
  const passkeys = createPasskeysService({ db, config });
  const { checkPassword } = deps.password;
  const { checkSecondFactor } = deps.secondFactor;

  return {
    /**
     * Step-up: the password (under the password-change throttle), a code, or one of the admin's
     * passkeys answering their step-up challenge (docs/decisions/276); whichever it is, the
     * session counts as freshly authenticated for STEP_UP_WINDOW_SECONDS.
     */
    async reauthenticate(
      adminId: string,
      sessionId: string | null,
      body: ReauthenticateBody,
      caller: Caller,
      /** Whether the request comes from this admin's own browser (their device cookie). */
      options: { trustedDevice: (email: string) => boolean } = { trustedDevice: () => false },
    ): Promise<void> {
      const admin = await admins.findAdminCredentialsById(db, adminId);
      if (!admin?.isActive) throw new UnauthorizedError('You are not authorized: account disabled');
      if (!sessionId) throw new UnauthorizedError(SESSION_ENDED);
      let method: string;
      let passkeyId: string | undefined;
      if ('password' in body) {
        await checkPassword(admin, body.password, caller, 'password');
        method = 'password';
      } else if ('code' in body) {
        method = await checkSecondFactor(admin, { code: body.code }, caller, {
          trustedDevice: options.trustedDevice(admin.email),
        });
      } else {
        passkeyId = await passkeys
          .verifyReauthentication(admin.id, {
            ceremony: body.ceremony,
            response: body.response as unknown as AuthenticationResponseJSON,
          })
          .catch(async (error: unknown) => {
            await writeAudit(db, {
              adminId: admin.id,
              action: 'auth.reauthentication_failed',
              entity: 'session',
              entityId: sessionId,
              after: { method: 'passkey', userAgent: userAgentOf(caller) },
              ip: caller.ip,
            });
            throw error;
          });
        method = 'passkey';
      }
      await db.transaction(async (tx) => {
        await sessions.markSessionAuthenticated(tx, sessionId);
        await writeAudit(tx, {
          adminId: admin.id,
          action: 'auth.reauthenticated',
          entity: 'session',
          entityId: sessionId,
          after: passkeyId ? { method, passkeyId } : { method },
          ip: caller.ip,
        });
      });
    },
  };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
