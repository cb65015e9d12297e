// The repository carries its own design (issue 42, docs/conventions.md#comments): code cites
// docs/, never the planners' files outside the repository, and every docs/ file it cites exists,
// with the section it names, as does every src/db/sql/ file named. The checks read every tracked file (`git ls-files`); each rule is
// proven to fail on a bad sample below, as scripts/lint-boundaries.test.mjs does for eslint's.
// Run by `npm run lint` (node's test runner).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
// This file names the forbidden citations in its rules and samples, so it is not scanned itself.
const SELF = 'scripts/doc-citations.test.mjs';

/** Citations of the planners' files, which a newcomer with only the repository cannot open. */
export const OUTSIDE_CITATIONS = [
  { name: 'DESIGN.md', pattern: /\bDESIGN\.md\b/ },
  { name: 'STYLE.md', pattern: /\bSTYLE\.md\b/ },
  { name: 'domain/*.md', pattern: /\bdomain\/[\w.-]*\.md\b/ },
];

/**
 * Citations of the spec's files ("spec 000 §3", "Spec 001", "spec 000/001"): their content is in
 * docs/screens/.
 */
export const SPEC_CITATIONS = [{ name: 'spec 000/001', pattern: /\bspec 00[01]\b/i }];

/** `docs/<path>.md`, with its `#section` when it names one. */
const DOCS_CITATION = /\bdocs\/([\w./-]+?\.md)(?:#([\w-]+))?/g;
/** A Markdown link to a Markdown file or a section: `[text](other.md#section)`, `[text](#section)`. */
const MARKDOWN_LINK = /\]\((?!https?:|mailto:)([^()\s#]*\.md)?(?:#([\w-]+))?\)/g;
/** A database function's file: `src/db/sql/100_cask_refresh_gauge_alerts.sql`. */
const SQL_FILE_CITATION = /\bsrc\/db\/sql\/(\d{3}_\w+\.sql)\b/g;
const SQL_DIR = 'apps/api/src/db/sql';
/** A template, not a file: `docs/decisions/NNN-title.md`. */
const PLACEHOLDER = /NNN/;

function trackedFiles() {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && file !== SELF);
}

function readText(file) {
  const full = path.join(root, file);
  if (!existsSync(full)) return undefined; // deleted in the work tree, not yet committed
  const text = readFileSync(full, 'utf8');
  return text.includes('\0') ? undefined : text;
}

/** Every tracked text file as `{ path, text }`. */
function repositoryFiles() {
  return trackedFiles()
    .map((file) => ({ path: file, text: readText(file) }))
    .filter((file) => file.text !== undefined);
}

/**
 * The lines of `files` outside docs/ that match one of `rules`, as "path:line: name: text".
 * docs/decisions/ keeps its records as they were written, so docs/ is not checked.
 */
export function outsideCitations(files, rules) {
  const found = [];
  for (const file of files) {
    if (file.path.startsWith('docs/')) continue;
    file.text.split('\n').forEach((line, index) => {
      for (const rule of rules) {
        if (rule.pattern.test(line)) {
          found.push(`${file.path}:${index + 1}: ${rule.name}: ${line.trim()}`);
        }
      }
    });
  }
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings, a repeated heading numbered as GitHub does. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const anchor = anchorOf(heading[1]);
    const count = seen.get(anchor) ?? 0;
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
    seen.set(anchor, count + 1);
  }
  return anchors;
}

/**
 * Every cited documentation file that does not exist, or whose cited section does not: the
 * `docs/<path>.md` citations of every file, and the relative Markdown links of the Markdown files
 * in docs/ (a record's link to another record, a section of the same page). `exists(path)` and
 * `read(path)` take a path from the repository's root.
 */
export function brokenDocCitations(files, exists, read) {
  const broken = [];
  const check = (from, lineNumber, target, anchor, cited) => {
    if (PLACEHOLDER.test(target)) return;
    if (!exists(target)) {
      broken.push(`${from}:${lineNumber}: ${cited}: no such file`);
    } else if (anchor && !anchorsOf(read(target)).has(anchor)) {
      broken.push(`${from}:${lineNumber}: ${cited}: no section #${anchor} in ${target}`);
    }
  };
  for (const file of files) {
    const inDocsMarkdown = file.path.startsWith('docs/') && file.path.endsWith('.md');
    file.text.split('\n').forEach((line, index) => {
      for (const match of line.matchAll(DOCS_CITATION)) {
        check(file.path, index + 1, `docs/${match[1]}`, match[2], match[0]);
      }
      if (!inDocsMarkdown) return;
      for (const match of line.matchAll(MARKDOWN_LINK)) {
        const target = match[1]
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file.path), match[1]))
          : file.path;
        check(file.path, index + 1, target, match[2], match[0]);
      }
    });
  }
  return broken;
}

/** Every `src/db/sql/NNN_name.sql` cited that is not a file of apps/api/src/db/sql/. */
export function brokenSqlCitations(files, exists) {
  const broken = [];
  for (const file of files) {
    file.text.split('\n').forEach((line, index) => {
      for (const match of line.matchAll(SQL_FILE_CITATION)) {
        if (!exists(`${SQL_DIR}/${match[1]}`)) {
          broken.push(`${file.path}:${index + 1}: ${match[0]}: no such file`);
        }
      }
    });
  }
  return broken;
}

