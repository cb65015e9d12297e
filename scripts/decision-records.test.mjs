// Every decision record says whether it still holds (docs/conventions.md#decision-records: a later
// record supersedes, never rewrites), and names the record that supersedes it when it no longer
// does. The index, docs/decisions/README.md (docs/conventions.md#the-decision-index), lists every
// record with its title and status, and nothing else, so it cannot drift from the records (decision
// 202).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const dir = new URL('../docs/decisions/', import.meta.url);
const records = readdirSync(dir).filter((name) => /^\d{3}-[a-z0-9-]+\.md$/.test(name));
const read = (name) => readFileSync(new URL(name, dir), 'utf8');

const statusOf = (text) => /^Status: (.+)$/m.exec(text)?.[1];
const KINDS = ['Superseded by', 'Partly superseded by', 'Accepted'];
const kindOf = (status) => KINDS.find((kind) => status.startsWith(kind));

/** The records a status says supersede this one, wholly or in part: "superseded by 130 and 131". */
function supersededBy(status) {
  const numbers = [];
  for (const [, list] of status.matchAll(
    /superseded (?:in part )?by (\d{3}(?:(?:,? and |, )\d{3})*)/gi,
  )) {
    numbers.push(...list.match(/\d{3}/g));
  }
  return numbers.sort();
}

test('there are decision records', () => {
  assert.ok(records.length > 0);
});

for (const name of records) {
  test(`decision ${name} has a Status line`, () => {
    const status = statusOf(read(name));
    assert.ok(status, 'missing "Status: Accepted" or "Status: Superseded by NNN"');
    assert.match(status, /^(Accepted|Superseded by \d{3}|Partly superseded by \d{3})/);
    for (const number of supersededBy(status)) {
      assert.ok(
        records.some((other) => other.startsWith(`${number}-`)),
        `names ${number}, which does not exist`,
      );
    }
  });
}

// One table row per record: | 001 | [Title](001-title.md) | Status | What it decides |
const entries = [];
for (const line of read('README.md').split('\n')) {
  const row =
    /^\|\s*(\d{3})\s*\|\s*\[(.+?)\]\(([^)]+)\)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*$/.exec(line);
  if (row) {
    const [, number, title, file, status, decides] = row;
    entries.push({ number, title, file, status, decides });
  }
}

test('the index has entries', () => {
  assert.ok(entries.length > 0, 'docs/decisions/README.md lists no record');
});

for (const entry of entries) {
  test(`index entry ${entry.number} links to a record that exists`, () => {
    assert.ok(
      records.includes(entry.file),
      `links to ${entry.file}, which is not a record in docs/decisions/`,
    );
    assert.ok(entry.file.startsWith(`${entry.number}-`), `${entry.number} links to ${entry.file}`);
    assert.equal(
      entries.filter((other) => other.file === entry.file).length,
      1,
      `${entry.file} is listed more than once`,
    );
  });
}

for (const name of records) {
  test(`decision ${name} is in the index, as it stands`, () => {
    const entry = entries.find((each) => each.file === name);
    assert.ok(entry, `docs/decisions/README.md has no line for ${name}`);
    const text = read(name);
    const title = /^# \d{3}[.:] (.+)$/m.exec(text)?.[1];
    assert.equal(entry.title, title, "the link text is the record's title, without its number");
    assert.ok(entry.decides, 'says in a line what the record decides');
    const status = statusOf(text) ?? '';
    assert.ok(
      entry.status.startsWith(kindOf(status) ?? 'Accepted'),
      `the index says "${entry.status}", the record "${status}"`,
    );
    assert.deepEqual(
      supersededBy(entry.status),
      supersededBy(status),
      `the index says "${entry.status}", the record "${status}": name the same superseding records`,
    );
  });
}
