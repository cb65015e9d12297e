import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, uuidParam } from '@cask/contracts/common';
import {
  customerCasksDefinition,
  customerNotificationsDefinition,
  customerOrdersDefinition,
  customerPastCasksDefinition,
  customerPointsDefinition,
  customerRecordResponse,
  customerReferralsDefinition,
  type customerSectionQuery,
} from '@cask/contracts/customer-records';
import type { ListDefinition } from '@cask/contracts/lists';
import type { z } from 'zod';

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

  // Each section's route, query and answer are its definition in the contracts (issue 42).
  const section = <Response extends z.ZodType>(
    definition: ListDefinition<typeof customerSectionQuery, Response>,
  ) => ({
    tags: ['users'],
    params: uuidParam,
    querystring: definition.query,
    response: { 200: definition.response, ...notFound },
  });
  const casks = customerCasksDefinition;
  app.get(casks.path, { schema: section(casks) }, async (request) =>
    ok(await customers.casks(request.params.id, request.query)),
  );
  const pastCasks = customerPastCasksDefinition;
  app.get(pastCasks.path, { schema: section(pastCasks) }, async (request) =>
    ok(await customers.pastCasks(request.params.id, request.query)),
  );
  const orders = customerOrdersDefinition;
  app.get(orders.path, { schema: section(orders) }, async (request) =>
    ok(await customers.orders(request.params.id, request.query)),
  );
  const referrals = customerReferralsDefinition;
  app.get(referrals.path, { schema: section(referrals) }, async (request) =>
    ok(await customers.referrals(request.params.id, request.query)),
  );
  const points = customerPointsDefinition;
  app.get(points.path, { schema: section(points) }, async (request) =>
    ok(await customers.points(request.params.id, request.query)),
  );
  const notifications = customerNotificationsDefinition;
  app.get(notifications.path, { schema: section(notifications) }, async (request) =>
    ok(await customers.notifications(request.params.id, request.query)),
  );
};