const repoExists = (file) => existsSync(path.join(root, file));
const repoRead = (file) => readFileSync(path.join(root, file), 'utf8');

test('no tracked file outside docs/ cites DESIGN.md, STYLE.md or domain/*.md', () => {
  assert.deepEqual(outsideCitations(repositoryFiles(), OUTSIDE_CITATIONS), []);
});

test('no tracked file outside docs/ cites spec 000 or spec 001', () => {
  assert.deepEqual(outsideCitations(repositoryFiles(), SPEC_CITATIONS), []);
});

test('every docs/ file and section cited exists', () => {
  assert.deepEqual(brokenDocCitations(repositoryFiles(), repoExists, repoRead), []);
});

test('every src/db/sql/ file cited exists', () => {
  assert.deepEqual(brokenSqlCitations(repositoryFiles(), repoExists), []);
});

// Each rule fails on a bad sample, and lets a good one through.

const sample = (file, text) => [{ path: file, text }];

for (const [cited, text] of [
  ['DESIGN.md', '/** DESIGN.md §5: every route requires a token. */'],
  ['DESIGN.md', "// DESIGN.md §8 'Lists': page and size in the URL."],
  ['STYLE.md', '// STYLE.md rule 10: tests pass on a busy machine.'],
  ['domain/*.md', ' * the yearly loss since the gauge before it (domain/casks.md):'],
  ['domain/*.md', '-- terms in ../shared/domain/warehouses.md'],
]) {
  test(`a citation of ${cited} outside docs/ is caught: ${text}`, () => {
    const found = outsideCitations(sample('apps/api/src/probe.ts', text), OUTSIDE_CITATIONS);
    assert.equal(found.length, 1, `not caught: ${text}`);
  });
}

for (const text of [
  '// Spec 000 §4: cookies are cleared on any such message.',
  '/** spec 001 §7 `POST /terms`. */',
  '// as spec 000/001 say',
]) {
  test(`a citation of the spec outside docs/ is caught: ${text}`, () => {
    const found = outsideCitations(sample('apps/web/src/probe.ts', text), SPEC_CITATIONS);
    assert.equal(found.length, 1, `not caught: ${text}`);
  });
}

test('citations of docs/ pass, and docs/ itself may name the old files', () => {
  const rules = [...OUTSIDE_CITATIONS, ...SPEC_CITATIONS];
  assert.deepEqual(
    outsideCitations(
      sample(
        'apps/api/src/probe.ts',
        '// docs/architecture.md#security, docs/domain.md, spec 0001',
      ),
      rules,
    ),
    [],
  );
  assert.deepEqual(
    outsideCitations(sample('docs/decisions/999-x.md', 'DESIGN.md §5 asked for it.'), rules),
    [],
  );
});

test('a cited docs/ file that does not exist is caught', () => {
  const broken = brokenDocCitations(
    sample('apps/api/src/probe.ts', '// see docs/no-such-page.md and docs/architecture.md'),
    repoExists,
    repoRead,
  );
  assert.deepEqual(broken, ['apps/api/src/probe.ts:1: docs/no-such-page.md: no such file']);
});

test('a cited section that does not exist is caught', () => {
  const broken = brokenDocCitations(
    sample(
      'apps/api/src/probe.ts',
      '// docs/architecture.md#no-such-section docs/domain.md#regauge',
    ),
    repoExists,
    repoRead,
  );
  assert.deepEqual(broken, [
    'apps/api/src/probe.ts:1: docs/architecture.md#no-such-section: no section #no-such-section in docs/architecture.md',
  ]);
});

test('a broken relative link in a docs/ page is caught', () => {
  const broken = brokenDocCitations(
    sample(
      'docs/probe.md',
      'See [roles](architecture.md#roles), [x](decisions/000-none.md) and [y](#nowhere).',
    ),
    (file) => file === 'docs/probe.md' || repoExists(file),
    (file) => (file === 'docs/probe.md' ? '# Probe\n' : repoRead(file)),
  );
  assert.deepEqual(broken, [
    'docs/probe.md:1: ](decisions/000-none.md): no such file',
    'docs/probe.md:1: ](#nowhere): no section #nowhere in docs/probe.md',
  ]);
});

test('headings give the anchors GitHub gives them', () => {
  assert.deepEqual(
    [
      ...anchorsOf(
        "# Casks\n## Angel's share\n```\n# not a heading\n```\n### Versions and If-Match\n## Casks",
      ),
    ],
    ['casks', 'angels-share', 'versions-and-if-match', 'casks-1'],
  );
});

test('a cited src/db/sql/ file that does not exist is caught', () => {
  const broken = brokenSqlCitations(
    sample(
      'apps/api/src/db/schema/probe.ts',
      ' * (src/db/sql/011_customers_counter_rows.sql to src/db/sql/030_customers_counters.sql)',
    ),
    repoExists,
  );
  assert.deepEqual(broken, [
    'apps/api/src/db/schema/probe.ts:1: src/db/sql/011_customers_counter_rows.sql: no such file',
  ]);
});
