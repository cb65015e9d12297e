import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect, test } from 'vitest';
import { useTestContext } from '../../test/support/app.ts';
import { literal } from './sql-fragments.ts';

// db/client.ts `readRows` (decision 172): on PostgreSQL a named (prepared) read runs on a session
// that always uses the statement's generic plan, planned once; anything else, a search among
// them, is planned with its values on every call. Embedded PGlite plans every statement anew.
// A statement is drizzle's sql (decision 341), turned into text and values by its PgDialect.
const ctx = useTestContext();

const PLAN_MODE = sql`select current_setting('plan_cache_mode'), current_setting('jit')`;

test('prepared reads run on generic plans, the others are planned for their values', async () => {
  const { database } = ctx;
  const prepared = await database.readRows(PLAN_MODE, { prepared: true });
  const planned = await database.readRows(PLAN_MODE, { prepared: false });
  if (database.kind === 'postgres') {
    expect(prepared).toEqual([['force_generic_plan', 'off']]);
    expect(planned).toEqual([['auto', 'off']]);
  } else {
    // PGlite has no JIT to turn off; what matters is that nothing forces a plan there.
    expect(prepared[0]?.[0]).toBe('auto');
    expect(planned).toEqual(prepared);
  }
});

// Only a PostgreSQL server keeps named statements (TEST_DATABASE_URL, see README).
test.runIf(process.env.TEST_DATABASE_URL)(
  'a prepared list statement runs on its generic plan from the first call',
  async () => {
    const { database } = ctx;
    // The same text seven times: PostgreSQL would make a plan for the values of each of the first
    // five executions by itself; on this session it never does.
    const statement = () =>
      sql`select count(*)::int, (select count(*)::int from pg_prepared_statements
        where generic_plans > 0 and custom_plans = 0 and statement like ${'%generic_plans > 0%'})
        from customers where created_at < now() limit ${10}`;
    for (let i = 0; i < 7; i++) {
      const [[, generic]] = (await database.readRows(statement(), {
        prepared: true,
      })) as [[number, number]];
      // The statement is counted from its first run: it ran on a generic plan from the start.
      expect(generic).toBeGreaterThanOrEqual(1);
    }
  },
);

test.runIf(process.env.TEST_DATABASE_URL)(
  'each prepared text keeps one statement of its own, also among texts of the same length',
  async () => {
    const { database } = ctx;
    // Built at run time, so each call passes a new fragment and text, not the one first seen.
    const statement = (addend: number) => sql`select ${10}::int + ${literal(addend)} as sum`;
    for (let i = 0; i < 3; i++) {
      for (const addend of [1, 2, 3]) {
        expect(await database.readRows(statement(addend), { prepared: true })).toEqual([
          [10 + addend],
        ]);
      }
    }
    // Sequential reads reuse the pool's most recent connection: one statement for each text there.
    const text = new PgDialect().sqlToQuery(statement(2)).sql;
    const [[count]] = (await database.readRows(
      sql`select count(*)::int from pg_prepared_statements where statement = ${text}`,
      { prepared: true },
    )) as [[number]];
    expect(count).toBe(1);
  },
);

// A named read (db/client.ts) gives the rows and types an unnamed one gives, and fails alone.
test.runIf(process.env.TEST_DATABASE_URL)(
  'a prepared read gives the rows and types node-postgres gives, and its errors',
  async () => {
    const { database } = ctx;
    const statement = sql`select ${41}::int + 1, ${'cask'}::text, ${true}::boolean,
      json_build_object('a', ${41}::int), null::int from generate_series(1, 2)`;
    const rows = await database.readRows(statement, { prepared: true });
    // The same statement through the unprepared path (node-postgres's own Query).
    expect(await database.readRows(statement, { prepared: false })).toEqual(rows);
    expect(rows).toEqual([
      [42, 'cask', true, { a: 41 }, null],
      [42, 'cask', true, { a: 41 }, null],
    ]);

    // An error while it runs, with the values of that call: the read fails with PostgreSQL's
    // error, and the connection still serves the next reads.
    const divide = (by: number) => sql`select 10 / ${by}::int`;
    await expect(database.readRows(divide(0), { prepared: true })).rejects.toThrow(
      /division by zero/,
    );
    expect(await database.readRows(divide(5), { prepared: true })).toEqual([[2]]);
    // A value that does not fit the statement's type, and a statement that is not SQL.
    await expect(database.readRows(divide(0.5), { prepared: true })).rejects.toThrow(/integer/);
    await expect(
      database.readRows(sql`select definitely not sql`, { prepared: true }),
    ).rejects.toThrow(/syntax/);
    expect(await database.readRows(divide(2), { prepared: true })).toEqual([[5]]);
  },
);
