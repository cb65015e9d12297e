// Every decision record says whether it still holds (STYLE.md rule 12: a later record
// supersedes, never rewrites), and names the record that supersedes it when it no longer does.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const dir = new URL('../docs/decisions/', import.meta.url);
const records = readdirSync(dir).filter((name) => /^\d{3}-[a-z0-9-]+\.md$/.test(name));

test('there are decision records', () => {
  assert.ok(records.length > 0);
});

for (const name of records) {
  test(`decision ${name} has a Status line`, () => {
    const text = readFileSync(new URL(name, dir), 'utf8');
    const status = /^Status: (.+)$/m.exec(text)?.[1];
    assert.ok(status, 'missing "Status: Accepted" or "Status: Superseded by NNN"');
    assert.match(status, /^(Accepted|Superseded by \d{3}|Partly superseded by \d{3})/);
    for (const [, number] of status.matchAll(/superseded by (\d{3})/gi)) {
      assert.ok(
        records.some((other) => other.startsWith(`${number}-`)),
        `names ${number}, which does not exist`,
      );
    }
  });
}
