import { randomUUID } from 'node:crypto';
import type { ChangePasswordBody, LoginBody, TokenPair } from '@cask/contracts/auth';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type {
  ReauthenticateBody,
  SecondFactorBody,
  SecondFactorChallenge,
} from '@cask/contracts/security';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import {
  BadRequestError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors.ts';
import type { BackgroundJobs } from '../../lib/background-jobs.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import {
  createRefreshToken,
  hashRefreshToken,
  signAccessToken,
  successorRefreshToken,
} from '../../lib/tokens.ts';
import * as admins from './admins.repository.ts';
import * as passkeyRows from './passkeys.repository.ts';
import {
  createPasskeysService,
  PASSKEY_NOT_RECOGNISED,
  PASSKEY_REQUEST_EXPIRED,
} from './passkeys.service.ts';
import { open as openSealed } from '../../lib/secret-box.ts';
import { hashRecoveryCode, stepOfCode } from '../../lib/totp.ts';
import * as sessions from './sessions.repository.ts';
import * as failures from './sign-in-throttle.repository.ts';
import * as twoFactor from './two-factor.repository.ts';
import {
  CHALLENGE_TTL_SECONDS,
  signSecondFactorChallenge,
  verifySecondFactorChallenge,
} from './second-factor-challenge.ts';
import { secondFactorAlertMail } from './second-factor-alert-mail.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const SESSION_ENDED = 'You are not authorized: the session has ended, please sign in again';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const NEW_PASSWORD_SAME = 'New password must be different from the current password';
export const AUTHENTICATION_CODE_WRONG = 'The authentication code is not valid';
export const RECOVERY_CODE_WRONG = 'The recovery code is not valid';
export const CHALLENGE_EXPIRED = 'The sign-in has expired. Please sign in again.';
export const PASSWORD_INCORRECT = 'Password is incorrect';
/**
 * Wrong second-factor codes (docs/decisions/295): per challenge (then it is spent), and per
 * account and address within LOGIN_FAILURE_WINDOW_MINUTES (then 429 there).
 */
export const SECOND_FACTOR_MAX_FAILURES = 5;
/** Wrong codes per account and address within 24 hours: the longer wait. */
export const SECOND_FACTOR_MAX_FAILURES_PER_DAY = 20;
/**
 * Wrong codes per account from anywhere within 24 hours: over it, an address that has failed
 * (and is not known to the admin) gets one code per window, and the admin is sent a mail.
 */
