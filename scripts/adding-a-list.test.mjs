// Issue 42, "The guide is true and tested" (docs/decisions/369): docs/adding-a-list.md walks
// through the Offers list, and this reads its tables. Its file table must be exactly the files of
// the repository (tests, docs and migrations aside) that hold one of the names it gives, each
// file holding its name; and the shared path a list runs through, named here, must be the guide's
// and stay within LIST_PATH_LIMIT lines. Each rule is proven to fail on a bad sample below.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const GUIDE = 'docs/adding-a-list.md';

/**
 * The shared path of every list, outside the list's own files (issue 42: at most 500 lines): the
 * definition, the read, the page plan and the web app's query hook. The authentication plugin
 * and the database client serve every request, and db/csv-export.ts every export, so they are not
 * counted here.
 */
export const LIST_PATH = [
  'packages/contracts/src/lists.ts',
  'apps/api/src/db/list.ts',
  'apps/api/src/lib/page-plan.ts',
  'apps/web/src/lib/list-query.ts',
];
export const LIST_PATH_LIMIT = 500;

/** Issue 42 asks for at most 6; the guide's table says how many the Offers list has today. */
const FILES_SECTION = "## The Offers list's files";
const PATH_SECTION = '## The shared path';

const read = (file) => readFileSync(path.join(root, file), 'utf8');

/** The rows of the first table after `heading`, as arrays of cells without their backquotes. */
export function tableAfter(markdown, heading) {
  const start = markdown.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `${GUIDE} has no "${heading}" section`);
  const rows = [];
  let inTable = false;
  for (const line of markdown.slice(start + heading.length + 2).split('\n')) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const cells = line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1'));
    if (cells[0] === 'file' || /^-+$/.test(cells[0])) continue;
    rows.push(cells);
  }
  return rows;
}

/** The files a list's code may live in: tracked or new, not tests, docs or migrations. */
function codeFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => file !== '' && existsSync(path.join(root, file)))
    .filter(
      (file) =>
        !/\.test\.[cm]?[jt]sx?$/.test(file) &&
        !/(^|\/)(test|testing|e2e|docs)\//.test(file) &&
        !file.startsWith('e2e/') &&
        !file.startsWith('apps/api/drizzle/') &&
        !file.endsWith('.md') &&
        !file.endsWith('.json'),
    );
}

/** What is wrong with a file table: a file missing, a name not in its file, a file not listed. */
export function fileTableProblems(rows, files, contentOf) {
  const problems = [];
  const names = [...new Set(rows.map(([, name]) => name))];
  for (const [file, name] of rows) {
    const content = contentOf(file);
    if (content === undefined) problems.push(`${file} does not exist`);
    else if (!content.includes(name)) problems.push(`${file} does not hold ${name}`);
  }
  const listed = new Set(rows.map(([file]) => file));
  for (const file of files) {
    if (listed.has(file)) continue;
    const content = contentOf(file) ?? '';
    const held = names.filter((name) => content.includes(name));
    if (held.length > 0) problems.push(`${file} holds ${held.join(', ')} but is not in the table`);
  }
  return problems;
}

const contentOf = (file) => (existsSync(path.join(root, file)) ? read(file) : undefined);
const lineCount = (file) => read(file).split('\n').length - 1;

test("the guide's file table is exactly the Offers list's files", () => {
  const guide = read(GUIDE);
  const rows = tableAfter(guide, FILES_SECTION);
  assert.ok(rows.length > 0);
  assert.deepEqual(fileTableProblems(rows, codeFiles(), contentOf), []);
  const stated = /in these (\d+) files/.exec(guide)?.[1];
  assert.equal(Number(stated), rows.length, 'the guide says how many files the table has');
});

test('a file table that leaves out a file holding a name, or names a missing one, fails', () => {
  const files = ['a.ts', 'b.ts'];
  const contents = { 'a.ts': 'offerListDefinition', 'b.ts': 'uses offerListDefinition' };
  const get = (file) => contents[file];
  assert.deepEqual(fileTableProblems([['a.ts', 'offerListDefinition']], files, get), [
    'b.ts holds offerListDefinition but is not in the table',
  ]);
  assert.deepEqual(fileTableProblems([['c.ts', 'x']], [], get), ['c.ts does not exist']);
  assert.deepEqual(fileTableProblems([['a.ts', 'offersRoutes']], [], get), [
    'a.ts does not hold offersRoutes',
  ]);
});

test(`the shared list path is the guide's and at most ${LIST_PATH_LIMIT} lines`, () => {
  const rows = tableAfter(read(GUIDE), PATH_SECTION);
  assert.deepEqual(
    rows.map(([file]) => file),
    LIST_PATH,
  );
  const lines = LIST_PATH.map((file) => [file, lineCount(file)]);
  const total = lines.reduce((sum, [, count]) => sum + count, 0);
  assert.ok(total <= LIST_PATH_LIMIT, `${total} lines: ${JSON.stringify(lines)}`);
});

test('the table reader reads a table under its heading only', () => {
  const markdown =
    '# x\n\n## A\n\n| file | y |\n| --- | --- |\n| `a.ts` | `n` |\n\n## B\n\n| file |\n| --- |\n| `b.ts` |\n';
  assert.deepEqual(tableAfter(markdown, '## A'), [['a.ts', 'n']]);
  assert.deepEqual(tableAfter(markdown, '## B'), [['b.ts']]);
  assert.throws(() => tableAfter(markdown, '## C'));
});
