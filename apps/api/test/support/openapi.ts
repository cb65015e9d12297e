import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext } from './app.ts';

/** The part of a JSON schema of the OpenAPI document the tests read. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** The part of a documented operation the tests read. */
export interface DocumentedOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  [extension: `x-${string}`]: unknown;
}

/** A route of the OpenAPI document. */
export interface DocumentedRoute {
  /** GET, POST... */
  method: string;
  /** The documented path, `{param}`s and all. */
  path: string;
  /** The path with every `{param}` filled in with a random id. */
  url: string;
  operation: DocumentedOperation;
}

/**
 * The `paths` of the app's own OpenAPI document (`/api/docs/json`), each path's operations by
 * method in lower case, read as `Operation` (the part a test reads).
 */
export async function documentedPaths<Operation = DocumentedOperation>(
  ctx: Pick<TestContext, 'app'>,
): Promise<Record<string, Record<string, Operation>>> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json().paths as Record<string, Record<string, Operation>>;
}

/** Every documented route, read from the app's own OpenAPI document: a new route is covered too. */
export async function documentedRoutes(ctx: Pick<TestContext, 'app'>): Promise<DocumentedRoute[]> {
  const paths = await documentedPaths(ctx);
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
      operation,
    })),
  );
}

/** The route's documented body of `contentType` (JSON by default), if it takes one. */
export const requestBodyOf = (route: DocumentedRoute, contentType = 'application/json') =>
  route.operation.requestBody?.content?.[contentType];

/** Whether a schema takes free text (a string with no list of values), or may. */
export const isTextSchema = (schema: JsonSchema): boolean =>
  (schema.type === 'string' && !schema.enum) || (schema.anyOf ?? []).some(isTextSchema);

/** Whether a schema takes a date or a time, or may. */
export const isDateSchema = (schema: JsonSchema): boolean =>
  schema.format === 'date' ||
  schema.format === 'date-time' ||
  (schema.anyOf ?? []).some(isDateSchema);

const READING = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every documented route that changes something and needs a signed-in admin (`security: []`
 * marks a public one: sign-in, recovery, accept-invite).
 */
export async function documentedWrites(ctx: Pick<TestContext, 'app'>): Promise<DocumentedRoute[]> {
  return (await documentedRoutes(ctx)).filter(
    (route) =>
      !READING.has(route.method) &&
      !(Array.isArray(route.operation.security) && route.operation.security.length === 0),
  );
}

/** A route as Fastify names it, `POST /api/users/:id`: for a test's labels and samples. */
export const routeKey = (route: { method: string; path: string }) =>
  `${route.method} ${route.path.replace(/\{([^}]+)\}/g, ':$1')}`;
