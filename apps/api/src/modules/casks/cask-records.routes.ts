import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caskRecordResponse,
  provenanceResponse,
  regaugeBody,
  transferBody,
  valuationBody,
} from '@cask/contracts/cask-records';
import { errorEnvelope, recordPreconditionHeaders, uuidParam } from '@cask/contracts/common';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { ok } from '../../lib/envelope.ts';
import { expectedRecordVersion } from '../../lib/preconditions.ts';
import { sentForApprovalResponse } from '@cask/contracts/approvals';
import { sentForApproval } from '../approvals/approvable.ts';
import {
  createCaskRecordsService,
  transferOwnership,
  valuationChange,
} from './cask-records.service.ts';

/**
 * The cask page's calls (issue 30): the record (the cask with its gauges, transfers, alerts and
 * latest valuation; GET /casks/{id} reads the cask alone, with its ETag), a regauge, a transfer, a
 * valuation (issue 44), the provenance.
 */
export const caskRecordsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const records = createCaskRecordsService({ database: deps.database });
  app.approvals.add(transferOwnership);
  app.approvals.add(valuationChange);

  app.get(
    '/casks/:id/record',
    {
      schema: {
        tags: ['casks'],
        params: uuidParam,
        response: { 200: caskRecordResponse, 404: errorEnvelope.describe('No such cask') },
      },
    },
    async (request) => ok(await records.read(request.params.id)),
  );

  app.post(
    '/casks/:id/regauges',
    {
      schema: {
        tags: ['casks'],
        params: uuidParam,
        body: regaugeBody,
        response: {
          201: caskRecordResponse,
          400: errorEnvelope.describe('A field is wrong, or the gauge is not physically possible'),
          404: errorEnvelope.describe('No such cask'),
        },
      },
    },
    async (request, reply) => {
      await records.regauge(request.params.id, request.body, actorOf(request));
      return reply
        .status(201)
        .send(ok(await records.read(request.params.id), 'Regauge recorded successfully!'));
    },
  );

  app.post(
    '/casks/:id/transfers',
    {
      schema: {
        tags: ['casks'],
        params: uuidParam,
        description:
          "Transfers the cask to another customer; when the Approvals policy has 'Transfer Ownership' on, nothing is written yet: 202 with the request, which needs `reason` (issue 45).",
        body: transferBody,
        response: {
          201: caskRecordResponse,
          202: sentForApprovalResponse,
          400: errorEnvelope.describe('A field is wrong, or the new owner is unknown'),
          404: errorEnvelope.describe('No such cask'),
        },
      },
    },
    async (request, reply) => {
      const outcome = await app.approvals.runOrRequest(
        transferOwnership,
        { recordId: request.params.id, body: request.body, reason: request.body.reason },
        actorOf(request),
      );
      if ('approval' in outcome) return reply.status(202).send(sentForApproval(outcome.approval));
      return reply
        .status(201)
        .send(ok(await records.read(request.params.id), 'Ownership transferred successfully!'));
    },
  );

  app.post(
    '/casks/:id/valuations',
    {
      schema: {
        tags: ['casks'],
        description:
          "Records a valuation (docs/screens/casks.md#record-valuation): the latest one becomes the cask's current value; one dated before the latest needs `earlierThanLatest` and only joins the history. `If-Match` names the cask's version (412 when it was changed since). While the Approvals policy's 'Valuation change above' is on, a new current value more than its threshold away is sent for approval: 202 with the request, which needs `reason` (issue 45).",
        params: uuidParam,
        headers: recordPreconditionHeaders,
        body: valuationBody,
        response: {
          201: caskRecordResponse,
          202: sentForApprovalResponse,
          400: errorEnvelope.describe(
            'A field is wrong, or the day is before the latest valuation without earlierThanLatest',
          ),
          404: errorEnvelope.describe('No such cask'),
        },
      },
    },
    async (request, reply) => {
      const outcome = await app.approvals.runOrRequest(
        valuationChange,
        {
          recordId: request.params.id,
          body: { ...request.body, expected: expectedRecordVersion(request.headers) },
          reason: request.body.reason,
        },
        actorOf(request),
      );
      if ('approval' in outcome) return reply.status(202).send(sentForApproval(outcome.approval));
      return reply
        .status(201)
        .send(ok(await records.read(request.params.id), 'Valuation recorded'));
    },
  );

  app.get(
    '/casks/:id/provenance',
    {
      schema: {
        tags: ['casks'],
        params: uuidParam,
        response: { 200: provenanceResponse, 404: errorEnvelope.describe('No such cask') },
      },
    },
    async (request) => ok({ events: await records.provenance(request.params.id) }),
  );
};
