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
import { asSerialized } from '../../lib/json-text.ts';
import { LIST_ROUTE } from '../../lib/list-route.ts';
import { createReferralsService } from './referrals.service.ts';

/** Spec 001 §7: the referral list and its status change. */
export const referralsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const referrals = createReferralsService({ database: deps.database });

  app.get(
    '/referrals',
    {
      ...LIST_ROUTE,
      schema: {
        tags: ['referrals'],
        querystring: referralListQuery,
        response: { 200: referralListResponse },
      },
    },
    async (request) => {
      const { admin, page } = await referrals.list(request.accessClaims, request.query);
      request.admin = admin;
      return asSerialized(ok(page));
    },
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
