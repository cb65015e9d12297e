import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@cask/contracts/common';
import { searchQuery, searchResponse } from '@cask/contracts/search';
import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { createSearchService } from './search.service.ts';

/** Issue 31: GET /search?q=, the command palette's 'Search everything' (decision 260). */
export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const search = createSearchService({ database: deps.database });

  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        description:
          'Customers by name or e-mail, casks by name or distillery, orders by product or customer, ' +
          'offers by title: a case-insensitive substring, at most 5 of each kind, newest first. ' +
          'Every role may search.',
        querystring: searchQuery,
        response: {
          200: searchResponse,
          400: errorEnvelope.describe('The search is missing or unusable'),
        },
      },
    },
    async (request) => ok(await search.search(request.query.q)),
  );
};
