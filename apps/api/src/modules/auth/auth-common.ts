import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@cask/contracts/auth';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { BackgroundJobs } from '../../lib/background-jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import { createRefreshToken, signAccessToken } from '../../lib/tokens.ts';
import * as sessions from './sessions.repository.ts';
import * as failures from './sign-in-throttle.repository.ts';
import * as twoFactor from './two-factor.repository.ts';

/**
 * What the authentication services share (docs/architecture.md#authentication): who is calling,
 * the counting, throttling and auditing of attempts, and opening a session once they succeed.
 */

export const SESSION_ENDED = 'You are not authorized: the session has ended, please sign in again';
/** How long the counts of refused (429) attempts are kept (docs/decisions/297). */
const THROTTLED_KEEP_DAYS = 30;

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  jwtSecret: string;
  /** AES-256 key of the TOTP secrets. */
  totpKey: Buffer;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Work started once the answer has left (the alert mail). */
  jobs: BackgroundJobs;
}

/** A second factor as typed: a TOTP code or a recovery code. */
export type SecondFactorInput = { code: string } | { recoveryCode: string };

/** Who is asking: the address the audit trail and the per-IP throttle record. */
export interface Caller {
  ip: string;
  headers?: { 'user-agent'?: string | undefined };
}

/** Why a sign-in failed, as the audit log records it (never shown to the caller). */
type SignInFailure =
  | 'wrong_password'
  | 'unknown_email'
  | 'inactive'
  | 'throttled'
  | 'expired_challenge'
  | 'unknown_passkey'
  | 'not_verified';

/** The user agent as sent, bounded: it is the caller's text, stored in the audit log. */
export function userAgentOf(caller: Caller): string | null {
  return caller.headers?.['user-agent']?.slice(0, 300) ?? null;
}

/** A counter over the limit: why an attempt is refused, and until when. */
export interface Breach {
  filter: failures.FailureFilter;
  limit: number;
  count: number;
}

/** Sign-in attempts: counted, throttled and audited (docs/decisions/132, 295, 297). */
export function createAttempts(deps: Pick<AuthServiceDeps, 'db' | 'config'>) {
  const { db, config } = deps;
  const windowMinutes = config.LOGIN_FAILURE_WINDOW_MINUTES;

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
   * Audits an attempt refused with 429 once per address and window (docs/decisions/297): the
   * later ones of the window are only counted, in `throttled_attempts`.
   */
  async function auditThrottled(
    kind: failures.ThrottledKind,
    caller: Caller,
    write: () => Promise<void>,
  ) {
    const { first } = await failures.countThrottledAttempt(db, {
      kind,
      ip: caller.ip,
      minutes: windowMinutes,
      keepDays: THROTTLED_KEEP_DAYS,
    });
    if (first) await write();
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
    email: string | null,
    adminId: string | undefined,
    reason: SignInFailure,
    caller: Caller,
    method: 'password' | 'passkey' = 'password',
  ) {
    await writeAudit(db, {
      adminId: adminId ?? null,
      action: 'auth.sign_in_failed',
      entity: 'admin',
      entityId: adminId ?? null,
      after: { email, method, reason, userAgent: userAgentOf(caller) },
      ip: caller.ip,
    });
  }

  return { beginAttempt, countOver, auditThrottled, settleAttempt, auditSignInFailure };
}

/** Opens a session once an admin is authenticated, and signs its token pair. */
export function createSessionIssuer(deps: Pick<AuthServiceDeps, 'db' | 'config' | 'jwtSecret'>) {
  const { db, config, jwtSecret } = deps;

  /** A new session (a refresh family and its row, docs/decisions/225). */
  async function startSession(
    tx: DbOrTx,
    adminId: string,
    caller: Caller,
  ): Promise<{ refreshToken: string; sessionId: string }> {
    const refresh = createRefreshToken();
    const sessionId = randomUUID();
    await sessions.insertSession(tx, {
      id: sessionId,
      adminId,
      userAgent: userAgentOf(caller),
      ip: caller.ip,
    });
    await sessions.insertRefreshToken(tx, {
      adminId,
      familyId: sessionId,
      tokenHash: refresh.hash,
    });
    return { refreshToken: refresh.token, sessionId };
  }

  async function tokenPair(
    admin: { id: string; tokenVersion: number },
    session: { refreshToken: string; sessionId: string },
  ): Promise<TokenPair> {
    const accessToken = await signAccessToken(jwtSecret, {
      adminId: admin.id,
      tokenVersion: admin.tokenVersion,
      sessionId: session.sessionId,
    });
    return { accessToken, refreshToken: session.refreshToken };
  }

  /** The password (and the second factor when on) was right: open the session. */
  async function completeSignIn(
    admin: { id: string; email: string; tokenVersion: number },
    caller: Caller,
    method: 'password' | 'totp' | 'recovery_code' | 'passkey',
  ): Promise<TokenPair> {
    const session = await db.transaction(async (tx) => {
      await sessions.pruneRefreshTokensOfAdmin(tx, admin.id);
      await failures.rememberSignInAddress(tx, {
        adminId: admin.id,
        ip: caller.ip,
        forgetAfterDays: config.KNOWN_ADDRESS_DAYS,
      });
      const started = await startSession(tx, admin.id, caller);
      await writeAudit(tx, {
        adminId: admin.id,
        action: 'auth.signed_in',
        entity: 'admin',
        entityId: admin.id,
        after: {
          email: admin.email,
          userAgent: userAgentOf(caller),
          method,
          sessionId: started.sessionId,
        },
        ip: caller.ip,
      });
      if (method === 'recovery_code') {
        await writeAudit(tx, {
          adminId: admin.id,
          action: 'auth.recovery_code_used',
          entity: 'admin',
          entityId: admin.id,
          after: {
            recoveryCodesLeft: await twoFactor.countUnusedRecoveryCodes(tx, admin.id),
          },
          ip: caller.ip,
        });
      }
      return started;
    });
    return tokenPair(admin, session);
  }

  return { startSession, tokenPair, completeSignIn };
}
