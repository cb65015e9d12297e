import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { versionPreconditionHeaders } from '@cask/contracts/common';
import { saveTermsBody, termsQuery, termsResponse } from '@cask/contracts/terms';
import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { expectedVersion } from '../../lib/preconditions.ts';
import { createTermsService } from './terms.service.ts';

/**
 * docs/screens/privacy-policy.md#api-calls `POST /terms`, and `GET /terms?type=privacy`
 * (docs/architecture.md#envelope) to read it back.
 */
export const termsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const terms = createTermsService({ db: deps.database.db });

  app.get(
    '/terms',
    { schema: { tags: ['terms'], querystring: termsQuery, response: { 200: termsResponse } } },
    async (request) => ok(await terms.current(request.query.type)),
  );

  app.post(
    '/terms',
    {
      schema: {
        tags: ['terms'],
        headers: versionPreconditionHeaders,
        body: saveTermsBody,
        response: { 200: termsResponse },
      },
    },
    async (request) =>
      ok(
        await terms.save(request.admin.id, request.body, request, expectedVersion(request.headers)),
        'Privacy policy updated successfully!',
      ),
  );
};
