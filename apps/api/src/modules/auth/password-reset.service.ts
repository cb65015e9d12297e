import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  type ResetPasswordBody,
  type VerifyOtpBody,
} from '@cask/contracts/auth';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import { BadRequestError, TooManyRequestsError } from '../../lib/errors.ts';
import type { BackgroundJobs } from '../../lib/background-jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import * as admins from '../admins/admins.repository.ts';
import * as codes from './password-recovery.repository.ts';
import * as sessions from './sessions.repository.ts';
import * as twoFactor from './two-factor.repository.ts';
import * as failures from './sign-in-throttle.repository.ts';
import type { Caller } from './auth-common.ts';
import { recoveryMail } from './recovery-mail.ts';

/** docs/architecture.md#authentication, the one-time code rules. */
export const CODE_VALID_MINUTES = 10;
export const MAX_WRONG_TRIES_PER_CODE = 5;
export const MAX_WRONG_TRIES_PER_DAY = 10;
export const RESET_LOCK_HOURS = 24;
const DAY_MINUTES = 24 * 60;

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this e-mail, a code has been sent.';
export const INVALID_CODE = 'Invalid or expired OTP. Please check the code or request a new one.';
export const RESET_LOCKED =
  'Too many wrong codes: password reset is locked for this account for 24 hours.';

export interface PasswordResetServiceDeps {
  db: Db;
  config: Config;
  jwtSecret: string;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Where the code and its mail are made, after the answer (decisions/134). */
  jobs: BackgroundJobs;
}

type CodeCheck =
  | { kind: 'valid'; codeId: string; adminId: string }
  | { kind: 'wrong' }
  | { kind: 'locked'; seconds: number };

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function lockedError(seconds: number): TooManyRequestsError {
  return new TooManyRequestsError(RESET_LOCKED, seconds);
}

function throwUnlessValid(
  check: CodeCheck,
): asserts check is Extract<CodeCheck, { kind: 'valid' }> {
  if (check.kind === 'locked') throw lockedError(check.seconds);
  if (check.kind === 'wrong') {
    throw new BadRequestError(INVALID_CODE, [{ field: 'otp', message: INVALID_CODE }]);
  }
}

/**
 * A typed code checked against the address's outstanding one, with the limits of wrong codes
 * (docs/architecture.md#authentication, docs/decisions/132).
 */
function createCodeChecks({ db, config, jwtSecret }: PasswordResetServiceDeps) {
  /**
   * Codes are stored as an HMAC keyed with the server secret and bound to their row: with only
   * 10,000 possible codes a plain hash would be reversed instantly from a database copy.
   */
  function codeHash(codeId: string, code: string): string {
    return createHmac('sha256', jwtSecret).update(`password-reset:${codeId}:${code}`).digest('hex');
  }

  /**
   * The reset lock (too many wrong codes) does not bind the addresses the admin signed in from
   * lately: whoever caused it cannot lock the admin out there (docs/decisions/132).
   */
  function isKnownAddress(tx: DbOrTx, email: string, caller: Caller): Promise<boolean> {
    return failures.isKnownSignInAddress(tx, {
      email,
      ip: caller.ip,
      days: config.KNOWN_ADDRESS_DAYS,
    });
  }

  /**
   * Checks a code without consuming it; every wrong try counts against the code (5) and the
   * address (10 a day, the 11th locks recovery for a day). Runs under the address's lock.
   */
  async function checkCode(email: string, otp: string, caller: Caller): Promise<CodeCheck> {
    return db.transaction(async (tx): Promise<CodeCheck> => {
      await codes.lockRecoveryOf(tx, email);
      const admin = await admins.findAdminCredentialsByEmail(tx, email);
      const known = await isKnownAddress(tx, email, caller);
      if (admin?.resetLockedForSeconds && !known) {
        return { kind: 'locked', seconds: admin.resetLockedForSeconds };
      }
      if (known) {
        // Checked before the code, or a correct guess after the limit would still answer 200.
        const here = { kind: 'reset_code' as const, email, ip: caller.ip, minutes: DAY_MINUTES };
        const wrongHere = await failures.countFailures(tx, here);
        if (wrongHere >= MAX_WRONG_TRIES_PER_DAY) {
          const seconds = await failures.secondsUntilFailuresBelow(tx, {
            ...here,
            allowed: MAX_WRONG_TRIES_PER_DAY,
            current: wrongHere,
          });
          return { kind: 'locked', seconds };
        }
      }
      // Unknown addresses "lock" the same way, judged from their recorded wrong tries alone.
      if (!admin) {
        const wrongToday = await failures.countFailures(tx, {
          kind: 'reset_code',
          email,
          minutes: DAY_MINUTES,
        });
        if (wrongToday > MAX_WRONG_TRIES_PER_DAY) {
          const seconds = await failures.secondsUntilNewestFailureAges(tx, {
            kind: 'reset_code',
            email,
            minutes: RESET_LOCK_HOURS * 60,
          });
          return { kind: 'locked', seconds };
        }
      }

      const code = admin?.isActive
        ? await codes.findOutstandingCodeForUpdate(tx, email)
        : undefined;
      const usable =
        code !== undefined &&
        code.codeHash !== null &&
        code.adminId === admin?.id &&
        !code.expired &&
        code.wrongAttempts < MAX_WRONG_TRIES_PER_CODE;
      if (usable && code.codeHash && sameHash(codeHash(code.id, otp), code.codeHash)) {
        return { kind: 'valid', codeId: code.id, adminId: code.adminId as string };
      }

      if (usable) await codes.incrementWrongAttempts(tx, code.id);
      await failures.insertFailure(tx, { kind: 'reset_code', email, ip: caller.ip });
      // Where the admin signs in, only that address's own wrong codes count (and lock it alone).
      const wrongToday = await failures.countFailures(tx, {
        kind: 'reset_code',
        email,
        minutes: DAY_MINUTES,
        ...(known ? { ip: caller.ip } : {}),
      });
      if (wrongToday <= MAX_WRONG_TRIES_PER_DAY) return { kind: 'wrong' };
      if (known) return { kind: 'locked', seconds: RESET_LOCK_HOURS * 3600 };

      if (admin) {
        await codes.lockResetChannel(tx, admin.id, RESET_LOCK_HOURS);
        await codes.invalidateCodesOf(tx, email);
        await writeAudit(tx, {
          adminId: null,
          action: 'auth.reset_locked',
          entity: 'admin',
          entityId: admin.id,
          after: { wrongTriesToday: wrongToday, lockedForHours: RESET_LOCK_HOURS },
          ip: caller.ip,
        });
      }
      return { kind: 'locked', seconds: RESET_LOCK_HOURS * 3600 };
    });
  }

  return { codeHash, isKnownAddress, checkCode };
}

