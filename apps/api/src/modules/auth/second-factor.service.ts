import type { TokenPair } from '@cask/contracts/auth';
import type { SecondFactorBody } from '@cask/contracts/security';
import { writeAudit } from '../../db/audit.ts';
import {
  BadRequestError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../lib/errors.ts';
import { open as openSealed } from '../../lib/secret-box.ts';
import { hashRecoveryCode, stepOfCode } from '../../lib/totp.ts';
import * as admins from '../admins/admins.repository.ts';
import {
  createAttempts,
  createSessionIssuer,
  userAgentOf,
  type AuthServiceDeps,
  type Breach,
  type Caller,
  type SecondFactorInput,
} from './auth-common.ts';
import * as failures from './sign-in-throttle.repository.ts';
import * as twoFactor from './two-factor.repository.ts';
import { verifySecondFactorChallenge } from './second-factor-challenge.ts';
import { secondFactorAlertMail } from './second-factor-alert-mail.ts';

export const AUTHENTICATION_CODE_WRONG = 'The authentication code is not valid';
export const RECOVERY_CODE_WRONG = 'The recovery code is not valid';
export const CHALLENGE_EXPIRED = 'The sign-in has expired. Please sign in again.';
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

/** The second factor: TOTP and recovery codes, at sign-in and wherever else one is asked. */
export function createSecondFactorService(deps: AuthServiceDeps) {
  const { db, config, jwtSecret, totpKey, mailer, jobs } = deps;
  const windowMinutes = config.LOGIN_FAILURE_WINDOW_MINUTES;
  const { beginAttempt, countOver, auditThrottled, settleAttempt } = createAttempts(deps);
  const { completeSignIn } = createSessionIssuer(deps);

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
      const wrongCodes = await failures.failurePosition(
        db,
        { kind: 'second_factor', email: admin.email, minutes: 24 * 60 },
        attemptId,
      );
      // Once a day's window, by the failure that passes the limit (docs/decisions/295): its own
      // position, not the count read afterwards, which two wrong codes at once would both read
      // past the limit.
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

  return {
    checkSecondFactor,

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
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
