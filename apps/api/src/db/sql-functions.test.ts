import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { useTestContext } from '../../test/support/app.ts';
import { countersKeptAndRecounted } from '../../test/support/database.ts';
import {
  databaseFunctions,
  databaseTriggers,
  functionAndTriggerDefinitions,
  triggerDefinition,
  triggerOids,
} from '../../test/support/database-objects.ts';
import {
  createCask,
  createCustomer,
  createNotification,
  createOffer,
  createPointTransaction,
  createOrder,
  createReferral,
  pointsBalanceOf,
} from '../../test/support/factories.ts';
import { scratchDir } from '../../test/support/processes.ts';
import { rowsOf } from './client.ts';
import { applyDatabaseFunctions, databaseFunctionFiles, statementsOf } from './sql-functions.ts';

// Decision 206: every database function and trigger is defined once, in its file under src/db/sql,
// applied after the migrations at every start (migrate() in db/client.ts).
const ctx = useTestContext();

test('the database holds the functions and triggers of the files, with their bodies, and no other', async () => {
  const files = await databaseFunctionFiles();
  const functions = new Map<string, string>();
  const triggers: string[] = [];
  for (const file of files) {
    const statements = statementsOf(file.text);
    const defined = statements.flatMap((statement) => {
      const match = /^CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?\$\$([\s\S]*?)\$\$/m.exec(
        statement,
      );
      return match ? [[match[1]!, match[2]!] as const] : [];
    });
    // One function a file, named after it (010_add_to_counters.sql defines add_to_counters), but
    // a table's counters: NNN_<table>_counters.sql defines <table>_counter_rows, what one row adds
    // to which counter, and <table>_counters_apply, which its triggers run.
    const subject = file.name.slice(4, -'.sql'.length);
    const table = defined.length === 2 ? /^(\w+)_counters$/.exec(subject)?.[1] : undefined;
    expect(defined.map(([name]) => name)).toEqual(
      table ? [`${table}_counter_rows`, `${table}_counters_apply`] : [subject],
    );
    for (const [name, body] of defined) functions.set(name, body);
    for (const statement of statements) {
      const created = /^CREATE TRIGGER (\w+)/m.exec(statement);
      if (created) triggers.push(created[1]!);
    }
  }
  // What a later migration still had to drop (maintain_counters, migration 0007) is gone.
  expect(await databaseFunctions(ctx)).toEqual(functions);
  expect(await databaseTriggers(ctx)).toEqual(triggers.sort());
});

test('applying the files again changes nothing, and the counters stay exact', async () => {
  const before = await functionAndTriggerDefinitions(ctx);
  const oids = await triggerOids(ctx);
  await applyDatabaseFunctions(ctx.database.db);
  await applyDatabaseFunctions(ctx.database.db);
  expect(await functionAndTriggerDefinitions(ctx)).toEqual(before);
  // No trigger was made again: DROP TRIGGER would have locked its table against every query.
  expect(await triggerOids(ctx)).toEqual(oids);

  // Each trigger exists once: counted twice, every counter below would be off.
  const customer = await createCustomer(ctx);
  const cask = await createCask(ctx, { ownerId: customer.id, currentValue: '100.00' });
  await createOffer(ctx);
  const order = await createOrder(ctx, {
    customerId: customer.id,
    manualPaymentStatus: 'paid',
    investmentAmount: '250.00',
  });
  await createReferral(ctx, { referrerId: customer.id });
  await createNotification(ctx);
  await createPointTransaction(ctx, { customerId: customer.id, points: 40 });
  expect(await pointsBalanceOf(ctx, customer.id)).toBe(40);
  await ctx.database.db.execute(sql`update casks set current_value = 300 where id = ${cask.id}`);
  await ctx.database.db.execute(sql`update orders set deleted_at = now() where id = ${order.id}`);
  await ctx.database.db.execute(sql`delete from notifications`);
  const { kept, recounted } = await countersKeptAndRecounted(ctx);
  expect(kept).toEqual(recounted);
  expect(kept).toMatchObject({ 'customers.total': expect.any(String), 'casks.gain': '-8700.00' });
  // The cask's alert day (decision 386): fill 2012, never gauged, due 5 years on.
  expect(kept).toMatchObject({ 'cask_alert_days.regauge_due.2017-01-01': expect.any(String) });

  await ctx.database.db.execute(sql`truncate casks cascade`);
  const afterTruncate = await countersKeptAndRecounted(ctx);
  expect(afterTruncate.kept).toEqual(afterTruncate.recounted);
  expect(afterTruncate.kept['casks.total']).toBeUndefined();
  expect(Object.keys(afterTruncate.kept).filter((name) => name.startsWith('cask_'))).toEqual([]);
});

test('instances that start together apply the files one after the other', async () => {
  // On PostgreSQL each call runs on a connection of its own; without the advisory lock, two
  // CREATE OR REPLACE of one function at once fail with "tuple concurrently updated".
  const before = await functionAndTriggerDefinitions(ctx);
  await Promise.all(Array.from({ length: 4 }, () => applyDatabaseFunctions(ctx.database.db)));
  expect(await functionAndTriggerDefinitions(ctx)).toEqual(before);
});

const LEDGER_FUNCTION = (await databaseFunctionFiles()).find(
  (file) => file.name === '042_refuse_ledger_change.sql',
)!;

