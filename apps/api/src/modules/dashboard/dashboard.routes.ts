import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponse, dashboardTrendsResponse } from '@cask/contracts/dashboard';
import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { createDashboardService } from './dashboard.service.ts';

/** docs/screens/dashboard.md#api-calls: GET /admin/dashboard. */
export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const dashboard = createDashboardService({ database: deps.database });

  app.get(
    '/admin/dashboard',
    { schema: { tags: ['dashboard'], response: { 200: dashboardResponse } } },
    async () => ok(await dashboard.summary()),
  );

  // Issue 30: the dashboard's trends, read apart so the charts load after the cards.
  app.get(
    '/admin/dashboard/trends',
    { schema: { tags: ['dashboard'], response: { 200: dashboardTrendsResponse } } },
    async () => ok(await dashboard.trends()),
  );
};
