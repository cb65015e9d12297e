import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** A route of the app and the lazy modules it loads before it renders, outermost first. */
export interface RouteModules {
  path: string;
  modules: string[];
}

/** Where the build writes the table: next to Vite's manifest, in the never-served `.vite/`. */
export const ROUTE_MODULES_FILE = '.vite/route-modules.json';

const ROUTES_FILE = 'src/app/routes.tsx';

const propertyOf = (object: ts.ObjectLiteralExpression, name: string) =>
  object.properties.find(
    (p): p is ts.PropertyAssignment =>
      ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
  )?.initializer;

/**
 * The route table of `src/app/routes.tsx`, read from its source: each route object's full path
 * (relative paths joined to their parent's) and the modules its `lazy` and its parents' `lazy`
 * import, as keys of Vite's manifest (`src/...`). Reading the one route tree keeps the server's
 * preloads (docs/decisions/135) from drifting from the routes; a route whose `lazy` names no
 * `import('...')` literal cannot be read, so it stops the build instead of going unpreloaded.
 */
export function routeModulesOf(source: string, fileName = ROUTES_FILE): RouteModules[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const resolve = (specifier: string) =>
    specifier.startsWith('@/')
      ? `src/${specifier.slice(2)}`
      : path.posix.join(path.posix.dirname(fileName), specifier);
  const importsIn = (node: ts.Node): string[] => {
    const found: string[] = [];
    const visit = (n: ts.Node) => {
      if (
        ts.isCallExpression(n) &&
        n.expression.kind === ts.SyntaxKind.ImportKeyword &&
        n.arguments[0] &&
        ts.isStringLiteralLike(n.arguments[0])
      ) {
        found.push(resolve(n.arguments[0].text));
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  };

  const table: RouteModules[] = [];
  const walk = (list: ts.Expression, parentPath: string, parentModules: string[]) => {
    if (!ts.isArrayLiteralExpression(list)) throw new Error(`${fileName}: children not a literal`);
    for (const route of list.elements) {
      if (!ts.isObjectLiteralExpression(route)) throw new Error(`${fileName}: route not a literal`);
      const own = propertyOf(route, 'path');
      if (own && !ts.isStringLiteralLike(own)) throw new Error(`${fileName}: path not a literal`);
      const routePath = !own
        ? parentPath
        : own.text.startsWith('/')
          ? own.text
          : path.posix.join(parentPath || '/', own.text);
      const lazy = propertyOf(route, 'lazy');
      const modules = lazy ? [...parentModules, ...importsIn(lazy)] : parentModules;
      if (lazy && modules.length === parentModules.length) {
        throw new Error(`${fileName}: the lazy of route ${routePath} imports no module literal`);
      }
      const children = propertyOf(route, 'children');
      if (children) walk(children, routePath, modules);
      else if (lazy) table.push({ path: routePath, modules });
    }
  };

  let found = false;
  ts.forEachChild(file, (node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const declaration of node.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === 'routes') {
        if (!declaration.initializer) break;
        walk(declaration.initializer, '', []);
        found = true;
      }
    }
  });
  if (!found) throw new Error(`${fileName}: no \`routes\` array`);
  return table;
}

/**
 * Writes the route table of `src/app/routes.tsx` to `dist/.vite/route-modules.json`, where the
 * API reads it with Vite's manifest to preload each route's chunks from its HTML.
 */
export function routeModules(): Plugin {
  let root = '.';
  return {
    name: 'cask:route-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const source = await readFile(path.join(root, ROUTES_FILE), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_MODULES_FILE,
        source: `${JSON.stringify(routeModulesOf(source), null, 2)}\n`,
      });
    },
  };
}
