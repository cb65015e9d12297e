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
import { sentForApprovalResponse } from '@cask/contracts/approvals';
import { sentForApproval } from '../approvals/approvable.ts';
import { createRewardsService, manualPoints, rewardsExport } from './rewards.service.ts';
import { routeListExport } from '../exports/list-exports.ts';

/** The Reward List and manual point adjustments (docs/screens/rewards.md; docs/architecture.md#envelope). */
export const rewardsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const rewards = createRewardsService({ database: deps.database });
  app.approvals.add(manualPoints);

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
        description:
          "Adds one ledger entry; when the Approvals policy's 'Manual points above' is on and the points are beyond it (either sign), nothing is written yet: 202 with the request, which needs `reason` (issue 45).",
        response: {
          200: manualPointsResponse,
          202: sentForApprovalResponse,
          404: errorEnvelope.describe('No such customer'),
        },
      },
    },
    async (request, reply) => {
      const outcome = await app.approvals.runOrRequest(
        manualPoints,
        { recordId: request.body.userId, body: request.body, reason: request.body.reason },
        actorOf(request),
      );
      if ('approval' in outcome) return reply.status(202).send(sentForApproval(outcome.approval));
      return ok(outcome.result, 'Points updated successfully');
    },
  );
};
