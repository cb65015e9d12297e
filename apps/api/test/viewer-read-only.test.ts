import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { VIEWER_READ_ONLY } from '@cask/contracts/admins';
import { rowsOf } from '../src/db/client.ts';
import {
  EXPORT_IS_A_READ,
  OWN_ACCOUNT,
  PREVIEW_IS_A_READ,
  VIEWER_WRITE_EXTENSION,
} from '../src/plugins/roles.ts';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';
import { useTestContext } from './support/app.ts';
import { createOffer } from './support/factories.ts';
import { documentedPaths } from './support/openapi.ts';

// docs/architecture.md#roles (docs/decisions/220): a Viewer reads and exports, and every change is
// refused with 403. The routes come from the OpenAPI document, so a route added later is covered
// without touching this file.
const ctx = useTestContext();
let viewer: TestAdmin;
let admin: TestAdmin;

beforeAll(async () => {
  viewer = await createAdmin(ctx, { role: 'viewer' });
  admin = await createAdmin(ctx, { role: 'admin' });
  await createOffer(ctx);
});

const READING = new Set(['get', 'head', 'options']);
const ANY_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

interface Operation {
  security?: unknown[];
  [VIEWER_WRITE_EXTENSION]?: string;
}

interface Route {
  method: string;
  path: string;
  /** Why a Viewer may make this write: the route's `config.viewerMayWrite` (plugins/roles.ts). */
  viewerMayWrite: string | undefined;
}

/** Every documented route that changes something and needs a signed-in admin. */
async function mutatingRoutes(): Promise<Route[]> {
  const paths = await documentedPaths<Operation>(ctx);
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (READING.has(method)) continue;
      // `security: []`: a public route (sign-in, recovery, accept-invite) needs no token at all.
      if (Array.isArray(operation.security) && operation.security.length === 0) continue;
      routes.push({
        method: method.toUpperCase(),
        path,
        viewerMayWrite: operation[VIEWER_WRITE_EXTENSION],
      });
    }
  }
  return routes;
}

const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, ANY_ID);
const keyOf = (route: { method: string; path: string }) =>
  `${route.method} ${route.path.replace(/\{([^}]+)\}/g, ':$1')}`;

/** Every row of every table of ours, as one digest per table. */
async function databaseDigest(): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await ctx.database.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ digest: string }>(
      await ctx.database.db.execute(
        sql.raw(
          `select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${name}" t`,
        ),
      ),
    );
    digest[name] = row?.digest ?? '';
  }
  return digest;
}

test('a Viewer gets 403 with the envelope on every route that changes something, and nothing changes', async () => {
  const routes = (await mutatingRoutes()).filter((route) => route.viewerMayWrite === undefined);
  // The enumeration finds the app's writes (a sample that must be among them).
  expect(routes.map(keyOf)).toEqual(
    expect.arrayContaining([
      'DELETE /api/users/:id',
      'PUT /api/users/:id',
      'POST /api/admins/invites',
      'POST /api/offers',
    ]),
  );
  expect(routes.length).toBeGreaterThan(20);
  const before = await databaseDigest();
  for (const route of routes) {
    const res = await ctx.app.inject({
      method: route.method as 'POST',
      url: urlOf(route.path),
      headers: viewer.headers,
      payload: {},
    });
    expect(res.statusCode, `${keyOf(route)}: ${res.body}`).toBe(403);
    expect(res.json(), keyOf(route)).toEqual({ success: false, message: VIEWER_READ_ONLY });
  }
  expect(await databaseDigest()).toEqual(before);
});

test('the routes a Viewer may write to are their own account, an export or a preview, each marked on its route', async () => {
  const allowed = (await mutatingRoutes()).filter((route) => route.viewerMayWrite !== undefined);
  expect(allowed.map(keyOf)).toEqual(
    expect.arrayContaining([
      'PUT /api/auth/profile',
      'POST /api/auth/change-password',
      'POST /api/security/sessions/end-others',
      'POST /api/exports/offers',
      'POST /api/casks/valuation-imports/preview',
      'POST /api/reconciliations/preview',
    ]),
  );
  for (const route of allowed) {
    const ownAccount = /^\/api\/(auth|security)\//.test(route.path);
    const anExport = /^\/api\/exports\/[a-z]+$/.test(route.path) && route.method === 'POST';
    // An import's preview and its report, and a statement's preview, read the file and write
    // nothing (lib/csv-import.ts; issue 44, decision 408).
    const aPreview =
      route.method === 'POST' &&
      (/-imports\/(preview|report)$/.test(route.path) ||
        route.path === '/api/reconciliations/preview');
    expect(ownAccount || anExport || aPreview, keyOf(route)).toBe(true);
    expect(route.viewerMayWrite, keyOf(route)).toBe(
      ownAccount ? OWN_ACCOUNT : anExport ? EXPORT_IS_A_READ : PREVIEW_IS_A_READ,
    );
  }
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: viewer.headers,
    payload: { fullName: 'Vic Viewer', email: viewer.email, phone: '', avatar: null },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.user).toMatchObject({ fullName: 'Vic Viewer', role: 'viewer' });
});

test('an Admin is refused none of those routes for its role (the check is the Viewer’s only)', async () => {
  for (const route of await mutatingRoutes()) {
    const res = await ctx.app.inject({
      method: route.method as 'POST',
      url: urlOf(route.path),
      headers: admin.headers,
      payload: {},
    });
    expect(res.json().message, keyOf(route)).not.toBe(VIEWER_READ_ONLY);
  }
});

test('a Viewer still reads: lists and the profile answer 200', async () => {
  for (const url of ['/api/users', '/api/offers', '/api/admins', '/api/auth/profile']) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: viewer.headers });
    expect(res.statusCode, url).toBe(200);
  }
});
