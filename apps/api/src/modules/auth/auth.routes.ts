import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  changePasswordResponse,
  forgotPasswordBody,
  forgotPasswordResponse,
  loginBody,
  loginResponse,
  logoutBody,
  logoutResponse,
  refreshQuery,
  refreshResponse,
  resetPasswordBody,
  resetPasswordResponse,
  verifyOtpBody,
  verifyOtpResponse,
} from '@cask/contracts/auth';
import { errorEnvelope } from '@cask/contracts/common';
import type { AppDeps } from '../../app-deps.ts';
import { createBackgroundJobs } from '../../lib/background-jobs.ts';
import {
  DEVICE_COOKIE,
  isDeviceCookieFor,
  setDeviceCookie as setDeviceCookieOn,
} from '../../lib/device-cookie.ts';
import { done, ok } from '../../lib/envelope.ts';
import { onlyExactQueryNames } from '../../lib/exact-query.ts';
import { createPasswordHasher } from '../../lib/password.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { createPasswordService, type PasswordService } from './password.service.ts';
import { createSecondFactorService } from './second-factor.service.ts';
import { createSessionTokensService, type SessionTokensService } from './session-tokens.service.ts';
import { createSignInService, type SignInService } from './sign-in.service.ts';
import { createStepUpService } from './step-up.service.ts';
import { createPasswordResetService, type PasswordResetService } from './password-reset.service.ts';
import { registerSecurityRoutes } from './security.routes.ts';
import { OWN_ACCOUNT } from '../../plugins/roles.ts';

// Recovery calls are the ones a stranger can hammer: per IP and minute, well above what the
// screens need (one code per 60 s, a handful of tries), well below a brute-force budget.
const forgotLimit = routeRateLimit(10);
const verifyLimit = routeRateLimit(20);
const resetLimit = routeRateLimit(10);

/**
 * docs/screens/sign-in.md#api-calls, password-recovery.md and settings.md: every /auth call;
 * sign-in and recovery are public, the rest need a token.
 */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const hasher = createPasswordHasher({ concurrency: deps.config.PASSWORD_HASH_CONCURRENCY });
  // Drained on close, before server.ts closes the mailer and the database: no mail is lost.
  const jobs = createBackgroundJobs(app.log);
  app.addHook('onClose', () => jobs.drain());
  // Deferred work (the recovery code and its mail) starts once the answer has left.
  app.addHook('onResponse', (_request, _reply, done) => {
    jobs.release();
    done();
  });
  const authDeps = {
    db: deps.database.db,
    config: deps.config,
    jwtSecret: deps.jwtSecret,
    totpKey: deps.totpKey,
    hasher,
    mailer: deps.mailer,
    jobs,
  };
  const signIn = createSignInService(authDeps);
  const sessionTokens = createSessionTokensService(authDeps);
  const secondFactor = createSecondFactorService(authDeps);
  const password = createPasswordService(authDeps);
  const stepUp = createStepUpService({ ...authDeps, password, secondFactor });
  await app.register(cookie);
  const setDeviceCookie = (request: FastifyRequest, reply: FastifyReply, email: string) =>
    setDeviceCookieOn(request, reply, deps.jwtSecret, email);
  registerSecurityRoutes(app, {
    db: deps.database.db,
    config: deps.config,
    totpKey: deps.totpKey,
    signIn,
    secondFactor,
    stepUp,
    password,
    jwtSecret: deps.jwtSecret,
    setDeviceCookie,
  });
  const recovery = createPasswordResetService({
    db: deps.database.db,
    config: deps.config,
    jwtSecret: deps.jwtSecret,
    hasher,
    mailer: deps.mailer,
    jobs,
  });
  registerSignInRoutes(app, {
    jwtSecret: deps.jwtSecret,
    signIn,
    sessionTokens,
    password,
    setDeviceCookie,
  });
  registerPasswordRecoveryRoutes(app, recovery);
};

/** Sign-in by password, the session's refresh and logout, and the password changed. */
function registerSignInRoutes(
  parent: FastifyInstance,
  deps: {
    jwtSecret: string;
    signIn: SignInService;
    sessionTokens: SessionTokensService;
    password: PasswordService;
    setDeviceCookie: (request: FastifyRequest, reply: FastifyReply, email: string) => void;
  },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { signIn, sessionTokens, password, setDeviceCookie } = deps;

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        security: [],
        body: loginBody,
        response: {
          200: loginResponse,
          401: errorEnvelope.describe('Wrong e-mail or password'),
          403: errorEnvelope.describe('The account is inactive'),
        },
      },
    },
    async (request, reply) => {
      const trustedDevice = isDeviceCookieFor(
        deps.jwtSecret,
        request.cookies[DEVICE_COOKIE],
        request.body.email,
      );
      const answer = await signIn.login(request.body, request, { trustedDevice });
      if (!('challenge' in answer)) setDeviceCookie(request, reply, request.body.email);
      return ok(
        answer,
        'challenge' in answer ? 'Enter your authentication code' : 'Signed in successfully',
      );
    },
  );

  app.get(
    '/auth/refresh-token',
    {
      config: { public: true },
      // The token travels in the query (docs/screens/sign-in.md#api-calls): only its exact name is
      // taken, so every copy of it in a log line is one the redaction recognises.
      preValidation: onlyExactQueryNames('refreshToken'),
      schema: {
        tags: ['auth'],
        security: [],
        querystring: refreshQuery,
        response: {
          200: refreshResponse,
          401: errorEnvelope.describe('The refresh token is unknown, expired or revoked'),
        },
      },
    },
    async (request) => ok(await sessionTokens.refresh(request.query.refreshToken, request)),
  );

  app.post(
    '/auth/logout',
    {
      config: { public: true },
      schema: { tags: ['auth'], security: [], body: logoutBody, response: { 200: logoutResponse } },
    },
    async (request) => {
      await sessionTokens.logout(request.body.refreshToken, request);
      return done('Logged out successfully');
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { viewerMayWrite: OWN_ACCOUNT, beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        body: changePasswordBody,
        response: { 200: changePasswordResponse },
      },
    },
    async (request) =>
      ok(
        await password.changePassword(request.admin.id, request.body, request),
        'Password changed successfully!',
      ),
  );
}

/** Password recovery by an e-mailed code: public, and limited per address and minute. */
function registerPasswordRecoveryRoutes(parent: FastifyInstance, recovery: PasswordResetService) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true, rateLimit: forgotLimit },
      schema: {
        tags: ['auth'],
        security: [],
        body: forgotPasswordBody,
        response: { 200: forgotPasswordResponse },
      },
    },
    async (request) => done(await recovery.forgotPassword(request.body.email, request)),
  );

  app.post(
    '/auth/verify-password-reset-otp',
    {
      config: { public: true, rateLimit: verifyLimit },
      schema: {
        tags: ['auth'],
        security: [],
        body: verifyOtpBody,
        response: { 200: verifyOtpResponse },
      },
    },
    async (request) => {
      await recovery.verifyCode(request.body, request);
      return done('OTP verified successfully!');
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { public: true, rateLimit: resetLimit },
      schema: {
        tags: ['auth'],
        security: [],
        body: resetPasswordBody,
        response: { 200: resetPasswordResponse },
      },
    },
    async (request) => {
      await recovery.resetPassword(request.body, request);
      return done('Password reset successfully!');
    },
  );
}
