// One way to write SQL (issue 42, docs/decisions/345, docs/conventions.md#sql): Drizzle's query
// builder, or its `sql` template, where values are parameters and fragments are `SQL` values. This
// check fails on SQL put together as text in the API's source (apps/api/src, tests aside):
// - a string or a template literal not tagged `sql` that holds a statement (select ... from,
//   insert into, update ... set, delete from), alone or joined to others with `+`;
// - `sql.raw(` given anything but a literal, outside the short allow-list below;
// - `readRows(` given text (a string, or text with its values: three arguments), or `.query(`
//   given a string.
// Each rule is proven to fail on a sample below. Run by `npm run lint` (node's test runner).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const SOURCE = 'apps/api/src';

/**
 * `sql.raw(` over text that is not put together by us (decision 345), by file and call:
 * - the database function files, run as they are read (db/sql/*.sql);
 * - an index definition PostgreSQL itself wrote (pg_get_indexdef), built again after a bulk load;
 * - drizzle's own text of a fragment without values, written once (db/sql-fragments.ts frozenSql).
 * Each also carries an eslint-disable of eslint.config.js's no-restricted-syntax rule (decision 341).
 */
export const RAW_ALLOWED = [
  { file: 'apps/api/src/db/sql-functions.ts', call: 'sql.raw(statement)' },
  { file: 'apps/api/src/db/sql-functions.ts', call: 'sql.raw(created)' },
  { file: 'apps/api/src/db/seed/seed.repository.ts', call: 'sql.raw(index.definition)' },
  { file: 'apps/api/src/db/sql-fragments.ts', call: 'sql.raw(text)' },
];

/**
 * `.query(` with a string, by file: the driver layer's own calls to node-postgres, below Drizzle
 * (the advisory lock of `exclusive`, on a connection of its own).
 */
export const QUERY_ALLOWED = ['apps/api/src/db/client.ts'];

/**
 * Files still written the old way while they are converted: each is reported when it is clean or
 * gone, so the list only ever shrinks (remove its line then). Empty since issue 42's part 2.
 */
export const PENDING = [];

