import { randomUUID } from 'node:crypto';
import type { ChangePasswordBody, LoginBody, TokenPair } from '@cask/contracts/auth';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import {
  BadRequestError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import {
  createRefreshToken,
  hashRefreshToken,
  signAccessToken,
  successorRefreshToken,
} from '../../lib/tokens.ts';
import * as admins from './admins.repository.ts';
import * as sessions from './sessions.repository.ts';
import * as failures from './sign-in-throttle.repository.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const SESSION_ENDED = 'You are not authorized: the session has ended, please sign in again';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const NEW_PASSWORD_SAME = 'New password must be different from the current password';

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  jwtSecret: string;
  hasher: PasswordHasher;
}

/** Who is asking: the address the audit trail and the per-IP throttle record. */
export interface Caller {
  ip: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-in, sessions and password change (DESIGN.md §5). */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, jwtSecret, hasher } = deps;
  const windowMinutes = config.LOGIN_FAILURE_WINDOW_MINUTES;

  /**
   * Counts this attempt as a failure BEFORE checking the password and forgives it afterwards
   * if the password was right. Counting first means a burst of parallel guesses cannot all
   * slip under the limit while the first ones are still being hashed.
   */
  async function beginCredentialAttempt(email: string, caller: Caller): Promise<string> {
    const attemptId = await failures.insertFailure(db, { kind: 'login', email, ip: caller.ip });
    const [byAccount, byIp] = await Promise.all([
      failures.countFailures(db, { kind: 'login', email, minutes: windowMinutes }),
      failures.countFailures(db, { kind: 'login', ip: caller.ip, minutes: windowMinutes }),
    ]);
    const accountLimit = config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
    const ipLimit = config.LOGIN_MAX_FAILURES_PER_IP;
    if (byAccount <= accountLimit && byIp <= ipLimit) return attemptId;

    // Refused attempts do not count: the lock ends when the window passes, not later.
    await failures.deleteFailure(db, attemptId);
    const waits = await Promise.all([
      byAccount > accountLimit
        ? failures.secondsUntilFailuresBelow(db, {
            kind: 'login',
            email,
            minutes: windowMinutes,
            allowed: accountLimit,
            current: byAccount - 1,
          })
        : 0,
      byIp > ipLimit
        ? failures.secondsUntilFailuresBelow(db, {
            kind: 'login',
            ip: caller.ip,
            minutes: windowMinutes,
            allowed: ipLimit,
            current: byIp - 1,
          })
        : 0,
    ]);
    const seconds = Math.max(...waits);
    const minutes = Math.ceil(seconds / 60);
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      seconds,
    );
  }

  async function settleCredentialAttempt(attemptId: string, succeeded: boolean) {
    if (succeeded) await failures.deleteFailure(db, attemptId);
    // Failures older than the window count for nothing; reset codes need a day of history.
    else await failures.pruneFailures(db, Math.max(windowMinutes, 24 * 60));
  }

  async function startSession(tx: DbOrTx, adminId: string): Promise<string> {
    const refresh = createRefreshToken();
    await sessions.insertRefreshToken(tx, {
      adminId,
      familyId: randomUUID(),
      tokenHash: refresh.hash,
    });
    return refresh.token;
  }

  async function tokenPair(
    admin: { id: string; tokenVersion: number },
    refreshToken: string,
  ): Promise<TokenPair> {
    const accessToken = await signAccessToken(jwtSecret, {
      adminId: admin.id,
      tokenVersion: admin.tokenVersion,
    });
    return { accessToken, refreshToken };
  }

  return {
    async login(body: LoginBody, caller: Caller): Promise<TokenPair> {
      const attemptId = await beginCredentialAttempt(body.email, caller);
      const admin = await admins.findAdminCredentialsByEmail(db, body.email);
      const valid = admin
        ? await hasher.verify(admin.passwordHash, body.password)
        : await hasher.verifyNothing(body.password);
      await settleCredentialAttempt(attemptId, valid);
      if (!admin || !valid) throw new UnauthorizedError(INVALID_CREDENTIALS);
      // Only said to someone who knows the password, so it reveals nothing to a guesser.
      if (!admin.isActive) {
        throw new ForbiddenError('This account is inactive. Please contact an administrator.');
      }
      const refreshToken = await db.transaction(async (tx) => {
        await sessions.pruneRefreshTokensOfAdmin(tx, admin.id);
        return startSession(tx, admin.id);
      });
      return tokenPair(admin, refreshToken);
    },

    /**
     * Rotates the refresh token. A token that was already rotated and comes back means two
     * parties hold it (theft or replay): the whole family, the newest token included, dies.
     * Except within the grace period, while its successor is still unused: that is two tabs of
     * one browser refreshing together, and each gets the same successor (docs/decisions/130).
     */
    async refresh(refreshToken: string, caller: Caller): Promise<TokenPair> {
      const successor = successorRefreshToken(jwtSecret, refreshToken);
      const outcome = await db.transaction(async (tx) => {
        const row = await sessions.findRefreshTokenForUpdate(
          tx,
          hashRefreshToken(refreshToken),
          config.REFRESH_REUSE_GRACE_SECONDS,
        );
        if (!row || row.revoked) return { kind: 'refused' as const };
        if (row.rotated) {
          const sameTabsRace =
            row.withinGrace &&
            (await sessions.isCurrentTokenOfFamily(tx, successor.hash, row.familyId));
          if (sameTabsRace) {
            const admin = await admins.findAdminCredentialsById(tx, row.adminId);
            if (!admin?.isActive) return { kind: 'refused' as const };
            return { kind: 'rotated' as const, admin };
          }
          const revoked = await sessions.revokeRefreshTokenFamily(tx, row.familyId);
          await admins.endAccessTokensOf(tx, row.adminId);
          await writeAudit(tx, {
            adminId: row.adminId,
            action: 'auth.refresh_token_reused',
            entity: 'session',
            entityId: row.familyId,
            after: { revokedTokens: revoked },
            ip: caller.ip,
          });
          return { kind: 'refused' as const };
        }
        if (row.expired) return { kind: 'refused' as const };
        const admin = await admins.findAdminCredentialsById(tx, row.adminId);
        if (!admin?.isActive) return { kind: 'refused' as const };
        await sessions.markRefreshTokenRotated(tx, row.id);
        await sessions.insertRefreshToken(tx, {
          adminId: row.adminId,
          familyId: row.familyId,
          tokenHash: successor.hash,
        });
        return { kind: 'rotated' as const, admin };
      });
      if (outcome.kind === 'refused') throw new UnauthorizedError(SESSION_ENDED);
      return tokenPair(outcome.admin, successor.token);
    },

    /** Ends the session the refresh token belongs to; unknown tokens end nothing, quietly. */
    async logout(refreshToken: string | undefined, caller: Caller): Promise<void> {
      if (!refreshToken) return;
      await db.transaction(async (tx) => {
        const row = await sessions.findRefreshTokenForUpdate(tx, hashRefreshToken(refreshToken));
        if (!row) return;
        const revoked = await sessions.revokeRefreshTokenFamily(tx, row.familyId);
        if (revoked === 0) return;
        await admins.endAccessTokensOf(tx, row.adminId);
        await writeAudit(tx, {
          adminId: row.adminId,
          action: 'auth.logout',
          entity: 'session',
          entityId: row.familyId,
          after: { revokedTokens: revoked },
          ip: caller.ip,
        });
      });
    },

    /**
     * The access token names no session, so "revoke the other sessions" is done as: revoke
     * every session, then open a fresh one for this browser (docs/decisions/012).
     */
    async changePassword(
      adminId: string,
      body: ChangePasswordBody,
      caller: Caller,
    ): Promise<TokenPair> {
      const admin = await admins.findAdminCredentialsById(db, adminId);
      if (!admin?.isActive) throw new UnauthorizedError('You are not authorized: account disabled');
      // A stolen access token must not become a password oracle: wrong current passwords
      // count against the same throttle as failed sign-ins.
      const attemptId = await beginCredentialAttempt(admin.email, caller);
      const valid = await hasher.verify(admin.passwordHash, body.currentPassword);
      await settleCredentialAttempt(attemptId, valid);
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
      const passwordHash = await hasher.hash(body.newPassword);
      const session = await db.transaction(async (tx) => {
        await admins.updatePasswordHash(tx, admin.id, passwordHash);
        const revoked = await sessions.revokeAllRefreshTokensOfAdmin(tx, admin.id);
        const tokenVersion = await admins.endAccessTokensOf(tx, admin.id);
        await writeAudit(tx, {
          adminId: admin.id,
          action: 'auth.password_changed',
          entity: 'admin',
          entityId: admin.id,
          after: { revokedSessions: revoked },
          ip: caller.ip,
        });
        return { tokenVersion, refreshToken: await startSession(tx, admin.id) };
      });
      return tokenPair({ id: admin.id, tokenVersion: session.tokenVersion }, session.refreshToken);
    },
  };
}
