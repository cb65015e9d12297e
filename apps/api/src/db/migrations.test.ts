import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from './client.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { migrate } from './migrate.ts';
import { findDatabaseFunctionsDir, statementsOf } from './sql-functions.ts';
import { createCustomer } from '../../test/support/factories.ts';
import { freshDatabase } from '../../test/support/database.ts';

/**
 * Each test opens an empty embedded database (PGlite's initdb) and applies every migration and
 * database function to it, twice: about 3 s of CPU on a quiet 2-core machine, and ten times that
 * when CI's end-to-end run and a second `npm test` share the cores. The default 30 s was a
 * request's budget, not this work's.
 */
const MIGRATION_TEST_BUDGET_MS = 120_000;

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** A copy of the migrations folder that stops before the migration tagged `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'cask-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at, tag).toBeGreaterThan(0);
  for (const entry of journal.entries.slice(at)) rmSync(path.join(folder, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

let database: Database;
let drop: () => Promise<void>;
let folder: string;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase('empty'));
  folder = migrationsBefore('0019_cask_measures_numeric');
});
afterAll(async () => {
  await database?.close();
  await drop?.();
  rmSync(folder, { recursive: true, force: true });
});

async function rows<T>(query: string): Promise<T[]> {
  // Both drivers answer { rows }; the Database type is their common base, which does not say so.
  const result = (await database.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

test(
  '0019 reads the volumes and ABVs typed so far as numbers, and audits what it cannot read',
  { timeout: MIGRATION_TEST_BUDGET_MS },
  async () => {
    await migrate(database, folder, { functions: false });
    const owner = await createCustomer({ database });
    const typed: [string, string | null, string | null][] = [
      ['plain', '250L', '58.4%'],
      ['spaced', ' 70 cl ', '58,4 % ABV'],
      ['bare numbers', '2000', '40'],
      ['litres spelled out', '2 litres', '63.456%'],
      ['garbage', 'NaN', '-5%'],
      ['too much', '1e999', '101%'],
      ['nothing', null, null],
    ];
    for (const [name, volume, abv] of typed) {
      await database.db.execute(
        sql`insert into casks (name, owner_id, volume, abv) values (${name}, ${owner.id}, ${volume}, ${abv})`,
      );
    }
    const details = (value: object) => `'${JSON.stringify(value)}'::jsonb`;
    await database.db.execute(
      sql.raw(
        'insert into offers (title, type, details) values' +
          ` ('cask offer', 'cask', ${details({ distillery: 'Ardbeg', vintage: 2015, abv: '58.2%', volume: '500L' })}),` +
          ` ('bottle offer', 'bottle', ${details({ distillery: 'Lagavulin', quantity: 6, volume: '70cl' })}),` +
          ` ('bad offer', 'cask', ${details({ distillery: 'Ardbeg', abv: 'strong', volume: '500L' })}),` +
          ` ('experience', 'experience', ${details({ duration: '1 day', participants: 4 })})`,
      ),
    );

    await migrate(database);

    const casks = await rows<{ name: string; volume: string | null; abv: string | null }>(
      'select name, volume::text, abv::text from casks order by name',
    );
    expect(Object.fromEntries(casks.map((c) => [c.name, [c.volume, c.abv]]))).toEqual({
      'bare numbers': ['2000.000', '40.00'],
      garbage: [null, null],
      'litres spelled out': ['2.000', '63.46'],
      nothing: [null, null],
      plain: ['250.000', '58.40'],
      spaced: ['0.700', '58.40'],
      'too much': [null, null],
    });
    const offers = await rows<{ title: string; details: Record<string, unknown> }>(
      'select title, details from offers order by title',
    );
    expect(Object.fromEntries(offers.map((o) => [o.title, o.details]))).toEqual({
      'bad offer': { distillery: 'Ardbeg', volume: 500 },
      'bottle offer': { distillery: 'Lagavulin', quantity: 6, volume: 0.7 },
      'cask offer': { distillery: 'Ardbeg', vintage: 2015, abv: 58.2, volume: 500 },
      experience: { duration: '1 day', participants: 4 },
    });
    const audits = await rows<{ action: string; before: object; after: object }>(
      "select action, before, after from audit_log where action like '%measure_dropped' order by action, before::text",
    );
    expect(audits).toEqual([
      {
        action: 'cask.measure_dropped',
        before: { volume: 'NaN', abv: '-5%' },
        after: { volume: null, abv: null },
      },
      {
        action: 'cask.measure_dropped',
        before: { volume: '1e999', abv: '101%' },
        after: { volume: null, abv: null },
      },
      {
        action: 'offer.measure_dropped',
        before: { details: { distillery: 'Ardbeg', abv: 'strong', volume: '500L' } },
        after: { details: { distillery: 'Ardbeg', volume: 500 } },
      },
    ]);
    // The database now refuses what the forms refuse.
    await expect(
      database.db.execute(
        sql`insert into casks (name, owner_id, abv) values ('x', ${owner.id}, 101)`,
      ),
    ).rejects.toThrow();
  },
);

test(
  '0022 makes every existing admin an Owner and counts them for the Admins screen',
  { timeout: MIGRATION_TEST_BUDGET_MS },
  async () => {
    const older = await freshDatabase('empty');
    const before = migrationsBefore('0022_admin_roles_and_invites');
    try {
      await migrate(older.database, before, { functions: false });
      await older.database.db.execute(
        sql`insert into admins (full_name, email, password_hash) values
          ('First', 'first@example.com', 'x'), ('Second', 'second@example.com', 'x')`,
      );
      await migrate(older.database);
      const result = (await older.database.db.execute(
        sql`select role, count(*)::int as n from admins group by role`,
      )) as unknown as { rows: { role: string; n: number }[] };
      expect(result.rows).toEqual([{ role: 'owner', n: 2 }]);
      const counter = (await older.database.db.execute(
        sql`select value::int as value from counters where name = 'admins.total'`,
      )) as unknown as { rows: { value: number }[] };
      expect(counter.rows).toEqual([{ value: 2 }]);
      await expect(
        older.database.db.execute(
          sql`insert into admins (full_name, email, password_hash, role) values ('X', 'x@example.com', 'x', 'root')`,
        ),
      ).rejects.toThrow();
    } finally {
      await older.database.close();
      await older.drop();
      rmSync(before, { recursive: true, force: true });
    }
  },
);

test(
  '0032 numbers the existing orders in order of creation, and new ones after them',
  { timeout: MIGRATION_TEST_BUDGET_MS },
  async () => {
    const older = await freshDatabase('empty');
    const before = migrationsBefore('0032_order_reference');
    try {
      await migrate(older.database, before, { functions: false });
      const owner = await createCustomer({ database: older.database });
      // Stored newest first: the table's physical order is the reverse of the orders' creation.
      for (const [title, day] of [
        ['third', '2026-03-03'],
        ['first', '2026-03-01'],
        ['second', '2026-03-02'],
      ]) {
        await older.database.db.execute(
          sql`insert into purchases (customer_id, title, investment_amount, created_at)
            values (${owner.id}, ${title}, 100, ${day}::timestamptz)`,
        );
      }
      await migrate(older.database);
      const numbered = async () =>
        (
          (await older.database.db.execute(
            sql`select title, order_number from orders order by order_number`,
          )) as unknown as { rows: { title: string; order_number: number }[] }
        ).rows;
      expect(await numbered()).toEqual([
        { title: 'first', order_number: 1 },
        { title: 'second', order_number: 2 },
        { title: 'third', order_number: 3 },
      ]);
      await older.database.db.execute(
        sql`insert into orders (customer_id, title, investment_amount) values (${owner.id}, 'fourth', 100)`,
      );
      expect((await numbered()).at(-1)).toEqual({ title: 'fourth', order_number: 4 });
    } finally {
      await older.database.close();
      await older.drop();
      rmSync(before, { recursive: true, force: true });
    }
  },
);

test(
  '0033 renames the orders tables: the rows, their notes and their counters are kept',
  { timeout: MIGRATION_TEST_BUDGET_MS },
  async () => {
    const older = await freshDatabase('empty');
    const before = migrationsBefore('0033_orders_tables');
    try {
      await migrate(older.database, before, { functions: false });
      const owner = await createCustomer({ database: older.database });
      await older.database.db.execute(
        sql`insert into purchases (customer_id, title, investment_amount, status, manual_payment_status, submitted_date)
          values (${owner.id}, 'paid', 250, 'Active', 'paid', '2026-03-05T10:00:00Z'),
                 (${owner.id}, 'due', 100, 'Pending', 'due', '2026-03-06T10:00:00Z'),
                 (${owner.id}, 'rejected', 40, 'Reject', 'completed', '2026-04-01T10:00:00Z')`,
      );
      await older.database.db.execute(
        sql`insert into purchase_notes (purchase_id, content)
          select id, 'note of ' || title from purchases where title = 'paid'`,
      );
      const read = async <T>(query: string) =>
        ((await older.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
      const countersBefore = await read<{ name: string; value: string }>(
        "select name, value::text from counters where name like 'purchases.%' and name not like '%.search_version' order by name",
      );
      expect(countersBefore.length).toBeGreaterThan(0);

      await migrate(older.database);

      expect(
        await read(
          'select o.title, o.order_number, n.content from orders o left join order_notes n on n.order_id = o.id order by o.order_number',
        ),
      ).toEqual([
        { title: 'paid', order_number: 1, content: 'note of paid' },
        { title: 'due', order_number: 2, content: null },
        { title: 'rejected', order_number: 3, content: null },
      ]);
      // The same counters under the new names, and none left under the old ones.
      const countersAfter = await read<{ name: string; value: string }>(
        "select name, value::text from counters where name like 'orders.%' and name not like '%.search_version' order by name",
      );
      expect(countersAfter).toEqual(
        countersBefore.map((row) => ({
          ...row,
          name: row.name.replace(/^purchases\./, 'orders.'),
        })),
      );
      expect(countersAfter).toEqual(
        expect.arrayContaining([
          { name: 'orders.total', value: '3.00' },
          { name: 'orders.revenue', value: '290.00' },
        ]),
      );
      expect(await read("select name from counters where name like 'purchases.%'")).toEqual([]);
      // Nothing named after the old table is left: refresh_counters() finds every *_counter_rows.
      expect(
        await read(
          `select proname as name from pg_proc where proname like 'purchase%'
         union all select tgname from pg_trigger where tgname like 'purchase%'
         union all select relname from pg_class where relname like 'purchase%'
         union all select conname from pg_constraint where conname like 'purchase%'`,
        ),
      ).toEqual([]);
      // The triggers of the files keep the renamed counters: a new order counts, and a recount
      // from the tables agrees. (The revenue by month is left out: the triggers of the migrations
      // alone, all this older database had, never kept it; the files have since decision 233.)
      await older.database.db.execute(
        sql`insert into orders (customer_id, title, investment_amount) values (${owner.id}, 'fourth', 100)`,
      );
      const orderCounters =
        "select name, value::text from counters where name like 'orders.%' and name not like '%.search_version' and name not like 'orders.revenue.%' order by name";
      const kept = await read(orderCounters);
      await older.database.db.execute(sql`select refresh_counters()`);
      expect(await read(orderCounters)).toEqual(kept);
      expect(kept).toContainEqual({ name: 'orders.total', value: '4.00' });
    } finally {
      await older.database.close();
      await older.drop();
      rmSync(before, { recursive: true, force: true });
    }
  },
);

test(
  '0034 counts the casks already there into their alert days',
  { timeout: MIGRATION_TEST_BUDGET_MS },
  async () => {
    const older = await freshDatabase('empty');
    const before = migrationsBefore('0034_cask_alert_days');
    try {
      await migrate(older.database, before, { functions: false });
      const owner = await createCustomer({ database: older.database });
      // Due on 2005-01-01 (twice), on 2031-01-01, never (no year), and a deleted one.
      await older.database.db.execute(
        sql`insert into casks (name, owner_id, year, abv_forty_on, deleted_at) values
            ('a', ${owner.id}, 2000, '2030-05-01', null), ('b', ${owner.id}, 2000, null, null),
            ('c', ${owner.id}, 2026, null, null), ('d', ${owner.id}, null, '2030-05-01', null),
            ('e', ${owner.id}, 1990, '2030-05-01', now())`,
      );
      await migrate(older.database);
      const read = async () =>
        (
          (await older.database.db.execute(
            sql.raw(
              "select kind, to_char(day, 'YYYY-MM-DD') as day, casks from cask_alert_days where kind in ('regauge_due', 'abv_forty') order by 1, 2",
            ),
          )) as unknown as { rows: unknown[] }
        ).rows;
      const counted = [
        { kind: 'abv_forty', day: '2030-05-01', casks: 2 },
        { kind: 'regauge_due', day: '2005-01-01', casks: 2 },
        { kind: 'regauge_due', day: '2031-01-01', casks: 1 },
      ];
      expect(await read()).toEqual(counted);
      // What a rebuild from the casks makes (refresh_counters runs it), and the triggers go on.
      await older.database.db.execute(sql`select refresh_counters()`);
      expect(await read()).toEqual(counted);
      await older.database.db.execute(sql`update casks set deleted_at = now() where name = 'c'`);
      expect(await read()).toEqual(counted.slice(0, 2));
    } finally {
      await older.database.close();
      await older.drop();
      rmSync(before, { recursive: true, force: true });
    }
  },
);

test(
  '0035 sums the alert days already there by month and year, as the triggers go on to',
  { timeout: MIGRATION_TEST_BUDGET_MS },
  async () => {
    const older = await freshDatabase('empty');
    const before = migrationsBefore('0035_cask_alert_spans');
    try {
      await migrate(older.database, before, { functions: false });
      const owner = await createCustomer({ database: older.database });
      await older.database.db.execute(
        sql`insert into casks (name, owner_id, year, abv_forty_on) values
            ('a', ${owner.id}, 2000, '2030-05-01'), ('b', ${owner.id}, 2000, '2030-05-20'),
            ('c', ${owner.id}, 2026, '2030-11-02')`,
      );
      // Their day rows, as the triggers of a server at 0034 kept them (no functions applied here).
      await older.database.db.execute(
        sql`insert into cask_alert_days (kind, day, casks) values
            ('abv_forty', '2030-05-01', 1), ('abv_forty', '2030-05-20', 1),
            ('abv_forty', '2030-11-02', 1)`,
      );
      await migrate(older.database);
      const read = async () =>
        (
          (await older.database.db.execute(
            sql.raw(
              "select kind, to_char(day, 'YYYY-MM-DD') as day, casks from cask_alert_days where kind like 'abv_forty%' order by 1, 2",
            ),
          )) as unknown as { rows: unknown[] }
        ).rows;
      const summed = [
        { kind: 'abv_forty', day: '2030-05-01', casks: 1 },
        { kind: 'abv_forty', day: '2030-05-20', casks: 1 },
        { kind: 'abv_forty', day: '2030-11-02', casks: 1 },
        { kind: 'abv_forty_month', day: '2030-05-01', casks: 2 },
        { kind: 'abv_forty_month', day: '2030-11-01', casks: 1 },
        { kind: 'abv_forty_year', day: '2030-01-01', casks: 3 },
      ];
      expect(await read()).toEqual(summed);
      // What a rebuild from the casks makes (refresh_counters runs it).
      await older.database.db.execute(sql`select refresh_counters()`);
      expect(await read()).toEqual(summed);
    } finally {
      await older.database.close();
      await older.drop();
      rmSync(before, { recursive: true, force: true });
    }
  },
);

test(
  '0036 makes the monthly value history valuations, and the current value the latest of them',
  { timeout: MIGRATION_TEST_BUDGET_MS },
  async () => {
    const older = await freshDatabase('empty');
    const before = migrationsBefore('0036_cask_valuations');
    try {
      await migrate(older.database, before, { functions: false });
      const owner = await createCustomer({ database: older.database });
      const month = (await older.database.db.execute(
        sql`select to_char(date_trunc('month', now() at time zone 'UTC'), 'YYYY-MM-DD') as month`,
      )) as unknown as { rows: { month: string }[] };
      const thisMonth = month.rows[0]!.month;
      // 'a' with a history ending at its value, 'b' whose value is not its last point (changed by
      // hand), 'c' never valued, 'd' with a value and no point. The trigger of that time writes this
      // month's point of each value; 'b' and 'd' lose theirs.
      await older.database.db.execute(
        sql`insert into casks (name, owner_id, current_value) values
            ('a', ${owner.id}, 300), ('b', ${owner.id}, 250), ('c', ${owner.id}, null),
            ('d', ${owner.id}, 75)`,
      );
      await older.database.db.execute(
        sql`insert into cask_appreciation (cask_id, month, value)
          select id, p.month::date, p.value from casks, (values
            ('2025-01-01', 100), ('2025-02-01', 200)) as p(month, value)
          where name = 'a'
          union all
          select id, '2025-03-01'::date, 200 from casks where name = 'b'`,
      );
      await older.database.db.execute(
        sql`delete from cask_appreciation a using casks c
          where c.id = a.cask_id and c.name in ('b', 'd') and a.month = ${thisMonth}::date`,
      );
      await migrate(older.database);
      const read = async <T>(query: string) =>
        ((await older.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
      const valuations = await read<{ name: string; day: string; value: string; note: string }>(
        `select c.name, to_char(v.valued_on, 'YYYY-MM-DD') as day, v.value::text, v.note
       from cask_valuations v join casks c on c.id = v.cask_id
       where v.source = 'Other' and v.admin_id is null order by c.name, v.valued_on`,
      );
      const today = new Date().toISOString().slice(0, 10);
      const carried = 'Carried over from the monthly value history';
      const begun = 'The current value when valuations began to be recorded';
      expect(valuations).toEqual([
        { name: 'a', day: '2025-01-01', value: '100.00', note: carried },
        { name: 'a', day: '2025-02-01', value: '200.00', note: carried },
        { name: 'a', day: thisMonth, value: '300.00', note: carried },
        { name: 'b', day: '2025-03-01', value: '200.00', note: carried },
        { name: 'b', day: today, value: '250.00', note: begun },
        { name: 'd', day: today, value: '75.00', note: begun },
      ]);
      // Every current value is its cask's latest valuation, and each month's point the latest
      // valuation of that month.
      const mismatches = await read<{ name: string }>(
        `select c.name from casks c
       where c.current_value is distinct from (select v.value from cask_valuations v
         where v.cask_id = c.id order by v.valued_on desc, v.created_at desc limit 1)
       union all
       select c.name from cask_appreciation a join casks c on c.id = a.cask_id
       where a.value <> (select v.value from cask_valuations v where v.cask_id = a.cask_id
         and date_trunc('month', v.valued_on) = a.month
         order by v.valued_on desc, v.created_at desc limit 1)`,
      );
      expect(mismatches).toEqual([]);
      const points = await read<{ name: string; month: string; value: string }>(
        `select c.name, to_char(a.month, 'YYYY-MM-DD') as month, a.value::text from cask_appreciation a
       join casks c on c.id = a.cask_id where c.name in ('b', 'd') order by 1, 2`,
      );
      expect(points).toEqual([
        { name: 'b', month: '2025-03-01', value: '200.00' },
        { name: 'b', month: thisMonth, value: '250.00' },
        { name: 'd', month: thisMonth, value: '75.00' },
      ]);
      // The trigger that wrote points from casks.current_value is gone: only a valuation moves them.
      await older.database.db.execute(sql`update casks set current_value = 999 where name = 'd'`);
      expect(
        await read<{ value: string }>(
          `select a.value::text from cask_appreciation a join casks c on c.id = a.cask_id where c.name = 'd'`,
        ),
      ).toEqual([{ value: '75.00' }]);
    } finally {
      await older.database.close();
      await older.drop();
      rmSync(before, { recursive: true, force: true });
    }
  },
);

test.runIf(process.env.TEST_DATABASE_URL)(
  'two instances migrating one empty PostgreSQL database at once take turns',
  async () => {
    const [one, two] = await Promise.all([freshDatabase('empty'), freshDatabase('empty')]);
    // The second connects to the first's database: two processes starting on one empty database.
    await two.database.close();
    await two.drop();
    const { openDatabase } = await import('./client.ts');
    const server = new URL(process.env.TEST_DATABASE_URL!);
    const first = one.database;
    const name = (
      (await first.db.execute(sql.raw('select current_database() as name'))) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]!.name;
    server.pathname = `/${name}`;
    const second = await openDatabase({ url: server.toString(), dataDir: 'unused' });
    try {
      await Promise.all([migrate(first), migrate(second)]);
      const applied = (
        (await first.db.execute(
          sql.raw('select count(*)::int as n from drizzle.__drizzle_migrations'),
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
      const journal = JSON.parse(
        readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(applied).toBe(journal.entries.length);
    } finally {
      await second.close();
      await first.close();
      await one.drop();
    }
  },
);

test(
  '0040 chains the audit entries already there in their order, and new ones follow on',
  { timeout: MIGRATION_TEST_BUDGET_MS },
  async () => {
    const older = await freshDatabase('empty');
    const before = migrationsBefore('0040_audit_chain');
    try {
      await migrate(older.database, before, { functions: false });
      // The append-only trigger of a server at 0039 (the migration must get past it).
      const refuse = await readFile(
        path.join(findDatabaseFunctionsDir(), '080_refuse_audit_log_change.sql'),
        'utf8',
      );
      for (const statement of statementsOf(refuse))
        await older.database.db.execute(sql.raw(statement));
      await older.database.db.execute(
        sql`insert into audit_log (action, entity, after, created_at) values
            ('seed.demo', 'database', '{"n": 2}', '2026-01-02T00:00:00Z'),
            ('seed.demo', 'database', '{"n": 1, "ü": "ß"}', '2026-01-01T00:00:00Z'),
            ('seed.demo', 'database', null, '2026-01-03T00:00:00.123456Z')`,
      );
      await migrate(older.database);
      await older.database.db.execute(
        sql`insert into audit_log (action, entity) values ('seed.demo', 'database')`,
      );
      const chained = (await older.database.db.execute(
        sql`select seq::int, after from audit_log order by seq`,
      )) as unknown as { rows: { seq: number; after: unknown }[] };
      expect(chained.rows).toEqual([
        { seq: 1, after: { n: 1, ü: 'ß' } },
        { seq: 2, after: { n: 2 } },
        { seq: 3, after: null },
        { seq: 4, after: null },
      ]);
      const result = await verifyAuditChain(older.database.db);
      expect(result.line).toMatch(/^Audit log verified: 4 entries, last /);
      // The start made the append-only trigger again.
      await expect(older.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    } finally {
      await older.database.close();
      await older.drop();
      rmSync(before, { recursive: true, force: true });
    }
  },
);
