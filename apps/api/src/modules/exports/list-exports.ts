import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@cask/contracts/common';
import { createExportResponse } from '@cask/contracts/exports';
import { exportFilters, type ExportFilters, type ListDefinition } from '@cask/contracts/lists';
import type { Database } from '../../db/client.ts';
import type { ExportSource } from '../../db/csv-export.ts';
import { ok } from '../../lib/envelope.ts';
import { EXPORT_IS_A_READ } from '../../plugins/roles.ts';
import { createExportsService, type ExportsService } from './exports.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's one exports service (issue 29): every list's export by its name, added by the
     * list's own routes (`routeListExport`), and the links, the downloads and their limits, which
     * the exports module's routes serve (decision 374).
     */
    listExports: ExportsService;
  }
}

/**
 * Decorates the app with its exports service (Fastify's `decorate`), before the modules are
 * registered: each module's routes, in their own encapsulated context, reach the root's
 * decoration, so every list adds its export to the one service whose download route streams it.
 */
export function decorateListExports(app: FastifyInstance, database: Database): void {
  app.decorate('listExports', createExportsService({ database }));
}

/**
 * A list's CSV export (issue 29, decision 374), declared by the list's own routes with one call:
 * `POST /exports/<name>` with the list's filters (its query without page and limit) in the query
 * string, answering the single-use link (decision 211); the source (the list's repository) is
 * added under the same name, where the download finds it. A Viewer may export: the POST only
 * mints the link (decision 370).
 */
export function routeListExport<Definition extends ListDefinition>(
  parent: FastifyInstance,
  definition: Definition,
  source: ExportSource<ExportFilters<Definition>>,
): void {
  const name = definition.name;
  if (name === undefined) throw new Error(`${definition.path} has no name to export by`);
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const filters = exportFilters(definition);
  app.listExports.add(name, { filters, source });
  app.post(
    `/exports/${name}`,
    {
      config: { viewerMayWrite: EXPORT_IS_A_READ },
      schema: {
        tags: ['exports'],
        querystring: filters,
        response: {
          201: createExportResponse,
          429: errorEnvelope.describe("The admin's previous export is still downloading"),
          503: errorEnvelope.describe('As many exports are running as the API streams at once'),
        },
      },
    },
    async (request, reply) => {
      const asker = {
        adminId: request.admin.id,
        sessionId: request.session.id,
        tokenVersion: request.accessClaims.tokenVersion,
      };
      return reply
        .status(201)
        .send(ok({ export: await app.listExports.create(name, request.query, asker) }));
    },
  );
}
