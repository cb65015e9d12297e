import type { FastifyInstance } from 'fastify';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config.ts';

/** Per IP and minute for every route without its own limit: far above any real admin's use. */
export const GLOBAL_REQUESTS_PER_MINUTE = 600;

function tooManyRequests(after: string): Error & { statusCode: number } {
  return Object.assign(new Error(`Too many requests. Please try again in ${after}.`), {
    statusCode: 429,
  });
}

/**
 * docs/architecture.md#rate-limits: the load balancer's probes are never throttled, however busy
 * the address they come from (a probe answered 429 takes a healthy instance out of service).
 */
const PROBE_ROUTES: ReadonlySet<string> = new Set(['/api/health', '/api/ready']);

/** Whether the flood guard counts this route (by its declared URL, not the raw request line). */
export function isThrottled(routeUrl: string): boolean {
  return routeUrl.startsWith('/api/') && !PROBE_ROUTES.has(routeUrl);
}

/** A stricter per-route limit (per IP and minute), for `config: { rateLimit }` on a route. */
export function routeRateLimit(maxPerMinute: number): RateLimitOptions {
  return { max: maxPerMinute, timeWindow: '1 minute' };
}

/**
 * Request-rate limits (docs/architecture.md#rate-limits). Counters live in Redis when REDIS_URL is
 * set, so all API instances share them; otherwise in this process. They guard against floods only:
 * the sign-in and code throttles that matter for security count failures in PostgreSQL.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  // ioredis is imported only when REDIS_URL is set, not at every start (docs/decisions/454).
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, {
        // Fail fast instead of queueing requests behind a Redis outage.
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit Redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    // Without the offline queue, commands sent before the connection is up fail (and are let
    // through): wait for it, briefly, so the first requests after start are counted too.
    await new Promise<void>((resolve) => {
      const settle = () => {
        clearTimeout(timer);
        redis.off('ready', settle);
        redis.off('error', settle);
        resolve();
      };
      const timer = setTimeout(settle, 2_000);
      redis.once('ready', settle);
      redis.once('error', settle);
    });
  }

  // The plugin counts in each route's onRequest hooks (its default `hook`); the token is checked
  // in preParsing, the next phase (plugins/authenticate.ts), so a request with no valid token is
  // counted before it is refused, and a flood of them is throttled (docs/decisions/350).
  await app.register(rateLimit, {
    global: true,
    // Said here, though it is the default: authentication relies on it (see above).
    hook: 'onRequest',
    max: config.RATE_LIMIT_PER_MINUTE ?? GLOBAL_REQUESTS_PER_MINUTE,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'cask-admin:rate-limit:' } : {}),
    // Availability over strictness when Redis is down: the security throttles do not use it.
    skipOnError: true,
    // Only the API is counted, its probes excepted. The web app's files and uploaded images are
    // cheap, cacheable reads, and a single page load fetches dozens of them: counted, a few
    // admins behind one office address would lock themselves out of the app's own HTML within
    // minutes.
    allowList: (request) => !isThrottled(request.routeOptions.url ?? request.url),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.after),
    // The counters' headers go with a 429 only, beside its Retry-After. On every other answer
    // they told the web app, which never reads them, how far it was from a limit no admin comes
    // near: three of the sixteen extra headers on every API answer that together cost a bare
    // node:http server 7% of its throughput (docs/decisions/183).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
}
