import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, uuidParam } from '@cask/contracts/common';
import {
  customerCasksResponse,
  customerNotificationsResponse,
  customerOrdersResponse,
  customerPointsResponse,
  customerRecordResponse,
  customerReferralsResponse,
  customerSectionQuery,
} from '@cask/contracts/customer-records';

import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { USER_NOT_FOUND } from '../customers/customers.service.ts';
import { createCustomerSections, readCustomerRecord } from './customer-records.repository.ts';

/** The customer page's calls (issue 30): the customer with the cards, and five paged sections. */
export const customerRecordsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const sections = createCustomerSections(deps.database);
  const notFound = { 404: errorEnvelope.describe('No such customer') };

  async function existing(id: string) {
    const record = await readCustomerRecord(db, id);
    if (!record) throw new NotFoundError(USER_NOT_FOUND);
    return record;
  }

  app.get(
    '/users/:id/record',
    {
      schema: {
        tags: ['users'],
        params: uuidParam,
        response: { 200: customerRecordResponse, ...notFound },
      },
    },
    async (request) => ok(await existing(request.params.id)),
  );

  const schema = <Response>(response: Response) => ({
    tags: ['users'],
    params: uuidParam,
    querystring: customerSectionQuery,
    response: { 200: response, ...notFound },
  });
  app.get('/users/:id/casks', { schema: schema(customerCasksResponse) }, async (request) => {
    await existing(request.params.id);
    return ok(await sections.casks(request.params.id, request.query));
  });
  app.get('/users/:id/orders', { schema: schema(customerOrdersResponse) }, async (request) => {
    await existing(request.params.id);
    return ok(await sections.orders(request.params.id, request.query));
  });
  app.get(
    '/users/:id/referrals',
    { schema: schema(customerReferralsResponse) },
    async (request) => {
      await existing(request.params.id);
      return ok(await sections.referrals(request.params.id, request.query));
    },
  );
  app.get('/users/:id/points', { schema: schema(customerPointsResponse) }, async (request) => {
    await existing(request.params.id);
    return ok(await sections.points(request.params.id, request.query));
  });
  app.get(
    '/users/:id/notifications',
    { schema: schema(customerNotificationsResponse) },
    async (request) => {
      await existing(request.params.id);
      return ok(await sections.notifications(request.params.id, request.query));
    },
  );
};
