import { beforeAll, expect, test } from 'vitest';
import { useTestContext } from '../../test/support/app.ts';

type Responses = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
}
const ctx = useTestContext();
let paths: Record<string, Record<string, { responses: Responses; parameters?: Parameter[] }>>;
beforeAll(async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  paths = res.json().paths;
});

const statuses = (path: string, method: string) =>
  Object.keys(paths[path]?.[method]?.responses ?? {});

/**
 * The routes whose documented headers include these and exclude those: a save names the version
 * it replaces in its headers (contracts/common.ts), so the saves are read from the document, with
 * no list kept here (issue 42).
 */
function routesWithHeaders(include: string, exclude?: string): string[] {
  const found: string[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const headers = (operation.parameters ?? []).filter((p) => p.in === 'header');
      const has = (name: string) => headers.some((header) => header.name === name);
      if (has(include) && !(exclude !== undefined && has(exclude))) found.push(`${path} ${method}`);
    }
  }
  return found;
}

test('a protected route with input lists 400, 401, 429 and 500', () => {
  expect(statuses('/api/users', 'get')).toEqual(
    expect.arrayContaining(['200', '400', '401', '429', '500']),
  );
});

test('a route with an id in its path lists 404', () => {
  expect(statuses('/api/users/{id}', 'put')).toEqual(
    expect.arrayContaining(['400', '401', '404', '413', '415', '429']),
  );
});

test('an upload route lists 413 and 415', () => {
  expect(statuses('/api/auth/upload-avatar', 'post')).toEqual(
    expect.arrayContaining(['400', '401', '413', '415', '429']),
  );
});

test('the sign-in route is public and lists 400, 401 and 429', () => {
  expect(statuses('/api/auth/login', 'post')).toEqual(
    expect.arrayContaining(['400', '401', '429']),
  );
});

test('a route without input does not claim a 400', () => {
  expect(statuses('/api/admin/dashboard', 'get')).not.toContain('400');
  expect(statuses('/api/admin/dashboard', 'get')).toContain('401');
});

test('each error answer is described as the failure envelope', () => {
  const declared = paths['/api/users/{id}']?.put?.responses['404'];
  expect(JSON.stringify(declared)).toContain('"success"');
  expect(JSON.stringify(declared)).toContain('"errors"');
});

test('every documented route lists 429 and 500, and every route needing a token 401', () => {
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const declared = Object.keys(operation.responses);
      expect(declared, `${method} ${path}`).toEqual(expect.arrayContaining(['429', '500']));
      const isPublic = (operation as { security?: unknown[] }).security?.length === 0;
      if (!isPublic) expect(declared, `${method} ${path}`).toContain('401');
    }
  }
});

test('a save that may name the version it replaces lists 412, and no other route does', () => {
  // If-Match, or If-None-Match: * for a first version (docs/decisions/180 and 208).
  const saves = routesWithHeaders('if-match');
  expect(saves).toEqual(
    expect.arrayContaining(['/api/terms post', '/api/offers/{id} put', '/api/users/{id} put']),
  );
  for (const [path, operations] of Object.entries(paths)) {
    for (const method of Object.keys(operations)) {
      const listed = statuses(path, method).includes('412');
      expect(listed, `${method} ${path}`).toBe(saves.includes(`${path} ${method}`));
    }
  }
});

test('409 is listed only by the routes whose service answers one', () => {
  const ownConflict = (path: string) =>
    // The referral status change (docs/decisions/155); the Admins screen's changes (yourself, the
    // last Owner, an e-mail taken: decision 221).
    path === '/api/referrals/{id}/status' ||
    path.startsWith('/api/admins') ||
    // Two-factor set-up, turning off and the policy, when two-factor is not in the state they
    // need (already on, not on: issue 28).
    path.startsWith('/api/security/') ||
    // A step-up by passkey to an admin who has none (decision 276).
    path === '/api/auth/reauthenticate/passkey/options' ||
    // A customer's details refuse an e-mail another customer has (docs/decisions/317).
    path === '/api/users/{id}/details' ||
    // A cask added with, or given, the identity of another (decisions 401 and 430); an import
    // applied after its casks changed (decision 405); a statement's finding resolved twice
    // (decision 410).
    path === '/api/casks' ||
    path === '/api/casks/{id}/identity' ||
    path === '/api/casks/valuation-imports' ||
    path === '/api/reconciliations/{id}/findings/{findingId}/resolution' ||
    // A request decided by another admin first, or Outdated; an action turned on with nobody
    // but the asker to approve it (issue 45, decision 422).
    path.startsWith('/api/approvals/') ||
    path === '/api/settings/approvals';
  const others = Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => !ownConflict(path) && statuses(path, method).includes('409'))
      .map((method) => `${method} ${path}`),
  );
  expect(others).toEqual([]);
});

test('answers only a service gives are declared by their route', () => {
  expect(statuses('/api/auth/login', 'post')).toContain('403');
  expect(statuses('/api/referrals/admin/manual-points', 'post')).toContain('404');
  expect(statuses('/api/notifications', 'post')).toContain('404');
  // An action sent for approval (issue 45).
  expect(statuses('/api/referrals/admin/manual-points', 'post')).toContain('202');
  expect(statuses('/api/casks/{id}/transfers', 'post')).toContain('202');
  expect(statuses('/api/settings/approvals', 'put')).toContain('202');
});
