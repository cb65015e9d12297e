import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

// The architecture's boundaries, enforced here rather than remembered (docs/conventions.md#layout,
// decision 100). A new folder under apps/web/src/features or apps/api/src/modules gets its zone
// automatically.
const subfolders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const WEB = 'apps/web/src';
const API = 'apps/api/src';
const webFeatures = subfolders(`./${WEB}/features/`);
const apiModules = subfolders(`./${API}/modules/`);

// What several API modules build on lives in shared modules: the club's customers (User
// Management's module, whose rows the Reward List, the customer page and the others read and
// lock), the one store of uploaded images, and the one
// repository of the admins' rows (the Admins screen and sign-in, issue 42, decision 345), the
// customers' points ledger (the Reward List's module; a completed referral credits points), and
// the exports, whose `routeListExport` each list's routes call to declare its CSV export
// (decision 374), and the approvals, whose `app.approvals.runOrRequest` each approvable action's
// routes call and whose `approvalLink` its audit rows carry (issue 45, decision 421). A module
// imports these and nothing else of another module
// (docs/conventions.md#layout, decision 100).
const sharedModules = [
  './customers',
  './files',
  './admins',
  './rewards',
  './exports',
  './approvals',
];

/** Words that only SQL text holds, in a string or an untagged template (issue 42). */
const SQL_WORDS =
  '/(\\bselect\\b|\\bwhere\\b|\\bjoin\\b|\\border by\\b|\\bgroup by\\b|\\binsert into\\b|\\bdelete from\\b|\\bjson_build_object\\b|::[a-z])/i';

/**
 * The files that handle SQL as text on purpose: the tests of migrations and backups. (Issue 42's
 * part 2 has converted every other file; sql-functions.ts and seed.repository.ts say where they
 * run text we do not build, decision 345.)
 */
const STRING_SQL_NOT_YET_CONVERTED = [`${API}/db/migrations.test.ts`, `${API}/cli/backup.test.ts`];

const testFiles = ['**/*.test.{ts,tsx}', '**/*.spec.ts'];
const testSupport = [
  ...testFiles,
  `${WEB}/testing/**`,
  'apps/api/test/**',
  'e2e/**',
  'bench/**',
  '**/vite.config.ts',
  '**/vitest.config.ts',
  '**/vitest.setup.ts',
];

