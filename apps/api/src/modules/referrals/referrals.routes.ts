import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, recordPreconditionHeaders, uuidParam } from '@cask/contracts/common';
import {
  referralResponse,
  referralStatusChangesBody,
  referralStatusChangesResponse,
  updateReferralStatusBody,
  updateReferralStatusResponse,
  referralListDefinition,
} from '@cask/contracts/referrals';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { ok } from '../../lib/envelope.ts';
import { expectedRecordVersion, withVersionEtag } from '../../lib/preconditions.ts';
import { createReferralsService, referralsExport } from './referrals.service.ts';
import { routeListExport } from '../exports/list-exports.ts';

/** docs/screens/referrals.md#api-calls: the referral list and its status change. */
export const referralsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const referrals = createReferralsService({ database: deps.database });

  app.get(
    referralListDefinition.path,
    {
      schema: {
        tags: ['referrals'],
        querystring: referralListDefinition.query,
        response: { 200: referralListDefinition.response },
      },
    },
    async (request) => ok(await referrals.list(request.query)),
  );
  routeListExport(app, referralListDefinition, referralsExport);

  app.get(
    '/referrals/:id',
    {
      schema: {
        tags: ['referrals'],
        description: 'One referral as the list shows it; the `ETag` header is its version.',
        params: uuidParam,
        response: { 200: referralResponse, 404: errorEnvelope.describe('No such referral') },
      },
    },
    async (request, reply) =>
      ok({ referral: withVersionEtag(reply, await referrals.get(request.params.id)) }),
  );

  app.post(
    '/referrals/bulk/status',
    {
      schema: {
        tags: ['referrals'],
        body: referralStatusChangesBody,
        response: { 200: referralStatusChangesResponse },
      },
    },
    async (request) =>
      ok(await referrals.setStatuses(request.body, actorOf(request)), 'Referral statuses updated'),
  );

  app.put(
    '/referrals/:id/status',
    {
      schema: {
        tags: ['referrals'],
        params: uuidParam,
        headers: recordPreconditionHeaders,
        body: updateReferralStatusBody,
        response: {
          200: updateReferralStatusResponse,
          409: errorEnvelope.describe('The referrer no longer holds the points to take back'),
        },
      },
    },
    async (request) =>
      ok(
        await referrals.setStatus(
          request.params.id,
          request.body,
          actorOf(request),
          expectedRecordVersion(request.headers),
        ),
        'Referral status updated',
      ),
  );
};
