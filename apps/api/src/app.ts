import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppDeps } from './app-deps.ts';
import { requestLoggerFactory } from './lib/logger.ts';
import { requestIdGenerator } from './lib/proxy-trust.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerAuthentication } from './plugins/authenticate.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { declareErrorResponses } from './plugins/error-responses.ts';
import { registerInFlightTracking } from './plugins/in-flight.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerRequestContext } from './lib/request-context.ts';
import { adminsRoutes } from './modules/admins/admins.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { termsRoutes } from './modules/terms/terms.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { usersRoutes } from './modules/customers/customers.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { caskRecordsRoutes } from './modules/casks/cask-records.routes.ts';
import { valuationImportsRoutes } from './modules/casks/valuation-imports.routes.ts';
import { customerRecordsRoutes } from './modules/customer-records/customer-records.routes.ts';
import { casksRoutes } from './modules/casks/casks.routes.ts';
import { reconciliationsRoutes } from './modules/casks/reconciliations.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { decorateListExports } from './modules/exports/list-exports.ts';
import { decorateApprovals } from './modules/approvals/approvable.ts';
import { approvalsRoutes } from './modules/approvals/approvals.routes.ts';

export type App = FastifyInstance;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    // request.log becomes pino's child only when it writes (lib/logger.ts).
    childLoggerFactory: (logger, bindings, options) =>
      requestLoggerFactory(logger as Logger, bindings, options),
    bodyLimit: 1024 * 1024,
    // docs/architecture.md#input-and-output: Fastify leaves these off; an idle or slow client must
    // not hold a socket forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 5_000,
    // docs/architecture.md#operations: X-Forwarded-For and X-Request-Id count only from a trusted
    // proxy.
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    // While the server closes, a request that still arrives on a connection accepted before the
    // close is served, not refused with Fastify's bare 503: a load balancer cannot retry a write
    // it has sent, and the server waits for that connection before closing the database
    // (docs/decisions/252).
    return503OnClosing: false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a path parameter over its length limit, a malformed URL) do not
    // reach the error handler by default; this hands them over so they are enveloped too.
    frameworkErrors,
    // And what Node's HTTP parser refuses before there is a request (headers over 16 KB...).
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // First, so every request is counted before any other hook can answer it.
  registerInFlightTracking(app);
  // Every answer names its request, as every log line of it does (`reqId`).
  app.addHook('onRequest', (request, reply, next) => {
    reply.header('x-request-id', request.id);
    next();
  });
  await registerMetrics(app, deps);
  // The browser of each request, for the audit entries it writes (db/audit.ts).
  await registerRequestContext(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  declareErrorResponses(app);

  await registerSecurityHeaders(app);

  // Outside /api (the web app, /uploads) and the API docs are public; everything else needs a token.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), public: true };
    }
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Cask Admin API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    uiHooks: {},
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
  registerAuthentication(app, deps.database, deps.jwtSecret, deps.config.STEP_UP_WINDOW_SECONDS);
  await registerRateLimit(app, config);
  // The exports service (issue 29), which each list's routes add its CSV export to and the
  // exports module's download streams from (decision 374): decorated here, before the modules.
  decorateListExports(app, deps.database);
  decorateApprovals(app, deps);

  await app.register(
    async (api) => {
      // docs/architecture.md#input-and-output: API answers are never cached.
      api.addHook('onSend', (_request, reply, payload, next) => {
        reply.header('cache-control', 'no-store');
        next(null, payload);
      });

      // Domain modules register here (one line each).
      await api.register(healthRoutes, deps);
      await api.register(authRoutes, deps);
      await api.register(profileRoutes, deps);
      await api.register(termsRoutes, deps);
      await api.register(notificationsRoutes, deps);
      await api.register(usersRoutes, deps);
      await api.register(dashboardRoutes, deps);
      await api.register(rewardsRoutes, deps);
      await api.register(ordersRoutes, deps);
      await api.register(offersRoutes, deps);
      await api.register(casksRoutes, deps);
      await api.register(caskRecordsRoutes, deps);
      await api.register(valuationImportsRoutes, deps);
      await api.register(reconciliationsRoutes, deps);
      await api.register(customerRecordsRoutes, deps);
      await api.register(referralsRoutes, deps);
      await api.register(auditRoutes, deps);
      await api.register(searchRoutes, deps);
      await api.register(exportsRoutes, deps);
      await api.register(adminsRoutes, deps);
      await api.register(approvalsRoutes, deps);
    },
    { prefix: '/api' },
  );

  // Uploaded files are served outside /api (docs/architecture.md#shape), before the web app's
  // fallback.
  await app.register(filesRoutes, deps);
  registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
