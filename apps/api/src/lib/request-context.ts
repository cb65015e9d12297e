import type { FastifyInstance } from 'fastify';
import {
  fastifyRequestContext,
  requestContext,
  type RequestContextData,
} from '@fastify/request-context';

/**
 * What every audit entry records about the request that made it besides the admin and the
 * address: the browser (issue 29's 'Audit Entry' shows it). Held by @fastify/request-context for
 * the request's whole handling, so db/audit.ts reads it without each service passing it along.
 */
declare module '@fastify/request-context' {
  interface RequestContextData {
    userAgent: string | null;
  }
}

export type RequestContext = RequestContextData;

/** The user agent as sent, bounded: it is the caller's text, stored in the audit log. */
export function boundedUserAgent(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value ? value.slice(0, 300) : null;
}

/**
 * Opens each request's context in preValidation, as @fastify/request-context advises: the body is
 * parsed by then, whose stream events would otherwise run outside the context.
 */
export async function registerRequestContext(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, {
    hook: 'preValidation',
    defaultStoreValues: (request) => ({
      userAgent: boundedUserAgent(request.headers['user-agent']),
    }),
  });
}

/** The current request's context; undefined outside a request (start-up, the seed, scripts). */
export function currentRequestContext(): RequestContext | undefined {
  return requestContext.getStore();
}
