import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  errorEnvelope,
  recordPreconditionHeaders,
  versionPreconditionHeaders,
} from '@cask/contracts/common';
import { isThrottled } from './rate-limit.ts';

/** docs/architecture.md#errors: what each error status means, as `/api/docs` describes it. */
const ERROR_ANSWERS = {
  400: 'Bad input: `errors[]` names each field that was refused',
  401: "Not signed in, or the token is invalid: the message contains 'You are not authorized'",
  404: 'Nothing with this id',
  412: 'The record was saved since the version named by If-Match (or one exists despite If-None-Match: *): nothing was changed; read it again',
  413: 'The body is too large',
  415: 'The body is of a type this route does not read',
  429: 'Too many requests: try again after the `Retry-After` header',
  500: 'Something went wrong (the message never reveals more)',
} as const;
type ErrorStatus = keyof typeof ERROR_ANSWERS;

// Fastify reads a body for these, and refuses one that is too large or of an unknown type.
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The error answers a route can give, from what it declares (input, path, method, access). */
function errorStatuses(route: RouteOptions): ErrorStatus[] {
  const schema = route.schema ?? {};
  const statuses: ErrorStatus[] = [];
  const takesInput = schema.body ?? schema.querystring ?? schema.params ?? schema.consumes;
  if (takesInput) statuses.push(400);
  if (!route.config?.public) statuses.push(401);
  if (schema.params) statuses.push(404);
  // A save that may name the version it replaces (docs/decisions/180 and 208).
  if (
    schema.headers === versionPreconditionHeaders ||
    schema.headers === recordPreconditionHeaders
  ) {
    statuses.push(412);
  }
  if ([route.method].flat().some((method) => METHODS_WITH_BODY.has(method))) {
    statuses.push(413, 415);
  }
  if (isThrottled(route.url)) statuses.push(429);
  statuses.push(500);
  return statuses;
}

/**
 * Every API route declares the error answers the shared plumbing can give it (validation,
 * authentication, body parsing, the flood guard), so `/api/docs` tells the truth about them
 * without each route repeating them. A route adds the answers only its service gives (a 404 for
 * an id inside the body, a 409) in its own `response`; a status it declares is kept as it is.
 * Register before the routes: an onRoute hook sees only routes added after it.
 */
export function declareErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // The docs' own pages and hidden routes (the probes) are not part of the document.
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.schema?.hide)
      return;
    const response: Record<string, unknown> = { ...(route.schema?.response ?? {}) };
    for (const status of errorStatuses(route)) {
      if (!(status in response)) {
        response[status] = errorEnvelope.describe(ERROR_ANSWERS[status]);
      }
    }
    route.schema = { ...route.schema, response };
  });
}
