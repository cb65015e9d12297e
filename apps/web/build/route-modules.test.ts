import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { routeModulesOf } from './route-modules.ts';

const routesSource = () =>
  readFile(path.join(import.meta.dirname, '../src/app/routes.tsx'), 'utf8');
const SHELL = 'src/app/layout/app-shell.tsx';

// The sidebar icons the routes' handles load (packages, not the app's modules) are asked for
// when the sidebar is drawn, not preloaded (docs/decisions/378).
test('every module of the app routes.tsx imports lazily is in the route table the server preloads', async () => {
  const source = await routesSource();
  const imported = [...source.matchAll(/import\(\s*'((?:@|\.)\/[^']+)'\s*\)/g)].map(
    ([, specifier]) =>
      specifier!.startsWith('@/') ? `src/${specifier!.slice(2)}` : `src/app/${specifier!.slice(2)}`,
  );
  expect(imported.length).toBeGreaterThan(10);
  const tabled = new Set(routeModulesOf(source).flatMap((route) => route.modules));
  expect([...new Set(imported)].filter((module) => !tabled.has(module))).toEqual([]);
});

test('a signed-in screen loads the shell and its page, a guest screen its page only', async () => {
  const table = new Map(routeModulesOf(await routesSource()).map((r) => [r.path, r.modules]));
  expect(table.get('/')).toEqual([SHELL, 'src/features/dashboard/dashboard-page.tsx']);
  expect(table.get('/user')).toEqual([SHELL, 'src/features/customers/customers-page.tsx']);
  expect(table.get('/setting/profile')).toEqual([SHELL, 'src/features/profile/profile-page.tsx']);
  expect(table.get('/signin')).toEqual(['src/features/auth/sign-in-page.tsx']);
  expect(table.get('/forgot_password')).toEqual(['src/features/auth/forgot-password-page.tsx']);
});

test('a route whose lazy the build cannot read stops the build', () => {
  const source = `export const routes = [{ path: '/x', lazy: loadX }];`;
  expect(() => routeModulesOf(source)).toThrow(/route \/x imports no module/);
});
