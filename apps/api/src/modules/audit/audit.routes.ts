import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditAdminsQuery, auditAdminsResponse, auditListDefinition } from '@cask/contracts/audit';
import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { createAuditService, auditExport } from './audit.service.ts';
import { routeListExport } from '../exports/list-exports.ts';

/** Issue 29: the Audit Log's list (and each record's History), and its Admin filter's choices. */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const audit = createAuditService({ database: deps.database });

  app.get(
    auditListDefinition.path,
    {
      schema: {
        tags: ['audit'],
        querystring: auditListDefinition.query,
        response: { 200: auditListDefinition.response },
      },
    },
    async (request) => ok(await audit.list(request.query)),
  );
  routeListExport(app, auditListDefinition, auditExport);

  app.get(
    '/audit/admins',
    {
      schema: {
        tags: ['audit'],
        querystring: auditAdminsQuery,
        response: { 200: auditAdminsResponse },
      },
    },
    async (request) => ok(await audit.admins(request.query.search)),
  );
};
