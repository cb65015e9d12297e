import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { createHealthService } from './health.service.ts';

/**
 * `GET /health` (the process is up) and `GET /ready` (it can serve: the database answers), for
 * load balancers and orchestrators. Public and left out of the API docs. `/ready` answers 503 while
 * the instance drains before it stops (docs/architecture.md#operations).
 */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const health = createHealthService({ db: deps.database.db });

  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({
    success: true as const,
    data: { status: 'ok' },
  }));

  app.get(
    '/ready',
    { config: { public: true }, schema: { hide: true } },
    async (_request, reply) => {
      // Draining (SIGTERM, server.ts): still answering, but no new work should come here.
      if (app.draining) {
        return reply.status(503).send({ success: false, message: 'Shutting down' });
      }
      if (await health.databaseReachable()) {
        return { success: true as const, data: { status: 'ready' } };
      }
      return reply.status(503).send({ success: false, message: 'Database unreachable' });
    },
  );
};
