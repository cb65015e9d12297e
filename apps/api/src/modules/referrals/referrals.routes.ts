import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, uuidParam } from '@cask/contracts/common';
import {
  referralListQuery,
  referralListResponse,
  updateReferralStatusBody,
  updateReferralStatusResponse,
} from '@cask/contracts/referrals';
import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { createReferralsService } from './referrals.service.ts';

/** Spec 001 §7: the referral list and its status change. */
export const referralsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const referrals = createReferralsService({ database: deps.database });

  app.get(
    '/referrals',
    {
      schema: {
        tags: ['referrals'],
        querystring: referralListQuery,
        response: { 200: referralListResponse },
      },
    },
    async (request) => ok(await referrals.list(request.query)),
  );

  app.put(
    '/referrals/:id/status',
    {
      schema: {
        tags: ['referrals'],
        params: uuidParam,
        body: updateReferralStatusBody,
        response: {
          200: updateReferralStatusResponse,
          409: errorEnvelope.describe('The referrer no longer holds the points to take back'),
        },
      },
    },
    async (request) =>
      ok(
        await referrals.setStatus(request.params.id, request.body, {
          adminId: request.admin.id,
          ip: request.ip,
        }),
        'Referral status updated',
      ),
  );
};
