import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, recordPreconditionHeaders, uuidParam } from '@cask/contracts/common';
import {
  deleteOrderResponse,
  orderDeletedChangesBody,
  orderDeletedChangesResponse,
  orderStatusChangesBody,
  orderStatusChangesResponse,
  orderResponse,
  updateOrderBody,
  updateOrderResponse,
  orderListDefinition,
} from '@cask/contracts/orders';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { ok } from '../../lib/envelope.ts';
import { expectedRecordVersion, withVersionEtag } from '../../lib/preconditions.ts';
import { sentForApprovalResponse } from '@cask/contracts/approvals';
import { sentForApproval } from '../approvals/approvable.ts';
import { createOrdersService, orderDelivered, ordersExport } from './orders.service.ts';
import { routeListExport } from '../exports/list-exports.ts';

/**
 * docs/screens/orders.md#api-calls: the club's orders (the spec's "purchases", the routes' name) as
 * the Orders screen uses them.
 */
export const ordersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.approvals.add(orderDelivered);
  const orders = createOrdersService({ database: deps.database });

  app.get(
    orderListDefinition.path,
    {
      schema: {
        tags: ['orders'],
        querystring: orderListDefinition.query,
        response: { 200: orderListDefinition.response },
      },
    },
    async (request) => ok(await orders.list(request.query)),
  );
  routeListExport(app, orderListDefinition, ordersExport);

  app.get(
    '/purchases/:id',
    {
      schema: {
        tags: ['orders'],
        description: 'One order as the list shows it; the `ETag` header is its version.',
        params: uuidParam,
        response: { 200: orderResponse, 404: errorEnvelope.describe('No such order') },
      },
    },
    async (request, reply) =>
      ok({ purchase: withVersionEtag(reply, await orders.get(request.params.id)) }),
  );

  app.put(
    '/purchases/:id/status',
    {
      schema: {
        tags: ['orders'],
        params: uuidParam,
        headers: recordPreconditionHeaders,
        description:
          "Saves the order; to Delivered, above the Approvals policy's budget while 'Order status to Delivered above' is on, nothing is written yet: 202 with the request, which needs `reason` (issue 45).",
        body: updateOrderBody,
        response: { 200: updateOrderResponse, 202: sentForApprovalResponse },
      },
    },
    async (request, reply) => {
      const outcome = await app.approvals.runOrRequest(
        orderDelivered,
        {
          recordId: request.params.id,
          body: { ...request.body, expected: expectedRecordVersion(request.headers) },
          reason: request.body.reason,
        },
        actorOf(request),
      );
      if ('approval' in outcome) return reply.status(202).send(sentForApproval(outcome.approval));
      return ok({ purchase: outcome.result }, 'Order updated successfully!');
    },
  );

  app.post(
    '/purchases/bulk/status',
    {
      schema: {
        tags: ['orders'],
        body: orderStatusChangesBody,
        response: { 200: orderStatusChangesResponse },
      },
    },
    async (request) =>
      ok(await orders.setStatuses(request.body, actorOf(request)), 'Orders updated successfully!'),
  );

  app.post(
    '/purchases/bulk/deleted',
    {
      schema: {
        tags: ['orders'],
        description:
          'Hides orders (`deleted: true`, as DELETE does) or brings them back (`deleted: false`, the undo of a delete); all or none.',
        body: orderDeletedChangesBody,
        response: { 200: orderDeletedChangesResponse },
      },
    },
    async (request) =>
      ok(await orders.setDeleted(request.body, actorOf(request)), 'Orders updated successfully!'),
  );

  app.delete(
    '/purchases/:id',
    { schema: { tags: ['orders'], params: uuidParam, response: { 200: deleteOrderResponse } } },
    async (request) =>
      ok(await orders.remove(request.params.id, actorOf(request)), 'Order deleted successfully!'),
  );
};
