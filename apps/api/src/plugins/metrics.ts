import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppDeps } from '../app-deps.ts';

/**
 * What other modules count. `exports` is incremented by whoever streams an export:
 * `app.metrics.exports.inc({ list: 'customers' })` (README "Metrics").
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** Failed sign-ins: `reason` is `credentials` (401) or `throttled` (429). */
  readonly signInFailures: Counter<'reason'>;
  /** Exports streamed, by list (`customers`, `orders`...). */
  readonly exports: Counter<'list'>;
  /** `http://host:port/metrics` of the metrics listener; undefined when METRICS_PORT is unset. */
  readonly url: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly metrics: AppMetrics;
  }
}

/** The routes whose 401 and 429 are failed sign-ins. */
const SIGN_IN_ROUTES: ReadonlySet<string> = new Set(['/api/auth/login']);

/**
 * Prometheus metrics (docs/architecture.md#operations, docs/decisions/251) with prom-client, served
 * by a listener of their own on METRICS_PORT (METRICS_HOST, 127.0.0.1 by default), never on the
 * public port. Without METRICS_PORT nothing listens and requests are not timed; the counters exist
 * all the same, so the code that increments them does not ask.
 */
export async function registerMetrics(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config, database } = deps;
  const registry = new Registry();
  const signInFailures = new Counter({
    name: 'cask_sign_in_failures_total',
    help: 'Failed sign-ins: wrong e-mail or password (credentials) or refused by a limit (throttled)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const exports = new Counter({
    name: 'cask_exports_total',
    help: 'Exports streamed, by list',
    labelNames: ['list'] as const,
    registers: [registry],
  });

  if (config.METRICS_PORT === undefined) {
    app.decorate('metrics', { registry, signInFailures, exports, url: undefined });
    return;
  }

  // Event-loop delay, heap, GC, handles... (prom-client's default metrics).
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'cask_db_pool_clients',
    help: 'PostgreSQL connections of each node-postgres pool: total, idle, and requests waiting for one (PGlite has no pool)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const pool of database.pools()) {
        this.set({ pool: pool.name, state: 'total' }, pool.total);
        this.set({ pool: pool.name, state: 'idle' }, pool.idle);
        this.set({ pool: pool.name, state: 'waiting' }, pool.waiting);
      }
    },
  });
  new Gauge({
    name: 'cask_http_requests_in_flight',
    help: 'Requests started and not yet answered',
    registers: [registry],
    collect() {
      this.set(app.inFlightRequests);
    },
  });

  app.addHook('onResponse', (request, reply, next) => {
    // The route's pattern (`/api/users/:id`), never the raw URL: one series per route.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    duration.observe(
      { route, method: request.method, status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    if (SIGN_IN_ROUTES.has(route) && (status === 401 || status === 429)) {
      signInFailures.inc({ reason: status === 401 ? 'credentials' : 'throttled' });
    }
    next();
  });

  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.METRICS_PORT, config.METRICS_HOST, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}/metrics`;
  app.log.info({ url }, 'metrics listening');
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  app.decorate('metrics', { registry, signInFailures, exports, url });
}
