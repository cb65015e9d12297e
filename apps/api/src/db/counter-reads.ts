import { inArray } from 'drizzle-orm';
import type { Db } from './client.ts';
import { counters } from './schema/counters.ts';

function prepare(db: Db, names: readonly string[], statementName: string) {
  return db
    .select({ name: counters.name, value: counters.value })
    .from(counters)
    .where(inArray(counters.name, [...names]))
    .prepare(statementName);
}

/**
 * A reader of some maintained counters (db/schema/counters.ts) in one statement, for the lists
 * that read them on every request: built once per database and planned once per connection (a
 * named prepared statement) instead of on every request. The answer gives a counter by name;
 * one never written reads as 0.
 */
export function counterReader(names: readonly string[], statementName: string) {
  const reads = new WeakMap<Db, ReturnType<typeof prepare>>();
  return async function read(db: Db): Promise<(name: string) => number> {
    let statement = reads.get(db);
    if (!statement) {
      statement = prepare(db, names, statementName);
      reads.set(db, statement);
    }
    const rows = await statement.execute();
    return (name) => Number(rows.find((row) => row.name === name)?.value ?? 0);
  };
}
