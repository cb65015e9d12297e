import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPROVAL_POLICY_SAVED,
  APPROVED,
  REJECTED,
  WITHDRAWN,
  approvalListDefinition,
  approvalPolicyBody,
  approvalPolicyResponse,
  approvalResponse,
  pendingApprovalsResponse,
  rejectApprovalBody,
  sentForApprovalResponse,
} from '@cask/contracts/approvals';
import { errorEnvelope, uuidParam } from '@cask/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { ok } from '../../lib/envelope.ts';
import { ownerOnly } from '../../plugins/roles.ts';
import { sentForApproval } from './approvable.ts';
import { policyChange } from './approval-policy.ts';
import type { Decider } from './approvals.service.ts';

const notFound = errorEnvelope.describe('No such request');
const notPending = errorEnvelope.describe(
  'The request is no longer pending (decided, withdrawn or expired), or it is Outdated: its record changed since it was asked',
);
const refused = errorEnvelope.describe(
  "The admin asked for it themselves, or their role may not decide it, or it is not the admin's own request",
);

const deciderOf = (request: FastifyRequest): Decider => ({
  ...actorOf(request),
  fullName: request.admin.fullName,
  role: request.admin.role,
});

/**
 * Issue 45 (docs/screens/approvals.md): the `/approvals` list, a request, its decisions, the
 * badge's count and Settings -> 'Approvals'. A Viewer reads; every decision is a write, refused to
 * them by plugins/roles.ts.
 */
export const approvalsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  const approvals = app.approvals;
  approvals.add(policyChange);

  app.get(
    approvalListDefinition.path,
    {
      schema: {
        tags: ['approvals'],
        querystring: approvalListDefinition.query,
        response: { 200: approvalListDefinition.response },
      },
    },
    async (request) => ok(await approvals.list(request.query)),
  );

  app.get(
    '/approvals/pending-count',
    { schema: { tags: ['approvals'], response: { 200: pendingApprovalsResponse } } },
    async (request) => ok({ pending: await approvals.pendingCount(request.admin) }),
  );

  app.get(
    '/approvals/:id',
    {
      schema: {
        tags: ['approvals'],
        params: uuidParam,
        response: { 200: approvalResponse, 404: notFound },
      },
    },
    async (request) => ok({ approval: await approvals.read(request.params.id) }),
  );

  app.post(
    '/approvals/:id/approve',
    {
      // Runs the action: a proof of identity from the last minutes, as the action's own route.
      config: { recentAuthentication: true },
      schema: {
        tags: ['approvals'],
        description:
          "Runs the request's action exactly as asked, as its asker's change approved by this admin, in one transaction. 409 when another admin decided it first, or when its record changed since it was asked (the request is then Outdated and nothing runs).",
        params: uuidParam,
        response: { 200: approvalResponse, 403: refused, 404: notFound, 409: notPending },
      },
    },
    async (request) =>
      ok({ approval: await approvals.approve(request.params.id, deciderOf(request)) }, APPROVED),
  );

  app.post(
    '/approvals/:id/reject',
    {
      schema: {
        tags: ['approvals'],
        params: uuidParam,
        body: rejectApprovalBody,
        response: { 200: approvalResponse, 403: refused, 404: notFound, 409: notPending },
      },
    },
    async (request) =>
      ok(
        {
          approval: await approvals.reject(
            request.params.id,
            request.body.note,
            deciderOf(request),
          ),
        },
        REJECTED,
      ),
  );

  app.post(
    '/approvals/:id/withdraw',
    {
      schema: {
        tags: ['approvals'],
        params: uuidParam,
        response: { 200: approvalResponse, 403: refused, 404: notFound, 409: notPending },
      },
    },
    async (request) =>
      ok({ approval: await approvals.withdraw(request.params.id, actorOf(request)) }, WITHDRAWN),
  );

  app.get(
    '/settings/approvals',
    {
      preParsing: ownerOnly,
      schema: { tags: ['approvals'], response: { 200: approvalPolicyResponse } },
    },
    async () => ok({ policy: await approvals.policy() }),
  );

  app.put(
    '/settings/approvals',
    {
      preParsing: ownerOnly,
      config: { recentAuthentication: true },
      schema: {
        tags: ['approvals'],
        description:
          'Saves the Approvals policy; while any action is on (and another Owner is active) the change is sent for approval by another Owner (202). 409 when an action turned on has no second active admin to approve it.',
        body: approvalPolicyBody,
        response: {
          200: approvalPolicyResponse,
          202: sentForApprovalResponse,
          409: errorEnvelope.describe('Nobody but the asker could approve an action turned on'),
        },
      },
    },
    async (request, reply) => {
      const outcome = await approvals.runOrRequest(
        policyChange,
        { recordId: null, body: request.body, reason: request.body.reason },
        actorOf(request),
      );
      if ('approval' in outcome) return reply.status(202).send(sentForApproval(outcome.approval));
      return ok({ policy: outcome.result }, APPROVAL_POLICY_SAVED);
    },
  );
};
