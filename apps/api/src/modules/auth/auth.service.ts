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
  headers?: { 'user-agent'?: string | undefined };
}

/** Why a sign-in failed, as the audit log records it (never shown to the caller). */
type SignInFailure = 'wrong_password' | 'unknown_email' | 'inactive' | 'throttled';

/** The user agent as sent, bounded: it is the caller's text, stored in the audit log. */
function userAgentOf(caller: Caller): string | null {
  return caller.headers?.['user-agent']?.slice(0, 300) ?? null;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-in, sessions and password change (DESIGN.md §5). */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, jwtSecret, hasher } = deps;
  const windowMinutes = config.LOGIN_FAILURE_WINDOW_MINUTES;

  /** A counter over the limit: why an attempt is refused, and until when. */
  interface Breach {
    filter: failures.FailureFilter;
    limit: number;
    count: number;
  }

  /**
   * Counts this attempt as a failure BEFORE checking the password and forgives it afterwards
   * if the password was right. Counting first means a burst of parallel guesses cannot all
   * slip under the limit while the first ones are still being hashed. `breaches` judges the
   * counts (this attempt included); any breach refuses the attempt with 429.
   */
  async function beginAttempt(
    kind: failures.FailureKind,
    email: string,
    caller: Caller,
    breaches: () => Promise<Breach[]>,
  ): Promise<string> {
    const attemptId = await failures.insertFailure(db, { kind, email, ip: caller.ip });
    const found = await breaches();
    if (found.length === 0) return attemptId;

    // Refused attempts do not count: the lock ends when the window passes, not later.
    await failures.deleteFailure(db, attemptId);
    const waits = await Promise.all(
      found.map((breach) =>
        failures.secondsUntilFailuresBelow(db, {
          ...breach.filter,
          allowed: breach.limit,
          current: breach.count - 1,
        }),
      ),
    );
    // Every breach must have passed before an attempt is let through.
    const seconds = Math.max(...waits);
    const minutes = Math.ceil(seconds / 60);
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      seconds,
    );
  }

  async function countOver(filter: failures.FailureFilter, limit: number): Promise<Breach[]> {
    const count = await failures.countFailures(db, filter);
    return count > limit ? [{ filter, limit, count }] : [];
  }

  /**
   * The sign-in limits (docs/decisions/132): the (account, address) pair always; the address
   * and the account only for an address the admin has not signed in from lately; the account
   * limit only for an address that has failed itself, so the right password from an address
   * that has not failed is never refused.
   */
  function signInBreaches(email: string, caller: Caller) {
    return async (): Promise<Breach[]> => {
      const ip = caller.ip;
      const recent = { kind: 'login' as const, minutes: windowMinutes };
      const [pair, known, byIp] = await Promise.all([
        countOver({ ...recent, email, ip }, config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP),
        failures.isKnownSignInAddress(db, { email, ip, days: config.KNOWN_ADDRESS_DAYS }),
        failures.countFailures(db, { ...recent, ip }),
      ]);
      if (known) return pair;
      const breaches = [...pair];
      if (byIp > config.LOGIN_MAX_FAILURES_PER_IP) {
        breaches.push({
          filter: { ...recent, ip },
          limit: config.LOGIN_MAX_FAILURES_PER_IP,
          count: byIp,
        });
      }
      // This attempt is one of byIp: more than it means the address has failed before.
      const addressHasFailed = byIp > 1;
      if (addressHasFailed) {
        const account = {
          kind: 'login' as const,
          email,
          minutes: config.LOGIN_ACCOUNT_WINDOW_HOURS * 60,
        };
        const over = await countOver(account, config.LOGIN_MAX_FAILURES_PER_ACCOUNT);
        // Over the account limit, a failed address waits until it is clean again (its own
        // failures have left the short window): one guess per address and window.
        if (over.length > 0) breaches.push({ filter: { ...recent, ip }, limit: 1, count: byIp });
      }
      return breaches;
    };
  }

  async function settleAttempt(attemptId: string, succeeded: boolean) {
    if (succeeded) await failures.deleteFailure(db, attemptId);
    // Failures older than every window count for nothing; reset codes need a day of history.
    else
      await failures.pruneFailures(
        db,
        Math.max(windowMinutes, config.LOGIN_ACCOUNT_WINDOW_HOURS * 60, 24 * 60),
      );
  }

  /**
   * ASVS V7: authentication events are logged, failures included: who (the admin, or the e-mail
   * as typed), from where, with what, and why it failed. Never the password.
   */
  async function auditSignInFailure(
    email: string,
    adminId: string | undefined,
    reason: SignInFailure,
    caller: Caller,
  ) {
    await writeAudit(db, {
      adminId: adminId ?? null,
      action: 'auth.sign_in_failed',
      entity: 'admin',
      entityId: adminId ?? null,
      after: { email, reason, userAgent: userAgentOf(caller) },
      ip: caller.ip,
    });
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
      const attemptId = await beginAttempt(
        'login',
        body.email,
        caller,
        signInBreaches(body.email, caller),
      ).catch(async (error: unknown) => {
        if (error instanceof TooManyRequestsError) {
          await auditSignInFailure(body.email, undefined, 'throttled', caller);
        }
        throw error;
      });
      const admin = await admins.findAdminCredentialsByEmail(db, body.email);
      const valid = admin
        ? await hasher.verify(admin.passwordHash, body.password)
        : await hasher.verifyNothing(body.password);
      await settleAttempt(attemptId, valid);
      if (!admin || !valid) {
        await auditSignInFailure(
          body.email,
          admin?.id,
          admin ? 'wrong_password' : 'unknown_email',
          caller,
        );
        throw new UnauthorizedError(INVALID_CREDENTIALS);
      }
      // Only said to someone who knows the password, so it reveals nothing to a guesser.
      if (!admin.isActive) {
        await auditSignInFailure(body.email, admin.id, 'inactive', caller);
        throw new ForbiddenError('This account is inactive. Please contact an administrator.');
      }
      const refreshToken = await db.transaction(async (tx) => {
        await sessions.pruneRefreshTokensOfAdmin(tx, admin.id);
        await failures.rememberSignInAddress(tx, {
          adminId: admin.id,
          ip: caller.ip,
          forgetAfterDays: config.KNOWN_ADDRESS_DAYS,
        });
        await writeAudit(tx, {
          adminId: admin.id,
          action: 'auth.signed_in',
          entity: 'admin',
          entityId: admin.id,
          after: { email: admin.email, userAgent: userAgentOf(caller) },
          ip: caller.ip,
        });
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
