import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponse } from '@cask/contracts/dashboard';
import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { createDashboardService } from './dashboard.service.ts';

/** Spec 000 §7: GET /admin/dashboard. */
export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const dashboard = createDashboardService({ database: deps.database });

  app.get(
    '/admin/dashboard',
    { schema: { tags: ['dashboard'], response: { 200: dashboardResponse } } },
    async () => ok(await dashboard.summary()),
  );
};
