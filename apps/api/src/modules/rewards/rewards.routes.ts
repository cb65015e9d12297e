import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@cask/contracts/common';
import {
  manualPointsBody,
  manualPointsResponse,
  rewardListDefinition,
} from '@cask/contracts/rewards';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { ok } from '../../lib/envelope.ts';
import { createRewardsService, rewardsExport } from './rewards.service.ts';
import { routeListExport } from '../exports/list-exports.ts';

/** The Reward List and manual point adjustments (docs/screens/rewards.md; docs/architecture.md#envelope). */
export const rewardsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const rewards = createRewardsService({ database: deps.database });

  app.get(
    rewardListDefinition.path,
    {
      schema: {
        tags: ['referrals'],
        querystring: rewardListDefinition.query,
        response: { 200: rewardListDefinition.response },
      },
    },
    async (request) => ok(await rewards.list(request.query)),
  );
  routeListExport(app, rewardListDefinition, rewardsExport);

  app.post(
    '/referrals/admin/manual-points',
    {
      // Moves a customer's money-like balance: asks for the password again after 10 minutes.
      config: { recentAuthentication: true },
      schema: {
        tags: ['referrals'],
        body: manualPointsBody,
        response: { 200: manualPointsResponse, 404: errorEnvelope.describe('No such customer') },
      },
    },
    async (request) =>
      ok(await rewards.adjust(request.body, actorOf(request)), 'Points updated successfully'),
  );
};
