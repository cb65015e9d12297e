import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@cask/contracts/common';
import {
  saveTermsBody,
  saveTermsHeaders,
  termsQuery,
  termsResponse,
  TERMS_VERSION_HEADER_INVALID,
  type SaveTermsHeaders,
} from '@cask/contracts/terms';
import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { createTermsService, type ExpectedVersion } from './terms.service.ts';

/** What a save's headers say it replaces: a version, any version ('*'), none (null), or unsaid. */
function expectedVersion(headers: SaveTermsHeaders): ExpectedVersion {
  const ifMatch = headers['if-match'];
  const ifNoneMatch = headers['if-none-match'];
  if (ifMatch !== undefined && ifNoneMatch !== undefined) {
    throw new BadRequestError(TERMS_VERSION_HEADER_INVALID);
  }
  if (ifNoneMatch !== undefined) return null;
  if (ifMatch === undefined) return undefined;
  return ifMatch === '*' ? '*' : ifMatch.replace(/^W\//, '').slice(1, -1);
}

/** Spec 001 §7 `POST /terms`, and `GET /terms?type=privacy` (DESIGN.md §4) to read it back. */
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
        headers: saveTermsHeaders,
        body: saveTermsBody,
        response: {
          200: termsResponse,
          409: errorEnvelope.describe(
            'Another save replaced the version named by If-Match (or If-None-Match: *) first',
          ),
        },
      },
    },
    async (request) =>
      ok(
        await terms.save(request.admin.id, request.body, request, expectedVersion(request.headers)),
        'Privacy policy updated successfully!',
      ),
  );
};
