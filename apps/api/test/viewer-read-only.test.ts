import { beforeAll, expect, test } from 'vitest';
import { VIEWER_READ_ONLY } from '@cask/contracts/admins';
import {
  EXPORT_IS_A_READ,
  OWN_ACCOUNT,
  PREVIEW_IS_A_READ,
  VIEWER_WRITE_EXTENSION,
} from '../src/plugins/roles.ts';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';
import { useTestContext } from './support/app.ts';
import { createOffer } from './support/factories.ts';
import { documentedWrites, routeKey } from './support/openapi.ts';
import { tableSnapshot } from './support/backups.ts';

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

test('a Viewer gets 403 with the envelope on every route that changes something, and nothing changes', async () => {
  const routes = (await documentedWrites(ctx)).filter(
    (route) => route.operation[VIEWER_WRITE_EXTENSION] === undefined,
  );
  // The enumeration finds the app's writes (a sample that must be among them).
  expect(routes.map(routeKey)).toEqual(
    expect.arrayContaining([
      'DELETE /api/users/:id',
      'PUT /api/users/:id',
      'POST /api/admins/invites',
      'POST /api/offers',
    ]),
  );
  expect(routes.length).toBeGreaterThan(20);
  const before = await tableSnapshot(ctx.database);
  for (const route of routes) {
    const res = await ctx.app.inject({
      method: route.method as 'POST',
      url: route.url,
      headers: viewer.headers,
      payload: {},
    });
    expect(res.statusCode, `${routeKey(route)}: ${res.body}`).toBe(403);
    expect(res.json(), routeKey(route)).toEqual({ success: false, message: VIEWER_READ_ONLY });
  }
  expect(await tableSnapshot(ctx.database)).toEqual(before);
});

test('the routes a Viewer may write to are their own account, an export or a preview, each marked on its route', async () => {
  const allowed = (await documentedWrites(ctx)).filter(
    (route) => route.operation[VIEWER_WRITE_EXTENSION] !== undefined,
  );
  expect(allowed.map(routeKey)).toEqual(
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
    expect(ownAccount || anExport || aPreview, routeKey(route)).toBe(true);
    expect(route.operation[VIEWER_WRITE_EXTENSION], routeKey(route)).toBe(
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
  for (const route of await documentedWrites(ctx)) {
    const res = await ctx.app.inject({
      method: route.method as 'POST',
      url: route.url,
      headers: admin.headers,
      payload: {},
    });
    expect(res.json().message, routeKey(route)).not.toBe(VIEWER_READ_ONLY);
  }
});

test('a Viewer still reads: lists and the profile answer 200', async () => {
  for (const url of ['/api/users', '/api/offers', '/api/admins', '/api/auth/profile']) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: viewer.headers });
    expect(res.statusCode, url).toBe(200);
  }
});
