// One test kit per layer (issue 43, docs/conventions.md#test-kits): a helper that two test files
// need lives in their layer's kit, and a test file never declares its own copy of a kit's helper.
// A file's helpers are what it declares at its top level or directly in a `describe` body; what
// a test declares inside its own body is its business. Three rules (the third, a helper sending
// a kit helper's request, decision 382), each proven to fail on a sample below, then checked on
// every test file of the repository (`git ls-files`, untracked files included). Run by
// `npm run lint` (node's test runner).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

/** Each layer's kit folder and the test files that must use it. */
export const LAYERS = [
  { name: 'web', kit: 'apps/web/src/testing', tests: /^apps\/web\/src\/.+\.test\.tsx?$/ },
  { name: 'api', kit: 'apps/api/test/support', tests: /^apps\/api\/.+\.test\.ts$/ },
  { name: 'e2e', kit: 'e2e/support', tests: /^e2e\/tests\/.+\.spec\.ts$/ },
];

/**
 * Helper names two test files of a layer may each declare, with the reason. Keep it short: a
 * name belongs here only when the two helpers share a name but not a job and no better name
 * exists.
 */
export const SHARED_NAME_ALLOWED = {
  web: [],
  api: [],
  e2e: [],
};

function parse(file, text) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

const hasModifier = (node, kind) =>
  (ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []).some((m) => m.kind === kind);

/** The value names a kit file exports (types and interfaces are not helpers). */
export function exportsOf(file, text) {
  const names = [];
  for (const statement of parse(file, text).statements) {
    const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    if (exported && ts.isFunctionDeclaration(statement) && statement.name) {
      names.push(statement.name.text);
    } else if (exported && (ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement))) {
      if (statement.name) names.push(statement.name.text);
    } else if (exported && ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) {
        if (!element.isTypeOnly) names.push(element.name.text);
      }
    }
  }
  return names;
}

/** `describe(...)`, `describe.each(...)(...)`, `test.describe(...)`, `test.describe.serial(...)`. */
function isDescribe(call) {
  let callee = call.expression;
  while (ts.isCallExpression(callee)) callee = callee.expression;
  while (ts.isPropertyAccessExpression(callee)) {
    if (callee.name.text === 'describe') return true;
    callee = callee.expression;
  }
  return ts.isIdentifier(callee) && callee.text === 'describe';
}

const isFunction = (node) =>
  node !== undefined && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));

/**
 * The helpers a test file declares at its top level or in a describe body, as
 * `{ name, line, isFunction, node }`: functions, and constants holding a function or a value (a `let`
 * is state a test sets, not a helper).
 */
export function helpersOf(file, text) {
  const source = parse(file, text);
  const helpers = [];
  const at = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const scan = (statements) => {
    for (const statement of statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name) {
        helpers.push({
          name: statement.name.text,
          line: at(statement),
          isFunction: true,
          node: statement,
        });
      } else if (
        ts.isVariableStatement(statement) &&
        statement.declarationList.flags & ts.NodeFlags.Const
      ) {
        for (const declaration of statement.declarationList.declarations) {
          if (!ts.isIdentifier(declaration.name)) continue;
          helpers.push({
            name: declaration.name.text,
            line: at(declaration),
            isFunction: isFunction(declaration.initializer),
            node: declaration,
          });
        }
      } else if (
        ts.isExpressionStatement(statement) &&
        ts.isCallExpression(statement.expression) &&
        isDescribe(statement.expression)
      ) {
        const body = statement.expression.arguments.find(isFunction)?.body;
        if (body && ts.isBlock(body)) scan(body.statements);
      }
    }
  };
  scan(source.statements);
  return helpers;
}

/**
 * Rule 1: a test file's helper named like an export of its layer's kit.
 * `files` are the layer's test files as `{ path, text }`; `kitNames` the kit's exports.
 */
export function copiesOfKitHelpers(files, kitNames, kit) {
  const names = new Set(kitNames);
  const found = [];
  for (const file of files) {
    for (const helper of helpersOf(file.path, file.text)) {
      if (names.has(helper.name)) {
        found.push(`${file.path}:${helper.line}: '${helper.name}' is exported by ${kit}: use it`);
      }
    }
  }
  return found;
}

/**
 * Rule 2: a function helper declared in two or more test files of a layer, that its kit does
 * not export and the allow-list does not name.
 */