export const SECOND_FACTOR_ACCOUNT_ALERT = 10;
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

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-in, sessions and password change (docs/architecture.md#authentication). */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, jwtSecret, totpKey, hasher, mailer, jobs } = deps;
  const windowMinutes = config.LOGIN_FAILURE_WINDOW_MINUTES;
  const passkeys = createPasskeysService({ db, config });

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
  function signInBreaches(email: string, caller: Caller, trustedDevice: boolean) {
    return async (): Promise<Breach[]> => {
      const ip = caller.ip;
      const recent = { kind: 'login' as const, minutes: windowMinutes };
      const [pair, known, byIp] = await Promise.all([
        countOver({ ...recent, email, ip }, config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP),
        failures.isKnownSignInAddress(db, { email, ip, days: config.KNOWN_ADDRESS_DAYS }),
        failures.countFailures(db, { ...recent, ip }),
      ]);
      // A browser with this account's device cookie is judged like a known address
      // (docs/decisions/228): only its own (account, address) failures count.
      if (known || trustedDevice) return pair;
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

  /**
   * The second-factor limits (docs/decisions/295), shaped as the sign-in ones: wrong codes of
   * the (account, address) pair within the window and within a day always; the account's wrong
   * codes from anywhere only for an address that has failed itself and is not known to the
   * admin. A browser with the admin's device cookie is never refused: only the challenge's own
   * limit binds it.
   */
  function secondFactorBreaches(email: string, caller: Caller, trustedDevice: boolean) {
    return async (): Promise<Breach[]> => {
      if (trustedDevice) return [];
      const kind = 'second_factor' as const;
      const ip = caller.ip;
      const day = 24 * 60;
      const recent = { kind, email, ip, minutes: windowMinutes };
      const [pairRecent, long, known] = await Promise.all([
        failures.countFailures(db, recent),
        countOver({ kind, email, ip, minutes: day }, SECOND_FACTOR_MAX_FAILURES_PER_DAY),
        failures.isKnownSignInAddress(db, { email, ip, days: config.KNOWN_ADDRESS_DAYS }),
      ]);
      const breaches = [...long];
      if (pairRecent > SECOND_FACTOR_MAX_FAILURES) {
        breaches.push({ filter: recent, limit: SECOND_FACTOR_MAX_FAILURES, count: pairRecent });
      }
      // This attempt is one of pairRecent: more than it means the address has failed before.
      if (known || pairRecent <= 1) return breaches;
      const account = await countOver({ kind, email, minutes: day }, SECOND_FACTOR_ACCOUNT_ALERT);
      // Over the account's daily count, a failed address gets one code per window.
      if (account.length > 0) breaches.push({ filter: recent, limit: 1, count: pairRecent });
      return breaches;
    };
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

  /**
   * Checks a TOTP code or a recovery code of an admin with TOTP on, under the second-factor
   * limits (docs/decisions/295). A right code is spent at once: its time step (or the recovery
   * code) never works again. Past the account's daily count of wrong codes the admin gets a mail.
   */
  async function checkSecondFactor(
    admin: { id: string; email: string },
    input: SecondFactorInput,
    caller: Caller,
    options: { trustedDevice: boolean } = { trustedDevice: false },
  ): Promise<'totp' | 'recovery_code'> {
    const kind = 'code' in input ? 'totp' : 'recovery_code';
    const auditFailure = (reason: 'wrong_code' | 'throttled') =>
      writeAudit(db, {
        adminId: admin.id,
        action: 'auth.second_factor_failed',
        entity: 'admin',
        entityId: admin.id,
        after: { kind, reason, userAgent: userAgentOf(caller) },
        ip: caller.ip,
      });
    const attemptId = await beginAttempt(
      'second_factor',
      admin.email,
      caller,
      secondFactorBreaches(admin.email, caller, options.trustedDevice),
    ).catch(async (error: unknown) => {
      if (error instanceof TooManyRequestsError) {
        await auditThrottled('second_factor', caller, () => auditFailure('throttled'));
      }
      throw error;
    });
    let valid = false;
    if ('code' in input) {
      const totp = await twoFactor.findTotp(db, admin.id);
      if (totp?.enabled) {
        const step = stepOfCode(openSealed(totpKey, totp.secretEncrypted, admin.id), input.code);
        valid = step !== null && (await twoFactor.spendStep(db, admin.id, step, { enable: false }));
      }
    } else {
      valid = await twoFactor.spendRecoveryCode(
        db,
        admin.id,
        hashRecoveryCode(totpKey, input.recoveryCode),
      );
    }
    await settleAttempt(attemptId, valid);
    if (!valid) {
      await auditFailure('wrong_code');
      const wrongCodes = await failures.countFailures(db, {
        kind: 'second_factor',
        email: admin.email,
        minutes: 24 * 60,
      });
      // Once a day's window, as the count passes the limit (docs/decisions/295).
      if (wrongCodes === SECOND_FACTOR_ACCOUNT_ALERT + 1) {
        const mail = secondFactorAlertMail({ to: admin.email, wrongCodes, from: config.MAIL_FROM });
        jobs.defer('second-factor alert', () => mailer.send(mail));
      }
      const message = 'code' in input ? AUTHENTICATION_CODE_WRONG : RECOVERY_CODE_WRONG;
      const field = 'code' in input ? 'code' : 'recoveryCode';
      throw new BadRequestError(message, [{ field, message }]);
    }
    return kind;
  }

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
    async login(
      body: LoginBody,
      caller: Caller,
      options: { trustedDevice: boolean } = { trustedDevice: false },
    ): Promise<TokenPair | SecondFactorChallenge> {
      const attemptId = await beginAttempt(
        'login',
        body.email,
        caller,
        signInBreaches(body.email, caller, options.trustedDevice),
      ).catch(async (error: unknown) => {
        if (error instanceof TooManyRequestsError) {
          await auditThrottled('login', caller, () =>
            auditSignInFailure(body.email, undefined, 'throttled', caller),
          );
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
      // Two-factor on: no tokens yet, only a challenge for the second step (issue 28).
      const totp = await twoFactor.findTotp(db, admin.id);
      if (totp?.enabled) {
        const challengeId = await twoFactor.insertChallenge(db, admin.id, CHALLENGE_TTL_SECONDS);
        return {
          twoFactorRequired: true,
          challenge: await signSecondFactorChallenge(jwtSecret, admin.id, challengeId),
        };
      }
      return completeSignIn(admin, caller, 'password');
    },

    /**
     * The second sign-in step: the challenge from login and a TOTP or recovery code. The
     * challenge is held while its code is checked and spent by a right one, so it opens one
     * session at most; SECOND_FACTOR_MAX_FAILURES wrong codes spend it too (docs/decisions/295).
     */
    async completeSecondFactor(
      body: SecondFactorBody,
      caller: Caller,
      options: { trustedDevice: (email: string) => boolean },
    ): Promise<{ tokens: TokenPair; email: string }> {
      const verified = await verifySecondFactorChallenge(jwtSecret, body.challenge);
      const admin = verified
        ? await admins.findAdminCredentialsById(db, verified.adminId)
        : undefined;
      if (!verified || !admin) throw new UnauthorizedError(CHALLENGE_EXPIRED);
      if (!admin.isActive) {
        throw new ForbiddenError('This account is inactive. Please contact an administrator.');
      }
      const claimed = await twoFactor.claimChallenge(db, {
        id: verified.challengeId,
        adminId: admin.id,
        maxWrongCodes: SECOND_FACTOR_MAX_FAILURES,
      });
      if (!claimed) throw new UnauthorizedError(CHALLENGE_EXPIRED);
      const input: SecondFactorInput =
        'code' in body ? { code: body.code } : { recoveryCode: body.recoveryCode };
      const method = await checkSecondFactor(admin, input, caller, {
        trustedDevice: options.trustedDevice(admin.email),
      }).catch(async (error: unknown) => {
        await twoFactor.releaseChallenge(db, verified.challengeId, {
          wrongCode: error instanceof BadRequestError,
        });
        throw error;
      });
      return { tokens: await completeSignIn(admin, caller, method), email: admin.email };
    },

    /**
     * 'Sign in with a passkey': refusals are audited as a wrong password's are
     * (docs/decisions/296), with the passkey's admin when the passkey is known.
     */
    async signInWithPasskey(
      body: { ceremony: string; response: AuthenticationResponseJSON },
      caller: Caller,
    ): Promise<{ tokens: TokenPair; email: string }> {
      const outcome = await passkeys.authenticate(body);
      if (outcome.refused) {
        const { admin, refused } = outcome;
        // A passkey's answer cannot be guessed, so a right one is never refused; but refusals
        // from one address past the per-address limit answer 429 and are audited once per window
        // (docs/decisions/297), so they cannot grow the audit log without bound.
        if (refused !== 'inactive') {
          const attemptId = await beginAttempt('passkey', admin?.email ?? '', caller, () =>
            countOver(
              { kind: 'passkey', ip: caller.ip, minutes: windowMinutes },
              config.LOGIN_MAX_FAILURES_PER_IP,
            ),
          ).catch(async (error: unknown) => {
            if (error instanceof TooManyRequestsError) {
              await auditThrottled('passkey', caller, () =>
                auditSignInFailure(admin?.email ?? null, admin?.id, 'throttled', caller, 'passkey'),
              );
            }
            throw error;
          });
          await settleAttempt(attemptId, false);
        }
        await auditSignInFailure(admin?.email ?? null, admin?.id, refused, caller, 'passkey');
        if (refused === 'inactive') {
          throw new ForbiddenError('This account is inactive. Please contact an administrator.');
        }
        throw new UnauthorizedError(
          refused === 'expired_challenge' ? PASSKEY_REQUEST_EXPIRED : PASSKEY_NOT_RECOGNISED,
        );
      }
      const tokens = await completeSignIn(outcome.admin, caller, 'passkey');
      return { tokens, email: outcome.admin.email };
    },

    checkSecondFactor,
    completeSignIn,

    /**
     * Step-up: the password (under the password-change throttle), a code, or one of the admin's
     * passkeys answering their step-up challenge (docs/decisions/276); whichever it is, the
     * session counts as freshly authenticated for STEP_UP_SECONDS.
     */
    async reauthenticate(
      adminId: string,
      sessionId: string | null,
      body: ReauthenticateBody,
      caller: Caller,
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
        method = await checkSecondFactor(admin, { code: body.code }, caller);
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

    checkPassword,

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
            return { kind: 'rotated' as const, admin, sessionId: row.familyId };
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
        await sessions.touchSession(tx, {
          id: row.familyId,
          adminId: row.adminId,
          userAgent: userAgentOf(caller),
          ip: caller.ip,
        });
        return { kind: 'rotated' as const, admin, sessionId: row.familyId };
      });
      if (outcome.kind === 'refused') throw new UnauthorizedError(SESSION_ENDED);
      return tokenPair(outcome.admin, {
        refreshToken: successor.token,
        sessionId: outcome.sessionId,
      });
    },

    /**
     * Ends the session the refresh token belongs to, and only it: its family and its access
     * tokens (by their session id); the admin's other browsers stay signed in
     * (docs/decisions/225). Unknown tokens end nothing, quietly.
     */
    async logout(refreshToken: string | undefined, caller: Caller): Promise<void> {
      if (!refreshToken) return;
      await db.transaction(async (tx) => {
        const row = await sessions.findRefreshTokenForUpdate(tx, hashRefreshToken(refreshToken));
        if (!row) return;
        const revoked = await sessions.revokeRefreshTokenFamily(tx, row.familyId);
        if (revoked === 0) return;
        // A family from before session rows has none: its row is written ended.
        await sessions.touchSession(tx, {
          id: row.familyId,
          adminId: row.adminId,
          userAgent: userAgentOf(caller),
          ip: caller.ip,
        });
        await sessions.endSessions(tx, row.adminId, { id: row.familyId });
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