/** A statement in text: what a string or an untagged template may not hold. */
const STATEMENT = [
  /\bselect\b[\s\S]*?\bfrom\b/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+[\w."]+\s+set\b/i,
  /\bdelete\s+from\b/i,
];

/** Tokens after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\breturn|\btypeof|\bcase|\bof|\bin)\s*$/;

/**
 * The literals of a TypeScript source: strings and templates (their text without the `${}`
 * parts; a template's expressions are scanned as code), each with its offset, whether it is a
 * template tagged `sql` (`sql`...``, `sql<T>`...``) and the text joined to it by `+`.
 */
export function literalsOf(code) {
  const found = [];
  let i = 0;

  function skipString(quote) {
    let text = '';
    i++;
    while (i < code.length && code[i] !== quote) {
      if (code[i] === '\\') {
        text += code[i + 1] ?? '';
        i += 2;
      } else text += code[i++];
    }
    i++;
    return text;
  }

  function skipRegex() {
    i++;
    let inClass = false;
    while (i < code.length) {
      const char = code[i];
      if (char === '/' && !inClass) break;
      if (char === '\n') break;
      if (char === '[') inClass = true;
      if (char === ']') inClass = false;
      i += char === '\\' ? 2 : 1;
    }
    i++;
    while (/[a-z]/.test(code[i] ?? '')) i++;
  }

  /** Code up to the `}` that closes the current `${` (or the end), scanning nested literals. */
  function scanCode(stopAtBrace) {
    let depth = 0;
    while (i < code.length) {
      const char = code[i];
      const next = code[i + 1];
      if (char === '/' && next === '/') {
        while (i < code.length && code[i] !== '\n') i++;
      } else if (char === '/' && next === '*') {
        const end = code.indexOf('*/', i + 2);
        i = end === -1 ? code.length : end + 2;
      } else if (char === '/') {
        if (BEFORE_REGEX.test(code.slice(Math.max(0, i - 20), i))) skipRegex();
        else i++;
      } else if (char === "'" || char === '"') {
        const start = i;
        const text = skipString(char);
        found.push({ start, end: i, text, tagged: false });
      } else if (char === '`') {
        const start = i;
        const tagged = /\bsql\s*(?:<[^`]*>)?\s*$/.test(code.slice(Math.max(0, i - 200), i));
        const text = scanTemplate();
        found.push({ start, end: i, text, tagged });
      } else if (char === '{') {
        depth++;
        i++;
      } else if (char === '}') {
        if (depth === 0 && stopAtBrace) {
          i++;
          return;
        }
        depth--;
        i++;
      } else i++;
    }
  }

  function scanTemplate() {
    let text = '';
    i++;
    while (i < code.length && code[i] !== '`') {
      if (code[i] === '\\') {
        text += code[i + 1] ?? '';
        i += 2;
      } else if (code[i] === '$' && code[i + 1] === '{') {
        i += 2;
        text += ' ';
        scanCode(true);
      } else text += code[i++];
    }
    i++;
    return text;
  }

  scanCode(false);
  // Literals joined by `+` are one text: a statement split over several strings is still found.
  const sorted = found.sort((a, b) => a.start - b.start);
  for (let k = 0; k < sorted.length; k++) {
    const literal = sorted[k];
    literal.joined = literal.text;
    for (let m = k + 1; m < sorted.length; m++) {
      const between = code.slice(sorted[m - 1].end, sorted[m].start);
      if (!/^\s*\+\s*$/.test(between) || sorted[m].tagged) break;
      literal.joined += ` ${sorted[m].text}`;
    }
  }
  return sorted;
}

/** The text of the call's arguments after `open` (the index just past its `(`). */
function argumentsOf(code, open) {
  let depth = 0;
  let i = open;
  for (; i < code.length; i++) {
    const char = code[i];
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) {
      if (depth === 0) break;
      depth--;
    }
  }
  return code.slice(open, i);
}

/** Top-level arguments of an argument list's text. */
function splitArguments(text) {
  const parts = [];
  let depth = 0;
  let current = '';
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      current += char;
      if (char === '\\') current += text[++i] ?? '';
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    if ('([{'.includes(char)) depth++;
    if (')]}'.includes(char)) depth--;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

const isStringArgument = (argument) => /^['"`]/.test(argument);
/** A literal without anything spliced in: a quoted string, or a template with no `${`. */
const isLiteralArgument = (argument) =>
  /^(['"])(?:\\.|(?!\1).)*\1$/s.test(argument) ||
  (/^`[^`]*`$/.test(argument) && !argument.includes('${'));

function lineOf(code, index) {
  return code.slice(0, index).split('\n').length;
}

/** What a file breaks of the rules, as `file:line: reason` lines. */
export function findStringSql(file, code) {
  const problems = [];
  for (const literal of literalsOf(code)) {
    if (literal.tagged) continue;
    if (STATEMENT.some((pattern) => pattern.test(literal.joined))) {
      const kind = code[literal.start] === '`' ? 'a template literal' : 'a string';
      problems.push(`${file}:${lineOf(code, literal.start)}: SQL in ${kind} (use sql\`\`)`);
    }
  }
  for (const match of code.matchAll(/\bsql\.raw\(/g)) {
    const open = match.index + match[0].length;
    const argument = argumentsOf(code, open).trim();
    const call = `sql.raw(${argument})`;
    if (isLiteralArgument(argument)) continue;
    if (RAW_ALLOWED.some((allowed) => allowed.file === file && allowed.call === call)) continue;
    problems.push(`${file}:${lineOf(code, match.index)}: ${call} is given text we put together`);
  }
  for (const match of code.matchAll(/\breadRows\(/g)) {
    const args = splitArguments(argumentsOf(code, match.index + match[0].length));
    if ((args[0] !== undefined && isStringArgument(args[0])) || args.length > 2) {
      problems.push(`${file}:${lineOf(code, match.index)}: readRows is given text, not sql\`\``);
    }
  }
  if (!QUERY_ALLOWED.includes(file)) {
    for (const match of code.matchAll(/\.query\(/g)) {
      const args = splitArguments(argumentsOf(code, match.index + match[0].length));
      if (args[0] !== undefined && isStringArgument(args[0])) {
        problems.push(`${file}:${lineOf(code, match.index)}: .query is given a string`);
      }
    }
  }
  return problems;
}

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) files.push(...sourceFiles(relative));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) files.push(relative);
  }
  return files;
}

test('no SQL is put together as text in apps/api/src', () => {
  const problems = [];
  const clean = [];
  const files = sourceFiles(SOURCE);
  for (const file of files) {
    const found = findStringSql(file, readFileSync(path.join(root, file), 'utf8'));
    if (PENDING.includes(file)) {
      if (found.length === 0) clean.push(file);
    } else problems.push(...found);
  }
  const gone = PENDING.filter((file) => !files.includes(file));
  assert.deepEqual(problems, [], 'write these with sql`` or the query builder (decision 345)');
  assert.deepEqual(
    [...clean, ...gone],
    [],
    'converted or removed: take these off PENDING in this file',
  );
});

test('every allowed sql.raw call is still there', () => {
  for (const allowed of RAW_ALLOWED) {
    const code = readFileSync(path.join(root, allowed.file), 'utf8');
    assert.ok(code.includes(allowed.call), `${allowed.file}: ${allowed.call} is gone; drop it`);
  }
});

// Each rule fails on a sample of how the code was written before issue 42.
const BAD = [
  ['a statement in a string', "const SQL_TEXT = 'select id from admins where id = $1';"],
  [
    'a statement split over strings joined by +',
    "const q =\n  'select (select count(*) ' +\n  ' from casks where deleted_at is null)';",
  ],
  ['a statement in a template literal', 'const q = `select ${columns} from ${table}`;'],
  ['an insert in a template literal', 'const q = `insert into casks (id) values (${id})`;'],
  ['an update in a string', "const q = 'update admins set role = $1 where id = $2';"],
  ['a delete in a string', "db.execute('delete from files where id = $1');"],
  ['sql.raw over a variable', 'await db.execute(sql.raw(statement));'],
  ['sql.raw over a template with a value', 'await db.execute(sql.raw(`drop index ${name}`));'],
  [
    'readRows with text and values',
    'await database.readRows(SEARCH_SQL, values, { prepared: false });',
  ],
  ['readRows with a string', "await database.readRows('select 1', { prepared: true });"],
  ['.query with a string', "await pool.query('select 1');"],
];

for (const [name, code] of BAD) {
  test(`fails on ${name}`, () => {
    assert.notDeepEqual(findStringSql('apps/api/src/modules/probe/probe.repository.ts', code), []);
  });
}

const GOOD = [
  ['the sql template', 'const q = sql`select ${columns} from ${table} where id = ${id}`;'],
  ['a typed sql template', 'const on = sql<boolean>`exists (select 1 from ${t} where a = b)`;'],
  [
    'a sql template typed by an object',
    'const a = sql<{ month: string; value: number }[]>`(select json_agg(x) from p)`;',
  ],
  [
    'a plain template inside a sql template',
    'const q = sql`select 1 from t where ${other ? sql`a` : sql`b`}`;',
  ],
  ['sql.raw over a literal', "const limit = sql.raw('10');"],
  ['readRows with sql', 'await database.readRows(statement, { prepared: true });'],
  ['prose with neither statement', "throw new Error('Select a customer first');"],
  ['a regular expression with a quote', "const q = text.replace(/'/g, \"''\");"],
  ['a comment', '// select id from admins where it was written as text'],
];

for (const [name, code] of GOOD) {
  test(`allows ${name}`, () => {
    assert.deepEqual(findStringSql('apps/api/src/modules/probe/probe.repository.ts', code), []);
  });
}