export function sharedHelpersOutsideKit(files, kitNames, allowed, kit) {
  const skip = new Set([...kitNames, ...allowed.map((entry) => entry.name)]);
  const filesOf = new Map();
  for (const file of files) {
    for (const helper of helpersOf(file.path, file.text)) {
      if (!helper.isFunction || skip.has(helper.name)) continue;
      const where = filesOf.get(helper.name) ?? new Set();
      where.add(`${file.path}:${helper.line}`);
      filesOf.set(helper.name, where);
    }
  }
  return [...filesOf]
    .filter(([, where]) => where.size > 1)
    .map(([name, where]) => `'${name}' is declared in ${[...where].join(', ')}: move it to ${kit}`);
}

/** The string a literal holds (`'POST'`, `` `/api/auth/login` ``), or undefined. */
const literalText = (node) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;

/**
 * The requests `node` sends as `….inject({ method: 'POST', url: '/api/…' })` with a literal
 * method and url, as `'POST /api/…'`.
 */
function requestsIn(node) {
  const found = [];
  const visit = (child) => {
    if (
      ts.isCallExpression(child) &&
      ts.isPropertyAccessExpression(child.expression) &&
      child.expression.name.text === 'inject' &&
      child.arguments[0] &&
      ts.isObjectLiteralExpression(child.arguments[0])
    ) {
      const fields = new Map();
      for (const property of child.arguments[0].properties) {
        if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) {
          fields.set(property.name.text, literalText(property.initializer));
        }
      }
      const method = fields.get('method');
      const url = fields.get('url');
      if (method && url) found.push(`${method.toUpperCase()} ${url}`);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/**
 * The requests a kit file's exported functions send (see `requestsIn`), each with the function
 * that sends it: a kit helper owns its request.
 */
export function kitRequestsOf(file, text) {
  const owners = new Map();
  for (const statement of parse(file, text).statements) {
    if (!hasModifier(statement, ts.SyntaxKind.ExportKeyword)) continue;
    const named = [];
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      named.push([statement.name.text, statement]);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && isFunction(declaration.initializer)) {
          named.push([declaration.name.text, declaration.initializer]);
        }
      }
    }
    for (const [name, node] of named) {
      for (const request of requestsIn(node)) if (!owners.has(request)) owners.set(request, name);
    }
  }
  return owners;
}

/**
 * Rule 3: a test file's function helper that sends, itself, a request a kit helper sends: the
 * same job under another name (`loginFromIp` beside the kit's `postLogin`). A request sent in a
 * test's own body is not a helper's. `kitRequests` maps `'METHOD url'` to the kit function.
 */
export function kitRequestsSentByHelpers(files, kitRequests, kit) {
  const found = [];
  for (const file of files) {
    for (const helper of helpersOf(file.path, file.text)) {
      if (!helper.isFunction) continue;
      for (const request of new Set(requestsIn(helper.node))) {
        const owner = kitRequests.get(request);
        if (owner) {
          found.push(
            `${file.path}:${helper.line}: '${helper.name}' sends ${request}, as ${owner} of ${kit} does: use it`,
          );
        }
      }
    }
  }
  return found;
}

function repositoryFiles() {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && existsSync(path.join(root, file)))
    .map((file) => ({ path: file, read: () => readFileSync(path.join(root, file), 'utf8') }));
}

/** A layer's test files and its kit's exports (none when the kit folder does not exist yet). */
function layerOf(layer, all) {
  const tests = all
    .filter((file) => layer.tests.test(file.path) && !file.path.startsWith(`${layer.kit}/`))
    .map((file) => ({ path: file.path, text: file.read() }));
  const kitFiles = all.filter(
    (file) => file.path.startsWith(`${layer.kit}/`) && /\.tsx?$/.test(file.path),
  );
  const kitTexts = kitFiles.map((file) => ({ path: file.path, text: file.read() }));
  const kitNames = kitTexts.flatMap((file) => exportsOf(file.path, file.text));
  const kitRequests = new Map();
  for (const file of kitTexts) {
    for (const [request, name] of kitRequestsOf(file.path, file.text)) {
      if (!kitRequests.has(request)) kitRequests.set(request, name);
    }
  }
  return { tests, kitNames, kitRequests, kitExists: existsSync(path.join(root, layer.kit)) };
}

const kitSample = `
export function table(name: string) { return name; }
export const searchBox = (name: string) => name;
export { card, type Card } from './cards.ts';
export type Row = string;
export interface Cell { text: string }
`;

test('a kit exports its functions, constants and re-exports, not its types', () => {
  assert.deepEqual(exportsOf('kit.ts', kitSample), ['table', 'searchBox', 'card']);
});

