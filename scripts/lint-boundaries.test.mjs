// Proves that every architecture rule of eslint.config.js can fail: each case lints a small
// snippet as if it were a file at the given path (the file need not exist; what it imports does)
// and expects the named rule to report it. Run by `npm run lint` (node's test runner).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const eslint = new ESLint({ cwd: root });

async function problems(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const PATHS = 'import-x/no-restricted-paths';
const IMPORTS = '@typescript-eslint/no-restricted-imports';

/** A function of 152 lines: one more than the limit allows (decision 365). */
const longFunction = `export function long() {\n${'  void 0;\n'.repeat(150)}}\n`;

const violations = [
  // One way to write SQL (issue 42, decision 341).
  [
    'SQL built by concatenation',
    'apps/api/src/modules/offers/probe.repository.ts',
    "export const q = (where: string) => 'select id from customers where ' + where;",
    'no-restricted-syntax',
  ],
  [
    'SQL in an untagged template',
    'apps/api/src/modules/offers/probe.repository.ts',
    'export const q = (where: string) => `select id from customers where ${where}`;',
    'no-restricted-syntax',
  ],
  [
    'sql.raw',
    'apps/api/src/db/probe.ts',
    "import { sql } from 'drizzle-orm'; export const q = (n: string) => sql.raw(n);",
    'no-restricted-syntax',
  ],
  [
    'text and values given to readRows',
    'apps/api/src/modules/offers/probe.repository.ts',
    "export const q = (d: any) => d.readRows('select 1', [], { prepared: true });",
    'no-restricted-syntax',
  ],
  [
    'the string-built list adapters',
    'apps/api/src/modules/offers/probe.repository.ts',
    "import { createList } from '../../db/legacy-list.ts'; export { createList };",
    'no-restricted-syntax',
  ],
  // Web layers: lib -> components -> features -> app.
  [
    'web lib imports a component',
    'apps/web/src/lib/probe.ts',
    "import '@/components/ui/button.tsx';",
    PATHS,
  ],
  [
    'web component imports a feature',
    'apps/web/src/components/ui/probe.tsx',
    "import '@/features/customers/customers-page.tsx';",
    PATHS,
  ],
  [
    'web feature imports the app',
    'apps/web/src/features/customers/probe.tsx',
    "import '@/app/router.tsx';",
    PATHS,
  ],
  [
    'a feature imports another feature',
    'apps/web/src/features/customers/probe.ts',
    "import '../notifications/relative-time.ts';",
    PATHS,
  ],
  [
    'the web app imports the API',
    'apps/web/src/lib/probe.ts',
    "import '../../../api/src/config.ts';",
    PATHS,
  ],
  [
    'the API imports the web app',
    'apps/api/src/lib/probe.ts',
    "import '../../../web/src/lib/format.ts';",
    PATHS,
  ],
  // API layers.
  [
    'a route imports a repository',
    'apps/api/src/modules/offers/probe.routes.ts',
    "import './offers.repository.ts';",
    IMPORTS,
  ],
  [
    'a route imports a table',
    'apps/api/src/modules/offers/probe.routes.ts',
    "import '../../db/schema/admins.ts';",
    IMPORTS,
  ],
  [
    'a route imports drizzle',
    'apps/api/src/modules/offers/probe.routes.ts',
    "import { sql } from 'drizzle-orm'; export const q = sql``;",
    IMPORTS,
  ],
  [
    'a service imports drizzle',
    'apps/api/src/modules/offers/probe.service.ts',
    "import { sql } from 'drizzle-orm'; export const q = sql``;",
    IMPORTS,
  ],
  [
    'a plugin imports a table',
    'apps/api/src/plugins/probe.ts',
    "import { admins } from '../db/schema/admins.ts'; export const t = admins;",
    IMPORTS,
  ],
  [
    'a module imports another module',
    'apps/api/src/modules/offers/probe.service.ts',
    "import '../notifications/notifications.service.ts';",
    PATHS,
  ],
  [
    'a module imports the seed code',
    'apps/api/src/modules/offers/probe.service.ts',
    "import '../../db/seed/demo-seed.service.ts';",
    PATHS,
  ],
  [
    'the database client imports the seed code',
    'apps/api/src/db/probe.ts',
    "import './seed/demo-data.ts';",
    PATHS,
  ],
  // Contracts: zod only.
  [
    'the contracts import something else than zod',
    'packages/contracts/src/probe.ts',
    "import 'node:fs';",
    IMPORTS,
  ],
  // Test tools stay out of production files.
  ['production web code imports vitest', 'apps/web/src/lib/probe.ts', "import 'vitest';", IMPORTS],
  [
    'production web code imports Testing Library',
    'apps/web/src/components/ui/probe.tsx',
    "import '@testing-library/react';",
    IMPORTS,
  ],
  [
    'production web code imports test support',
    'apps/web/src/features/customers/probe.tsx',
    "import '@/testing/render-app.tsx';",
    IMPORTS,
  ],
  [
    'production API code imports test support',
    'apps/api/src/modules/offers/probe.service.ts',
    "import '../../../test/support/app.ts';",
    IMPORTS,
  ],
  // Cycles and names.
  [
    'an import cycle',
    'apps/web/src/lib/format.ts',
    "import { userColumns } from '@/components/customers/user-columns.tsx';\nexport const columns = userColumns;",
    'import-x/no-cycle',
  ],
  [
    'a file name that is not kebab-case',
    'apps/web/src/lib/FormatProbe.ts',
    'export const x = 1;',
    'check-file/filename-naming-convention',
  ],
  // No closure of hundreds of lines (issue 42, decision 365).
  [
    'a web function of more than 150 lines',
    'apps/web/src/features/customers/probe.tsx',
    longFunction,
    'max-lines-per-function',
  ],
  [
    'an API function of more than 150 lines',
    'apps/api/src/modules/offers/probe.service.ts',
    longFunction,
    'max-lines-per-function',
  ],
];

for (const [name, filePath, code, rule] of violations) {
  test(`lint reports: ${name}`, async () => {
    const found = await problems(filePath, code);
    assert.ok(
      found.some((line) => line.startsWith(`${rule}:`)),
      `expected ${rule} on ${filePath}, got:\n${found.join('\n') || '(nothing)'}`,
    );
  });
}

const allowed = [
  [
    "SQL in drizzle's sql template, with a value and a checked name",
    'apps/api/src/modules/offers/probe.repository.ts',
    "import { sql } from 'drizzle-orm'; export const q = (name: string, id: string) => sql`select ${sql.identifier(name)} from customers where id = ${id}`;",
  ],
  [
    'a feature imports lib and components',
    'apps/web/src/features/customers/probe.tsx',
    "import '@/lib/format.ts';\nimport '@/components/ui/button.tsx';",
  ],
  [
    'a test file imports test support',
    'apps/web/src/features/customers/probe.test.tsx',
    "import '@/testing/render-app.tsx';\nimport 'vitest';",
  ],
  [
    'a repository uses drizzle',
    'apps/api/src/modules/offers/probe.repository.ts',
    "import { sql } from 'drizzle-orm'; export const q = sql``;",
  ],
  [
    'a module uses the shared customers module',
    'apps/api/src/modules/referrals/probe.service.ts',
    "import '../customers/customers.repository.ts';",
  ],
  [
    'a module uses the shared admins repository',
    'apps/api/src/modules/auth/probe.service.ts',
    "import '../admins/admins.repository.ts';",
  ],
  [
    'start-up and the CLI use the seed code',
    'apps/api/src/cli/probe.ts',
    "import '../db/seed/demo-seed.service.ts';\nimport '../db/seed/bulk-seed.service.ts';",
  ],
  [
    'the seed code uses the database layer',
    'apps/api/src/db/seed/probe.ts',
    "import './catalogue.ts';\nimport '../client.ts';\nimport '../schema/admins.ts';",
  ],
  [
    'the contracts import zod',
    'packages/contracts/src/probe.ts',
    "import { z } from 'zod'; export const s = z.string();",
  ],
  ['a test of more than 150 lines', 'apps/web/src/features/customers/probe.test.tsx', longFunction],
  ['seed data of more than 150 lines', 'apps/api/src/db/seed/probe.ts', longFunction],
];

for (const [name, filePath, code] of allowed) {
  test(`lint allows: ${name}`, async () => {
    const found = await problems(filePath, code);
    const boundary = found.filter((line) =>
      /^(import-x|check-file|@typescript-eslint\/no-restricted-imports|max-lines-per-function|no-restricted-syntax)/.test(
        line,
      ),
    );
    assert.deepEqual(boundary, []);
  });
}
