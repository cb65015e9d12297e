import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from './db/schema/audit-log.ts';
import { createAdmin, type TestAdmin } from '../test/admins.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
let admin: TestAdmin;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Route {
  method: string;
  /** The path with every `{param}` filled in with a random id. */
  url: string;
  operation: Operation;
}

/** Every documented route, read from the app's own OpenAPI document: a new route is covered too. */
async function documentedRoutes(): Promise<Route[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
      operation,
    })),
  );
}

const jsonBodyOf = (route: Route) => route.operation.requestBody?.content?.['application/json'];

async function auditRows(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

describe('a JSON body that is not an object', () => {
  const shapes: [string, string | undefined][] = [
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"text"'],
    ['a number', '42'],
    ['no body at all', undefined],
  ];

  test('answers 400 with the envelope on every JSON route, and changes nothing', async () => {
    const routes = (await documentedRoutes()).filter(jsonBodyOf);
    // Guards the derivation itself: the create-notification route must be among them.
    expect(routes.map((route) => `${route.method} ${route.url}`)).toContain(
      'POST /api/notifications',
    );
    const before = await auditRows();
    for (const route of routes) {
      for (const [shape, payload] of shapes) {
        const res = await ctx.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: {
            ...admin.headers,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        expect.soft(res.statusCode, `${route.method} ${route.url} with ${shape}`).toBe(400);
        expect.soft(res.json(), `${route.method} ${route.url} with ${shape}`).toMatchObject({
          success: false,
          message: expect.any(String),
        });
      }
    }
    expect(await auditRows()).toBe(before);
  });
});