test('rule 1 fails on a test file that declares its own copy of a kit helper', () => {
  const file = {
    path: 'apps/web/src/features/x/x.test.tsx',
    text: `
import { screen } from '@testing-library/react';
const table = () => screen.getByRole('table', { name: 'X' });
describe('the list', () => {
  function searchBox() { return screen.getByRole('searchbox'); }
  let table: HTMLElement;
  test('reads', () => {
    const card = screen.getByText('in a test body: not a helper');
  });
});
`,
  };
  assert.deepEqual(copiesOfKitHelpers([file], ['table', 'searchBox', 'card'], 'kit'), [
    "apps/web/src/features/x/x.test.tsx:3: 'table' is exported by kit: use it",
    "apps/web/src/features/x/x.test.tsx:5: 'searchBox' is exported by kit: use it",
  ]);
});

test('rule 2 fails on a function helper that two test files declare outside the kit', () => {
  const files = [
    { path: 'a.spec.ts', text: 'const bodyRows = (t: Locator) => t;\nconst limit = 5;' },
    { path: 'b.spec.ts', text: 'test.describe("b", () => { async function bodyRows() {} });' },
    { path: 'c.spec.ts', text: 'const limit = 6;\nfunction table() {}' },
    { path: 'd.spec.ts', text: 'function table() {}\nconst cell = () => 1;' },
    { path: 'e.spec.ts', text: 'const cell = () => 2;' },
  ];
  assert.deepEqual(
    sharedHelpersOutsideKit(files, ['table'], [{ name: 'cell', reason: 'sample' }], 'kit'),
    ["'bodyRows' is declared in a.spec.ts:1, b.spec.ts:1: move it to kit"],
  );
});

test('rule 3 fails on a function helper that sends a request a kit helper sends', () => {
  const kit = `
import { newIp } from './requests.ts';
export function postLogin(ctx: Ctx, body: Body) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: body });
}
export const profile = (ctx: Ctx) => ctx.app.inject({ method: 'GET', url: \`/api/auth/profile\` });
function notExported(ctx: Ctx) { return ctx.app.inject({ method: 'GET', url: '/api/health' }); }
`;
  const requests = kitRequestsOf('kit/sign-in.ts', kit);
  assert.deepEqual(Object.fromEntries(requests), {
    'POST /api/auth/login': 'postLogin',
    'GET /api/auth/profile': 'profile',
  });
  const file = {
    path: 'apps/api/src/x.test.ts',
    text: `
function loginFromIp(email: string, ip: string) {
  return ctx.app.inject({ method: 'post', url: '/api/auth/login', remoteAddress: ip });
}
const health = () => ctx.app.inject({ method: 'GET', url: '/api/health' });
const other = (url: string) => ctx.app.inject({ method: 'GET', url });
describe('x', () => {
  async function me() { return (await ctx.app.inject({ method: 'GET', url: '/api/auth/profile' })).json(); }
  test('in a test body: not a helper', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
  });
});
`,
  };
  assert.deepEqual(kitRequestsSentByHelpers([file], requests, 'kit'), [
    "apps/api/src/x.test.ts:2: 'loginFromIp' sends POST /api/auth/login, as postLogin of kit does: use it",
    "apps/api/src/x.test.ts:8: 'me' sends GET /api/auth/profile, as profile of kit does: use it",
  ]);
});

const all = repositoryFiles();
for (const layer of LAYERS) {
  const { tests, kitNames, kitRequests, kitExists } = layerOf(layer, all);

  test(`${layer.name}: no test file declares its own copy of a helper of ${layer.kit}`, () => {
    assert.deepEqual(copiesOfKitHelpers(tests, kitNames, layer.kit), []);
  });

  test(`${layer.name}: no test file's helper sends a request a helper of ${layer.kit} sends`, () => {
    assert.deepEqual(kitRequestsSentByHelpers(tests, kitRequests, layer.kit), []);
  });

  // Until a layer has its kit there is nowhere to move a shared helper to.
  test(
    `${layer.name}: a helper two test files declare lives in ${layer.kit}`,
    { skip: kitExists ? false : `${layer.kit} does not exist yet` },
    () => {
      const allowed = SHARED_NAME_ALLOWED[layer.name];
      assert.deepEqual(sharedHelpersOutsideKit(tests, kitNames, allowed, layer.kit), []);
    },
  );

  test(`${layer.name}: every allowed shared name is still shared and not in ${layer.kit}`, () => {
    for (const entry of SHARED_NAME_ALLOWED[layer.name]) {
      assert.ok(entry.reason, `'${entry.name}' says why it is allowed`);
      assert.ok(!kitNames.includes(entry.name), `'${entry.name}' is in the kit now: drop it`);
      const declaring = tests.filter((file) =>
        helpersOf(file.path, file.text).some((h) => h.isFunction && h.name === entry.name),
      );
      assert.ok(declaring.length > 1, `'${entry.name}' is no longer shared: drop it`);
    }
  });
}