/**
 * Password recovery by a 4-digit code (docs/screens/password-recovery.md, docs/architecture.md#authentication). Every
 * answer is the same for known and unknown addresses up to the point where the right code is typed,
 * so the recovery screens cannot be used to find out who has an account.
 */
export function createPasswordResetService(deps: PasswordResetServiceDeps) {
  const { db, config, hasher, mailer, jobs } = deps;
  const { codeHash, isKnownAddress, checkCode } = createCodeChecks(deps);

  /** For an active, unlocked admin: attaches a code to the recorded request and mails it. */
  async function issueCode(requestId: string, email: string, caller: Caller): Promise<void> {
    const mail = await db.transaction(async (tx) => {
      await codes.lockRecoveryOf(tx, email);
      const admin = await admins.findAdminCredentialsByEmail(tx, email);
      if (!admin?.isActive) return undefined;
      if (admin.resetLockedForSeconds && !(await isKnownAddress(tx, email, caller)))
        return undefined;
      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      await codes.invalidateCodesOf(tx, email, requestId);
      await codes.attachCode(tx, {
        id: requestId,
        adminId: admin.id,
        codeHash: codeHash(requestId, code),
      });
      await writeAudit(tx, {
        adminId: null,
        action: 'auth.reset_code_sent',
        entity: 'admin',
        entityId: admin.id,
        ip: caller.ip,
      });
      return recoveryMail({
        to: admin.email,
        fullName: admin.fullName,
        code,
        validMinutes: CODE_VALID_MINUTES,
        from: config.MAIL_FROM,
      });
    });
    // A failed send is logged by the job runner; the admin can ask again after 60 s.
    if (mail) await mailer.send(mail);
    await codes.pruneResetRequests(db, 48);
  }

  return {
    /**
     * Answers once the request is recorded; the account look-up, the code and the mail happen
     * after the answer (decisions/134), so known and unknown e-mails take the same time.
     */
    async forgotPassword(email: string, caller: Caller): Promise<string> {
      const outcome = await db.transaction(async (tx) => {
        await codes.lockRecoveryOf(tx, email);
        const wait = await codes.secondsUntilNextCodeAllowed(tx, email, OTP_RESEND_SECONDS);
        if (wait > 0) return { kind: 'wait' as const, seconds: wait };
        // Recorded without a code, so the resend wait applies to every address alike.
        const id = randomUUID();
        await codes.insertResetRequest(tx, {
          id,
          email,
          adminId: null,
          codeHash: null,
          validMinutes: CODE_VALID_MINUTES,
        });
        return { kind: 'recorded' as const, id };
      });
      if (outcome.kind === 'wait') {
        throw new TooManyRequestsError(
          `Please wait ${outcome.seconds} seconds before requesting a new code.`,
          outcome.seconds,
        );
      }
      jobs.defer('password reset code', () => issueCode(outcome.id, email, caller));
      return FORGOT_PASSWORD_ANSWER;
    },

    async verifyCode(body: VerifyOtpBody, caller: Caller): Promise<void> {
      throwUnlessValid(await checkCode(body.email, body.otp, caller));
    },

    async resetPassword(body: ResetPasswordBody, caller: Caller): Promise<void> {
      const check = await checkCode(body.email, body.otp, caller);
      throwUnlessValid(check);
      await refuseCommonPassword(body.newPassword, 'newPassword');
      // Hashed outside any transaction: no row lock or connection is held for the argon2 time.
      const passwordHash = await hasher.hash(body.newPassword);
      const reset = await db.transaction(async (tx) => {
        await codes.lockRecoveryOf(tx, body.email);
        // Re-checked: a parallel reset or a newer code may have spent this one meanwhile.
        if (!(await codes.consumeCode(tx, check.codeId, MAX_WRONG_TRIES_PER_CODE))) return false;
        await admins.updatePasswordHash(tx, check.adminId, passwordHash);
        const revoked = await sessions.revokeAllRefreshTokensOfAdmin(tx, check.adminId);
        await admins.endAccessTokensOf(tx, check.adminId);
        await twoFactor.deleteChallengesOf(tx, check.adminId);
        await codes.invalidateCodesOf(tx, body.email);
        // Proving the mailbox ends any sign-in lock-out others caused on this account.
        await failures.deleteFailuresOfEmail(tx, 'login', body.email);
        await writeAudit(tx, {
          adminId: null,
          action: 'auth.password_reset',
          entity: 'admin',
          entityId: check.adminId,
          after: { revokedSessions: revoked },
          ip: caller.ip,
        });
        return true;
      });
      if (!reset)
        throw new BadRequestError(INVALID_CODE, [{ field: 'otp', message: INVALID_CODE }]);
    },
  };
}
