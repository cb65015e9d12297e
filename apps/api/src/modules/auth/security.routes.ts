import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope } from '@cask/contracts/common';
import {
  addPasskeyBody,
  endSessionsResponse,
  passkeyParams,
  passkeyResponse,
  passkeySignInBody,
  passkeysResponse,
  passkeyRegistrationOptionsResponse,
  webauthnOptionsResponse,
  policyBody,
  policyResponse,
  reauthenticateBody,
  recoveryCodesResponse,
  secondFactorBody,
  secondFactorResponse,
  securityMessageResponse,
  securityOverviewResponse,
  sessionParams,
  sessionsResponse,
  totpDisableBody,
  totpSetupResponse,
  totpVerifyBody,
} from '@cask/contracts/security';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Config } from '../../config.ts';
import type { AppDeps } from '../../app-deps.ts';
import { createPasskeysService } from './passkeys.service.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { DEVICE_COOKIE, isDeviceCookieFor } from '../../lib/device-cookie.ts';
import { done, ok } from '../../lib/envelope.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { ownerOnly } from '../../plugins/roles.ts';
import type { PasswordService } from './password.service.ts';
import type { SecondFactorService } from './second-factor.service.ts';
import type { SignInService } from './sign-in.service.ts';
import type { StepUpService } from './step-up.service.ts';
import { createSecurityService, twoFactorOff, type SessionActor } from './security.service.ts';
import { sentForApprovalResponse } from '@cask/contracts/approvals';
import { sentForApproval } from '../approvals/approvable.ts';
import { OWN_ACCOUNT } from '../../plugins/roles.ts';

const secondFactorLimit = routeRateLimit(20);

/** Two-factor is already on, or not on, for what the call wants to do. */
const conflict = errorEnvelope.describe('Two-factor authentication is not in the state needed');

/** The audit actor (lib/audit-actor.ts) with its session and browser, for the security calls. */
function sessionActorOf(request: FastifyRequest): SessionActor {
  return { ...actorOf(request), sessionId: request.session.id, headers: request.headers };
}

/**
 * Settings -> Security and the second sign-in step (issue 28, docs/decisions/225-227). The
 * routes an admin needs to get a second factor while the policy holds them back are
 * `beforeSecondFactor`; the changes that weaken security ask for a recent authentication.
 */
export function registerSecurityRoutes(
  parent: FastifyInstance,
  deps: {
    db: AppDeps['database']['db'];
    config: Config;
    totpKey: Buffer;
    signIn: SignInService;
    secondFactor: SecondFactorService;
    stepUp: StepUpService;
    password: PasswordService;
    jwtSecret: string;
    setDeviceCookie: (request: FastifyRequest, reply: FastifyReply, email: string) => void;
  },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const security = createSecurityService(deps);
  const passkeys = createPasskeysService({ db: deps.db, config: deps.config });

  passkeyRoutes(app, deps, passkeys);
  signInStepRoutes(app, deps, passkeys);
  sessionRoutes(app, security);
  twoFactorRoutes(app, security, deps.jwtSecret);
  app.approvals.add(twoFactorOff);
}

type Routes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
type SecurityRouteDeps = Parameters<typeof registerSecurityRoutes>[1];

/** Passkeys: signing in with one, and the admin's own list, added and removed. */
function passkeyRoutes(
  app: Routes,
  deps: SecurityRouteDeps,
  passkeys: ReturnType<typeof createPasskeysService>,
) {
  app.post(
    '/auth/passkey/options',
    {
      config: { public: true, rateLimit: secondFactorLimit },
      schema: { tags: ['auth'], security: [], response: { 200: webauthnOptionsResponse } },
    },
    async () => ok(await passkeys.authenticationOptions()),
  );

  app.post(
    '/auth/passkey',
    {
      config: { public: true, rateLimit: secondFactorLimit },
      schema: {
        tags: ['auth'],
        security: [],
        body: passkeySignInBody,
        response: {
          200: secondFactorResponse,
          401: errorEnvelope.describe('The passkey was not recognised'),
          403: errorEnvelope.describe('The account is inactive'),
        },
      },
    },
    async (request, reply) => {
      const { tokens, email } = await deps.signIn.signInWithPasskey(
        {
          ceremony: request.body.ceremony,
          response: request.body.response as unknown as AuthenticationResponseJSON,
        },
        request,
      );
      deps.setDeviceCookie(request, reply, email);
      return ok(tokens, 'Signed in successfully');
    },
  );

  app.get(
    '/security/passkeys',
    {
      config: { beforeSecondFactor: true },
      schema: { tags: ['security'], response: { 200: passkeysResponse } },
    },
    async (request) => ok({ passkeys: await passkeys.list(request.admin.id) }),
  );

  // Adding or removing a way to sign in asks for a recent proof (docs/decisions/290); the
  // options too, so the dialog comes before the browser's prompt rather than after it.
  app.post(
    '/security/passkeys/options',
    {
      config: { viewerMayWrite: OWN_ACCOUNT, beforeSecondFactor: true, recentAuthentication: true },
      schema: { tags: ['security'], response: { 200: passkeyRegistrationOptionsResponse } },
    },
    async (request) => ok(await passkeys.registrationOptions(request.admin.id)),
  );

  app.post(
    '/security/passkeys',
    {
      config: { viewerMayWrite: OWN_ACCOUNT, beforeSecondFactor: true, recentAuthentication: true },
      schema: { tags: ['security'], body: addPasskeyBody, response: { 200: passkeyResponse } },
    },
    async (request) =>
      ok(
        await passkeys.register(sessionActorOf(request), {
          name: request.body.name,
          ceremony: request.body.ceremony,
          response: request.body.response as unknown as RegistrationResponseJSON,
        }),
        'Passkey added',
      ),
  );

  app.delete(
    '/security/passkeys/:id',
    {
      config: { viewerMayWrite: OWN_ACCOUNT, recentAuthentication: true },
      schema: {
        tags: ['security'],
        params: passkeyParams,
        response: { 200: securityMessageResponse, 404: errorEnvelope.describe('No such passkey') },
      },
    },
    async (request) => {
      await passkeys.remove(sessionActorOf(request), request.params.id);
      return done('Passkey removed');
    },
  );
}

