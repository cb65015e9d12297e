import type { LoginBody, TokenPair } from '@cask/contracts/auth';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { SecondFactorChallenge } from '@cask/contracts/security';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.ts';
import * as admins from '../admins/admins.repository.ts';
import {
  createAttempts,
  createSessionIssuer,
  type AuthServiceDeps,
  type Breach,
  type Caller,
} from './auth-common.ts';
import {
  createPasskeysService,
  PASSKEY_NOT_RECOGNISED,
  PASSKEY_REQUEST_EXPIRED,
} from './passkeys.service.ts';
import * as failures from './sign-in-throttle.repository.ts';
import * as twoFactor from './two-factor.repository.ts';
import { CHALLENGE_TTL_SECONDS, signSecondFactorChallenge } from './second-factor-challenge.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';

/** Sign-in by password (its first step) or by passkey (docs/architecture.md#authentication). */
export function createSignInService(deps: AuthServiceDeps) {
  const { db, config, jwtSecret, hasher } = deps;
  const windowMinutes = config.LOGIN_FAILURE_WINDOW_MINUTES;
  const passkeys = createPasskeysService({ db, config });
  const { beginAttempt, countOver, auditThrottled, settleAttempt, auditSignInFailure } =
    createAttempts(deps);
  const { completeSignIn } = createSessionIssuer(deps);

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
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