test('a trigger whose statement changed is made again, and only that one', async () => {
  const oids = await triggerOids(ctx);
  const [createFunction] = statementsOf(LEDGER_FUNCTION.text);
  const dir = scratchDir('cask-sql-');
  await writeFile(
    path.join(dir, LEDGER_FUNCTION.name),
    `${createFunction}\n--> statement-breakpoint\n` +
      'CREATE TRIGGER point_transactions_append_only BEFORE DELETE ON point_transactions\n' +
      '  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();\n',
  );
  await applyDatabaseFunctions(ctx.database.db, dir);
  expect(await triggerDefinition(ctx, 'point_transactions_append_only')).toContain(
    'BEFORE DELETE ON public.point_transactions',
  );
  const changed = (await triggerOids(ctx)).filter((trigger) => !oids.includes(trigger));
  expect(changed).toEqual([expect.stringMatching(/^point_transactions_append_only /)]);

  // The next start with the committed files puts the committed trigger back.
  await applyDatabaseFunctions(ctx.database.db);
  expect(await triggerDefinition(ctx, 'point_transactions_append_only')).toContain(
    'BEFORE DELETE OR UPDATE ON public.point_transactions',
  );
});

test('a trigger moved to another file is made again once, under its name, not doubled', async () => {
  // Decision 376: the search versions' triggers moved from 022_bump_counter_version.sql to each
  // list's counters file. A database whose trigger was made from 022 gets it made from its new
  // file at the next start, replaced under the same name.
  const files = await databaseFunctionFiles();
  const shared = files.find((file) => file.name === '022_bump_counter_version.sql')!;
  const own = files.find((file) => file.name === '032_offers_counters.sql')!;
  const moved = statementsOf(own.text).find((statement) =>
    statement.includes('CREATE TRIGGER offers_search_version'),
  )!;
  const madeFrom = async () =>
    rowsOf<{ comment: string | null }>(
      await ctx.database.db.execute(
        sql`select obj_description(oid, 'pg_trigger') as comment from pg_trigger
            where tgname = 'offers_search_version'`,
      ),
    ).map((row) => row.comment?.split(' ')[0]);
  const dir = scratchDir('cask-sql-');
  await writeFile(
    path.join(dir, shared.name),
    `${shared.text}\n--> statement-breakpoint\n${moved}\n`,
  );
  await applyDatabaseFunctions(ctx.database.db, dir);
  expect(await madeFrom()).toEqual(['apps/api/src/db/sql/022_bump_counter_version.sql']);
  await applyDatabaseFunctions(ctx.database.db);
  expect(await madeFrom()).toEqual(['apps/api/src/db/sql/032_offers_counters.sql']);

  // One statement moves the version by one: the trigger runs once.
  const version = async () =>
    Number(
      rowsOf<{ value: string }>(
        await ctx.database.db.execute(
          sql`select value::text from counters where name = 'offers.search_version'`,
        ),
      )[0]?.value ?? 0,
    );
  const before = await version();
  await createOffer(ctx);
  expect(await version()).toBe(before + 1);
});

test('a trigger dropped or disabled by hand is back after the next start', async () => {
  await ctx.database.db.execute(sql`drop trigger casks_portfolio_value_update on casks`);
  await ctx.database.db.execute(
    sql`alter table casks disable trigger casks_portfolio_value_insert`,
  );
  expect(await triggerDefinition(ctx, 'casks_portfolio_value_update')).toBeUndefined();
  await applyDatabaseFunctions(ctx.database.db);
  expect(await triggerDefinition(ctx, 'casks_portfolio_value_update')).toMatch(
    /^CREATE TRIGGER casks_portfolio_value_update AFTER UPDATE ON public\.casks /,
  );
  const [enabled] = rowsOf<{ state: string }>(
    await ctx.database.db.execute(
      sql`select tgenabled as state from pg_trigger where tgname = 'casks_portfolio_value_insert'`,
    ),
  );
  expect(enabled).toEqual({ state: 'O' });
});

test('a file that fails changes nothing, and its name is in the error', async () => {
  const before = await functionAndTriggerDefinitions(ctx);
  const dir = scratchDir('cask-sql-');
  await writeFile(
    path.join(dir, '010_refuse_ledger_change.sql'),
    [
      "CREATE OR REPLACE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'replaced'; END $$;",
      'CREATE TRIGGER point_transactions_append_only BEFORE DELETE ON point_transactions FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();',
    ].join('\n--> statement-breakpoint\n'),
  );
  await writeFile(path.join(dir, '020_broken.sql'), 'SELECT no_such_function();');
  await expect(applyDatabaseFunctions(ctx.database.db, dir)).rejects.toThrow(
    /^020_broken\.sql: a file holds CREATE OR REPLACE FUNCTION and CREATE TRIGGER statements only/,
  );
  await writeFile(
    path.join(dir, '020_broken.sql'),
    'CREATE OR REPLACE FUNCTION broken() RETURNS int LANGUAGE sql AS $$ SELECT no_such_column FROM counters $$;',
  );
  await expect(applyDatabaseFunctions(ctx.database.db, dir)).rejects.toThrow(
    /^020_broken\.sql: column "no_such_column" does not exist$/,
  );
  expect(await functionAndTriggerDefinitions(ctx)).toEqual(before);
});

test('a file named without its order is refused', async () => {
  const dir = scratchDir('cask-sql-');
  await writeFile(path.join(dir, 'refuse_ledger_change.sql'), 'SELECT 1;');
  await expect(databaseFunctionFiles(dir)).rejects.toThrow(/NNN_function_name\.sql/);
});