// Production code never pulls in a test runner or test helper (it would end up in a bundle).
const testImports = [
  { group: ['vitest', 'vitest/*', '@vitest/*'], message: 'Test runners stay in test files.' },
  { group: ['@testing-library/*'], message: 'Testing Library stays in test files.' },
  {
    group: ['fast-check', 'smtp-server', 'msw', 'msw/*'],
    message: 'Test tools stay in test files.',
  },
  {
    regex: '(^|/)(testing|test)(/|$)',
    message: 'Test support (apps/web/src/testing, apps/api/test) is for test files only.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/drizzle/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'e2e/.tmp/**',
      'bench/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // no-cycle reads the imported files too: they are TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // eslint-plugin-import-x 4.6 with eslint-import-resolver-typescript 3, both pure JavaScript
      // (enhanced-resolve): import-x 4.7 on and the resolver's later majors use native resolvers
      // whose platform packages are not all on this registry, so their lock file cannot be
      // complete (decision 115).
      'import-x/resolver': {
        typescript: {
          project: [
            'packages/contracts/tsconfig.json',
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        },
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages}/*/src/**/': 'KEBAB_CASE' },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The two apps only meet through the contracts and HTTP.
            {
              target: 'apps/web',
              from: 'apps/api',
              message: 'The web app talks to the API over HTTP only.',
            },
            { target: 'apps/api', from: 'apps/web', message: 'The API never imports the web app.' },
            {
              target: ['apps', 'packages', 'bench'],
              from: 'e2e',
              message: 'e2e is a client of the app.',
            },
            // Web: lib -> components -> features -> app.
            {
              target: `${WEB}/lib`,
              from: [`${WEB}/components`, `${WEB}/features`, `${WEB}/app`],
              message: 'lib/ is the bottom layer: it imports no components, features or app code.',
            },
            {
              target: `${WEB}/components`,
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'Shared components import no feature and no app code.',
            },
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              message: 'Features import no app code (router, shell).',
            },
            ...webFeatures.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message:
                'Features do not import each other: move what two features share to components/ or lib/.',
            })),
            // API: a module imports its own files, lib/, db client and the shared repositories.
            ...apiModules.map((module) => ({
              target: `${API}/modules/${module}`,
              from: `${API}/modules`,
              except: [...new Set([`./${module}`, ...sharedModules])],
              message: `A module never reaches into another module; what several need lives in ${sharedModules.join(', ')}.`,
            })),
            {
              target: [`${API}/lib`, `${API}/db`],
              from: [`${API}/modules`, `${API}/plugins`],
              message: 'lib/ and db/ are below the modules and plugins.',
            },
            // The demo and bulk seeds fill a database for start-up (startup.ts), the CLI, the
            // bench and the tests; nothing that serves HTTP reaches them (decision 201).
            {
              target: [
                `${API}/app.ts`,
                `${API}/modules`,
                `${API}/plugins`,
                `${API}/lib`,
                `${API}/db/*.ts`,
                `${API}/db/schema`,
              ],
              from: `${API}/db/seed`,
              message:
                'The seed code is for start-up, the CLI, the bench and the tests: the HTTP app and the rest of db/ never import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only repositories (and the database layer itself) touch Drizzle and the tables.
    files: [`${API}/**/*.ts`],
    ignores: [`${API}/**/*.repository.ts`, `${API}/db/**`, ...testSupport],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...testImports,
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only repositories use Drizzle.' },
            {
              regex: '(^|/)db/schema(/|$)',
              // A row's type may be named (seed data is written as rows); the table itself not.
              allowTypeImports: true,
              message: 'Only repositories use the tables.',
            },
          ],
        },
      ],
    },
  },
  {
    // One way to write SQL (issue 42, docs/decisions/341): Drizzle's query builder, or its `sql`
    // template; no SQL text built by concatenation or an untagged template, no `sql.raw`, no
    // placeholder class, no text given to readRows. The files below are not converted yet
    // (issue 42's part 2 converts them and takes each off this list).
    files: [`${API}/**/*.ts`],
    ignores: STRING_SQL_NOT_YET_CONVERTED,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `BinaryExpression[operator='+'] > Literal[value=${SQL_WORDS}]`,
          `BinaryExpression[operator='+'] > TemplateLiteral > TemplateElement[value.raw=${SQL_WORDS}]`,
          `:not(TaggedTemplateExpression) > TemplateLiteral[expressions.length>0] > TemplateElement[value.raw=${SQL_WORDS}]`,
        ].map((selector) => ({
          selector,
          message: "SQL is written with drizzle's sql template, never built from strings.",
        })),
        {
          selector: "MemberExpression[object.name='sql'][property.name='raw']",
          message: 'No sql.raw: a name from a fixed list is sql.identifier, a value a parameter.',
        },
        {
          selector: "CallExpression[callee.property.name='readRows'][arguments.length=3]",
          message: "readRows takes drizzle's sql, not text and values.",
        },
        {
          selector: 'ImportDeclaration[source.value=/legacy-list/]',
          message: "db/legacy-list.ts is for the lists not yet converted: use db/list.ts's sql.",
        },
        {
          selector: "Identifier[name='StatementValues']",
          message: "A value is a parameter of drizzle's sql template, not a placeholder of ours.",
        },
      ],
    },
  },
  {
    // No closure of hundreds of lines (issue 42, docs/decisions/365): a function that grows past
    // 150 lines is cut by what it does (route groups, a service per job, components and hooks).
    // Tests and their support, and the seed data, are written as long lists on purpose.
    files: ['{apps,packages}/*/src/**/*.{ts,tsx}'],
    ignores: [...testSupport, `${API}/db/seed/**`],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // Routes are HTTP only: schema + one service call.
    files: [`${API}/**/*.routes.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...testImports,
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Routes call services, not Drizzle.',
            },
            { regex: '(^|/)db/', message: 'Routes call services, not the database.' },
            { regex: '\\.repository(\\.ts)?$', message: 'Routes call services, not repositories.' },
          ],
        },
      ],
    },
  },
  {
    files: [`${API}/**/*.repository.ts`, `${API}/db/**/*.ts`],
    ignores: testSupport,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: testImports }] },
  },
  {
    // The contracts are shared by the browser and the server: zod and each other, nothing else.
    files: ['packages/contracts/src/**/*.ts'],
    ignores: testFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|\\./)',
              message: 'The contracts import nothing but zod (and their own files).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: testSupport,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: testImports }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