/** The second sign-in step, and the proof of identity a step-up asks for. */
function signInStepRoutes(
  app: Routes,
  deps: SecurityRouteDeps,
  passkeys: ReturnType<typeof createPasskeysService>,
) {
  app.post(
    '/auth/login/second-factor',
    {
      config: { public: true, rateLimit: secondFactorLimit },
      schema: {
        tags: ['auth'],
        security: [],
        body: secondFactorBody,
        response: {
          200: secondFactorResponse,
          400: errorEnvelope.describe('The code is not valid'),
          401: errorEnvelope.describe('The challenge expired'),
        },
      },
    },
    async (request, reply) => {
      // A browser with the admin's device cookie is never refused by the address and account
      // limits of wrong codes (docs/decisions/295).
      const { tokens, email } = await deps.secondFactor.completeSecondFactor(
        request.body,
        request,
        {
          trustedDevice: (email) =>
            isDeviceCookieFor(deps.jwtSecret, request.cookies[DEVICE_COOKIE], email),
        },
      );
      deps.setDeviceCookie(request, reply, email);
      return ok(tokens, 'Signed in successfully');
    },
  );

  app.post(
    '/auth/reauthenticate/passkey/options',
    {
      config: {
        viewerMayWrite: OWN_ACCOUNT,
        beforeSecondFactor: true,
        rateLimit: secondFactorLimit,
      },
      schema: {
        tags: ['auth'],
        response: {
          200: webauthnOptionsResponse,
          409: errorEnvelope.describe('The admin has no passkey'),
        },
      },
    },
    async (request) => ok(await passkeys.reauthenticationOptions(request.admin.id)),
  );

  app.post(
    '/auth/reauthenticate',
    {
      config: { viewerMayWrite: OWN_ACCOUNT, beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        body: reauthenticateBody,
        response: {
          200: securityMessageResponse,
          400: errorEnvelope.describe(
            'The password or code is wrong, or the passkey was not recognised or its request expired',
          ),
        },
      },
    },
    async (request) => {
      // Like the sign-in's second step, the admin's own browser (its device cookie) is never
      // refused by the address and account limits of wrong codes (docs/decisions/295).
      await deps.stepUp.reauthenticate(
        request.admin.id,
        request.session.id,
        request.body,
        request,
        {
          trustedDevice: (email) =>
            isDeviceCookieFor(deps.jwtSecret, request.cookies[DEVICE_COOKIE], email),
        },
      );
      return done('Confirmed');
    },
  );
}

