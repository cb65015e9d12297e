import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, uuidParam } from '@cask/contracts/common';
import {
  customerCasksResponse,
  customerNotificationsResponse,
  customerOrdersResponse,
  customerPastCasksResponse,
  customerPointsResponse,
  customerRecordResponse,
  customerReferralsResponse,
  customerSectionQuery,
} from '@cask/contracts/customer-records';

import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { createCustomerRecordsService } from './customer-records.service.ts';

/** The customer page's calls (issue 30): the customer with the cards, and six paged sections
 * (the casks transferred away, 'Past casks', since issue 41). */
export const customerRecordsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const customers = createCustomerRecordsService({ database: deps.database });
  const notFound = { 404: errorEnvelope.describe('No such customer') };

  app.get(
    '/users/:id/record',
    {
      schema: {
        tags: ['users'],
        params: uuidParam,
        response: { 200: customerRecordResponse, ...notFound },
      },
    },
    async (request) => ok(await customers.record(request.params.id)),
  );

  const schema = <Response>(response: Response) => ({
    tags: ['users'],
    params: uuidParam,
    querystring: customerSectionQuery,
    response: { 200: response, ...notFound },
  });
  app.get('/users/:id/casks', { schema: schema(customerCasksResponse) }, async (request) => {
    return ok(await customers.casks(request.params.id, request.query));
  });
  app.get(
    '/users/:id/past-casks',
    { schema: schema(customerPastCasksResponse) },
    async (request) => {
      return ok(await customers.pastCasks(request.params.id, request.query));
    },
  );
  app.get('/users/:id/orders', { schema: schema(customerOrdersResponse) }, async (request) => {
    return ok(await customers.orders(request.params.id, request.query));
  });
  app.get(
    '/users/:id/referrals',
    { schema: schema(customerReferralsResponse) },
    async (request) => {
      return ok(await customers.referrals(request.params.id, request.query));
    },
  );
  app.get('/users/:id/points', { schema: schema(customerPointsResponse) }, async (request) => {
    return ok(await customers.points(request.params.id, request.query));
  });
  app.get(
    '/users/:id/notifications',
    { schema: schema(customerNotificationsResponse) },
    async (request) => {
      return ok(await customers.notifications(request.params.id, request.query));
    },
  );
};
