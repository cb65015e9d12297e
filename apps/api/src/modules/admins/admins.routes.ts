import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInviteBody,
  acceptInviteResponse,
  adminAccountResponse,
  changeRoleBody,
  inviteAdminBody,
  inviteDetailsQuery,
  inviteDetailsResponse,
  withdrawInviteResponse,
  adminListDefinition,
} from '@cask/contracts/admins';
import { errorEnvelope, uuidParam } from '@cask/contracts/common';
import type { AppDeps } from '../../app-deps.ts';
import { setDeviceCookie } from '../../lib/device-cookie.ts';
import { ok } from '../../lib/envelope.ts';
import { createPasswordHasher } from '../../lib/password.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { ownerOnly } from '../../plugins/roles.ts';
import { sentForApprovalResponse } from '@cask/contracts/approvals';
import { actorOf } from '../../lib/audit-actor.ts';
import { sentForApproval } from '../approvals/approvable.ts';
import { createAdminsService, ownerInvite, ownerPromotion, type Acting } from './admins.service.ts';

const refusals = {
  403: errorEnvelope.describe(
    'Only an Owner manages admins; `reauthentication_required` when the last proof of identity is older than 10 minutes',
  ),
  409: errorEnvelope.describe('Yourself, or the last active Owner'),
};

/**
 * Issue 28, the Admins screen (Settings -> 'Admins'): every role reads the list; only an Owner
 * invites (and resends or withdraws an invite), changes a role, disables or enables
 * (docs/decisions/220, 221), each with a proof of identity from the last 10 minutes (step-up,
 * docs/decisions/227, 290). The invitee's
 * `POST /auth/accept-invite` is here too, with the invites it spends.
 */
