import type { ChangePasswordBody, TokenPair } from '@cask/contracts/auth';
import { writeAudit } from '../../db/audit.ts';
import { BadRequestError, UnauthorizedError } from '../../lib/errors.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import * as admins from '../admins/admins.repository.ts';
import {
  createAttempts,
  createSessionIssuer,
  type AuthServiceDeps,
  type Caller,
} from './auth-common.ts';
import * as passkeyRows from './passkeys.repository.ts';
import * as sessions from './sessions.repository.ts';
import * as twoFactor from './two-factor.repository.ts';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const NEW_PASSWORD_SAME = 'New password must be different from the current password';
export const PASSWORD_INCORRECT = 'Password is incorrect';

/** The signed-in admin's password: checked again, or changed. */
export function createPasswordService(deps: AuthServiceDeps) {
  const { db, config, hasher } = deps;
  const windowMinutes = config.LOGIN_FAILURE_WINDOW_MINUTES;
  const { beginAttempt, countOver, settleAttempt } = createAttempts(deps);
  const { startSession, tokenPair } = createSessionIssuer(deps);

  /**
   * The signed-in admin's password again (turning two-factor off, step-up), under the
   * password-change throttle: a stolen access token must not become a password oracle.
   */
  async function checkPassword(
    admin: { email: string; passwordHash: string },
    password: string,
    caller: Caller,
    field: string,
  ): Promise<void> {
    const attemptId = await beginAttempt('password_change', admin.email, caller, () =>
      countOver(
        { kind: 'password_change', email: admin.email, minutes: windowMinutes },
        config.CHANGE_PASSWORD_MAX_FAILURES,
      ),
    );
    const valid = await hasher.verify(admin.passwordHash, password);
    await settleAttempt(attemptId, valid);
    if (!valid)
      throw new BadRequestError(PASSWORD_INCORRECT, [{ field, message: PASSWORD_INCORRECT }]);
  }

  return {
    checkPassword,

    /**
     * Revokes every session, this one too, and opens a fresh one for this browser
     * (docs/decisions/012): a new password ends every token issued under the old one. With
     * `removePasskeys` every passkey of the admin goes too (docs/decisions/290).
     */
    async changePassword(
      adminId: string,
      body: ChangePasswordBody,
      caller: Caller,
    ): Promise<TokenPair> {
      const admin = await admins.findAdminCredentialsById(db, adminId);
      if (!admin?.isActive) throw new UnauthorizedError('You are not authorized: account disabled');
      // A stolen access token must not become a password oracle, so wrong current passwords
      // have a limit; a limit of their own, so sign-in failures never block this call.
      const attemptId = await beginAttempt('password_change', admin.email, caller, () =>
        countOver(
          { kind: 'password_change', email: admin.email, minutes: windowMinutes },
          config.CHANGE_PASSWORD_MAX_FAILURES,
        ),
      );
      const valid = await hasher.verify(admin.passwordHash, body.currentPassword);
      await settleAttempt(attemptId, valid);
      if (!valid) {
        throw new BadRequestError(CURRENT_PASSWORD_INCORRECT, [
          { field: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT },
        ]);
      }
      if (body.newPassword === body.currentPassword) {
        throw new BadRequestError(NEW_PASSWORD_SAME, [
          { field: 'newPassword', message: NEW_PASSWORD_SAME },
        ]);
      }
      await refuseCommonPassword(body.newPassword, 'newPassword');
      const passwordHash = await hasher.hash(body.newPassword);
      const session = await db.transaction(async (tx) => {
        await admins.updatePasswordHash(tx, admin.id, passwordHash);
        const revoked = await sessions.revokeAllRefreshTokensOfAdmin(tx, admin.id);
        await sessions.endSessions(tx, admin.id, { allBut: null });
        await twoFactor.deleteChallengesOf(tx, admin.id);
        const tokenVersion = await admins.endAccessTokensOf(tx, admin.id);
        const removed = body.removePasskeys ? await passkeyRows.deletePasskeysOf(tx, admin.id) : [];
        for (const passkey of removed) {
          await writeAudit(tx, {
            adminId: admin.id,
            action: 'auth.passkey_removed',
            entity: 'passkey',
            entityId: passkey.id,
            before: { name: passkey.name },
            after: { by: 'password_change' },
            ip: caller.ip,
          });
        }
        await writeAudit(tx, {
          adminId: admin.id,
          action: 'auth.password_changed',
          entity: 'admin',
          entityId: admin.id,
          after: { revokedSessions: revoked, removedPasskeys: removed.length },
          ip: caller.ip,
        });
        return { tokenVersion, started: await startSession(tx, admin.id, caller) };
      });
      return tokenPair({ id: admin.id, tokenVersion: session.tokenVersion }, session.started);
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