/** Settings -> Security: the overview and the admin's sessions. */
function sessionRoutes(app: Routes, security: ReturnType<typeof createSecurityService>) {
  app.get(
    '/security',
    {
      config: { beforeSecondFactor: true },
      schema: { tags: ['security'], response: { 200: securityOverviewResponse } },
    },
    // Only an Owner manages the policy (docs/architecture.md#roles): PUT /security/policy is
    // ownerOnly.
    async (request) =>
      ok(await security.overview(request.admin.id, request.admin.role === 'owner')),
  );

  app.get(
    '/security/sessions',
    {
      config: { beforeSecondFactor: true },
      schema: { tags: ['security'], response: { 200: sessionsResponse } },
    },
    async (request) =>
      ok({ sessions: await security.listSessions(request.admin.id, request.session.id) }),
  );

  app.delete(
    '/security/sessions/:id',
    {
      config: { viewerMayWrite: OWN_ACCOUNT, beforeSecondFactor: true },
      schema: {
        tags: ['security'],
        params: sessionParams,
        response: { 200: securityMessageResponse, 404: errorEnvelope.describe('No such session') },
      },
    },
    async (request) => {
      await security.endSession(sessionActorOf(request), request.params.id);
      return done('Session ended');
    },
  );

  app.post(
    '/security/sessions/end-others',
    {
      config: { viewerMayWrite: OWN_ACCOUNT, beforeSecondFactor: true },
      schema: { tags: ['security'], response: { 200: endSessionsResponse } },
    },
    async (request) =>
      ok(
        { ended: await security.endOtherSessions(sessionActorOf(request)) },
        'Other sessions ended',
      ),
  );
}

/** Two-factor authentication: the admin's own, the Owner's policy and an admin's reset. */
function twoFactorRoutes(
  app: Routes,
  security: ReturnType<typeof createSecurityService>,
  jwtSecret: string,
) {
  // Setting up a second factor asks for a recent proof and never counts as one
  // (docs/decisions/290): an admin the policy holds right after signing in passes at once.
  app.post(
    '/security/two-factor/setup',
    {
      config: { viewerMayWrite: OWN_ACCOUNT, beforeSecondFactor: true, recentAuthentication: true },
      schema: {
        tags: ['security'],
        response: { 200: totpSetupResponse, 409: conflict },
      },
    },
    async (request) => ok(await security.beginTotpSetup(sessionActorOf(request))),
  );

  app.post(
    '/security/two-factor/verify',
    {
      config: {
        viewerMayWrite: OWN_ACCOUNT,
        beforeSecondFactor: true,
        recentAuthentication: true,
        rateLimit: secondFactorLimit,
      },
      schema: {
        tags: ['security'],
        body: totpVerifyBody,
        response: { 200: recoveryCodesResponse },
      },
    },
    async (request) =>
      ok(
        {
          recoveryCodes: await security.verifyTotpSetup(sessionActorOf(request), request.body.code),
        },
        'Two-factor authentication is on',
      ),
  );

  app.post(
    '/security/two-factor/disable',
    {
      config: {
        viewerMayWrite: OWN_ACCOUNT,
        recentAuthentication: true,
        rateLimit: secondFactorLimit,
      },
      schema: {
        tags: ['security'],
        body: totpDisableBody,
        response: { 200: securityMessageResponse, 409: conflict },
      },
    },
    async (request) => {
      // The admin's own browser is exempt from the address limits of wrong codes (decision 295).
      await security.disableTotp(sessionActorOf(request), request.body, {
        trustedDevice: (email) =>
          isDeviceCookieFor(jwtSecret, request.cookies[DEVICE_COOKIE], email),
      });
      return done('Two-factor authentication is off');
    },
  );

  app.post(
    '/security/two-factor/recovery-codes',
    {
      config: { viewerMayWrite: OWN_ACCOUNT, recentAuthentication: true },
      schema: { tags: ['security'], response: { 200: recoveryCodesResponse, 409: conflict } },
    },
    async (request) =>
      ok({ recoveryCodes: await security.regenerateRecoveryCodes(sessionActorOf(request)) }),
  );

  app.put(
    '/security/policy',
    {
      preParsing: ownerOnly,
      config: { recentAuthentication: true },
      schema: {
        tags: ['security'],
        description:
          "Require two-factor on or off. Off, while the Approvals policy's 'Turn off Require two-factor' is on, is sent for approval by another Owner: 202 with the request, which needs `reason` (issue 45).",
        body: policyBody,
        response: { 200: policyResponse, 202: sentForApprovalResponse, 409: conflict },
      },
    },
    async (request, reply) => {
      const outcome = await app.approvals.runOrRequest(
        twoFactorOff,
        { recordId: null, body: request.body, reason: request.body.reason },
        actorOf(request),
      );
      if ('approval' in outcome) return reply.status(202).send(sentForApproval(outcome.approval));
      return ok(outcome.result, 'Security policy saved');
    },
  );

  app.delete(
    '/admins/:id/two-factor',
    {
      preParsing: ownerOnly,
      config: { recentAuthentication: true },
      schema: {
        tags: ['security'],
        params: z.object({ id: z.uuid('Invalid admin id') }),
        response: {
          200: securityMessageResponse,
          404: errorEnvelope.describe('No such admin'),
          409: conflict,
        },
      },
    },
    async (request) => {
      await security.resetTwoFactorOf(sessionActorOf(request), request.params.id);
      return done('Two-factor authentication reset');
    },
  );
}