export const adminsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const admins = createAdminsService({
    database: deps.database,
    config: deps.config,
    mailer: deps.mailer,
    hasher: createPasswordHasher({ concurrency: deps.config.PASSWORD_HASH_CONCURRENCY }),
    jwtSecret: deps.jwtSecret,
  });
  const inviting = ownerInvite(deps);
  app.approvals.add(inviting);
  app.approvals.add(ownerPromotion);
  const acting = (request: { admin: Acting['admin']; ip: string }): Acting => ({
    admin: request.admin,
    ip: request.ip,
  });

  app.get(
    adminListDefinition.path,
    {
      schema: {
        tags: ['admins'],
        querystring: adminListDefinition.query,
        response: { 200: adminListDefinition.response },
      },
    },
    async (request) => ok(await admins.list(request.query)),
  );

  app.post(
    '/admins/invites',
    {
      preParsing: ownerOnly,
      config: { recentAuthentication: true },
      schema: {
        tags: ['admins'],
        description:
          "Invites an admin; an Owner's invite, while the Approvals policy's 'Invite or promote an Owner' is on, is sent for approval by another Owner: 202 with the request, which needs `reason` (issue 45).",
        body: inviteAdminBody,
        response: { 200: adminAccountResponse, 202: sentForApprovalResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const outcome = await app.approvals.runOrRequest(
        inviting,
        { recordId: null, body: request.body, reason: request.body.reason },
        actorOf(request),
      );
      if ('approval' in outcome) return reply.status(202).send(sentForApproval(outcome.approval));
      return ok({ admin: outcome.result.account }, 'Invite sent');
    },
  );

  app.post(
    '/admins/invites/:id/resend',
    {
      preParsing: ownerOnly,
      // A resend revives an expired invite with a fresh link: a step-up as inviting is
      // (docs/decisions/290), and so is withdrawing one.
      config: { recentAuthentication: true },
      schema: {
        tags: ['admins'],
        params: uuidParam,
        response: { 200: adminAccountResponse, ...refusals },
      },
    },
    async (request) =>
      ok(
        { admin: await admins.resendInvite(request.params.id, acting(request)) },
        'Invite sent again',
      ),
  );

  app.delete(
    '/admins/invites/:id',
    {
      preParsing: ownerOnly,
      config: { recentAuthentication: true },
      schema: {
        tags: ['admins'],
        params: uuidParam,
        response: { 200: withdrawInviteResponse, ...refusals },
      },
    },
    async (request) =>
      ok(await admins.withdrawInvite(request.params.id, acting(request)), 'Invite withdrawn'),
  );

  app.put(
    '/admins/:id/role',
    {
      preParsing: ownerOnly,
      config: { recentAuthentication: true },
      schema: {
        tags: ['admins'],
        params: uuidParam,
        description:
          "Changes an admin's role; to Owner, while the Approvals policy's 'Invite or promote an Owner' is on, it is sent for approval by another Owner: 202 with the request, which needs `reason` (issue 45).",
        body: changeRoleBody,
        response: { 200: adminAccountResponse, 202: sentForApprovalResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const outcome = await app.approvals.runOrRequest(
        ownerPromotion,
        { recordId: request.params.id, body: request.body, reason: request.body.reason },
        actorOf(request),
      );
      if ('approval' in outcome) return reply.status(202).send(sentForApproval(outcome.approval));
      return ok({ admin: outcome.result }, 'Role changed');
    },
  );

  app.post(
    '/admins/:id/disable',
    {
      preParsing: ownerOnly,
      config: { recentAuthentication: true },
      schema: {
        tags: ['admins'],
        params: uuidParam,
        response: { 200: adminAccountResponse, ...refusals },
      },
    },
    async (request) =>
      ok(
        { admin: await admins.setActive(request.params.id, false, acting(request)) },
        'Admin disabled',
      ),
  );

  app.post(
    '/admins/:id/enable',
    {
      preParsing: ownerOnly,
      config: { recentAuthentication: true },
      schema: {
        tags: ['admins'],
        params: uuidParam,
        response: { 200: adminAccountResponse, 403: refusals[403] },
      },
    },
    async (request) =>
      ok(
        { admin: await admins.setActive(request.params.id, true, acting(request)) },
        'Admin enabled',
      ),
  );

  await app.register(acceptInviteRoutes(admins, deps.jwtSecret));
};

/**
 * `GET` and `POST /auth/accept-invite`. Accepting signs in, so it sets the device cookie as every
 * sign-in does (decision 228): in a scope of its own, and without the parsing hook (nothing here
 * reads a cookie), so the Admins screen's routes run none of @fastify/cookie's hooks.
 */
function acceptInviteRoutes(
  admins: ReturnType<typeof createAdminsService>,
  jwtSecret: string,
): FastifyPluginAsync {
  return async (plain) => {
    await plain.register(cookie, { hook: false });
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.get(
      '/auth/accept-invite',
      {
        // Public as the acceptance is, and slowed down per address as it is.
        config: { public: true, rateLimit: routeRateLimit(10) },
        schema: {
          tags: ['auth'],
          security: [],
          querystring: inviteDetailsQuery,
          response: {
            200: inviteDetailsResponse,
            404: errorEnvelope.describe('The link is invalid, expired, withdrawn or used'),
          },
        },
      },
      async (request) => ok(await admins.inviteDetails(request.query.token)),
    );
    scope.post(
      '/auth/accept-invite',
      {
        // The link's token is the proof; a stranger guessing tokens is slowed down per address.
        config: { public: true, rateLimit: routeRateLimit(10) },
        schema: {
          tags: ['auth'],
          security: [],
          body: acceptInviteBody,
          response: {
            200: acceptInviteResponse,
            400: errorEnvelope.describe('The link is invalid, expired or used, or the password'),
          },
        },
      },
      async (request, reply) => {
        const { tokens, email } = await admins.acceptInvite(request.body, request);
        setDeviceCookie(request, reply, jwtSecret, email);
        return ok(tokens, 'Welcome to Cask Admin');
      },
    );
  };
}
