import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditAdminsQuery,
  auditAdminsResponse,
  auditListDefinition,
  auditVerificationResponse,
  AUDIT_VERIFY_OWNER_ONLY,
} from '@cask/contracts/audit';
import { errorEnvelope } from '@cask/contracts/common';
import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { ownerOnlyBecause } from '../../plugins/roles.ts';
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

  // Issue 45: the hash chain walked from its first entry (decision 413), for Owners only.
  app.get(
    '/audit/verification',
    {
      preParsing: ownerOnlyBecause(AUDIT_VERIFY_OWNER_ONLY),
      schema: {
        tags: ['audit'],
        summary:
          'Verify the audit log: walk its hash chain and name the first entry that does not match',
        response: {
          200: auditVerificationResponse,
          403: errorEnvelope.describe(AUDIT_VERIFY_OWNER_ONLY),
        },
      },
    },
    async () => ok(await audit.verify()),
  );
};
