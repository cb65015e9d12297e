import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { abvNearUntil } from '@cask/contracts/cask-records';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase, rowsOf, type Database } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { adminForRequestSql } from '../../src/modules/admins/admins.repository.ts';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a brand-new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again at close). Either is a copy of
 * the migrated template of test/global-setup.ts (decision 282), or `empty` (the migrations' tests).
 */
export async function freshDatabase(from: 'template' | 'empty' = 'template'): Promise<{
  database: Database;
  /** PostgreSQL only: the database's URL, as TEST_DATABASE_URL's user. */
  url?: string;
  drop: () => Promise<void>;
}> {
  const template = from === 'template' ? inject('databaseTemplate') : undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const initialData =
      template?.kind === 'pglite' ? new Blob([await readFile(template.file)]) : undefined;
    const database = await openDatabase({ dataDir: 'memory://', initialData });
    return { database, drop: async () => {} };
  }
  const name = `cask_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    template?.kind === 'postgres'
      ? `create database ${name} template ${template.name}`
      : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'unused' });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The role the app connects as in the tests that run it as in a deployment with
 * MIGRATION_DATABASE_URL (docs/decisions/417): one fixed name per server, made by the first run
 * that needs it and kept (roles are the whole server's). Its password only matters where the
 * server asks for one (CI admits only postgres without).
 */
export const TEST_APP_ROLE = 'cask_test_app';
/** Its password, as written into the CREATE ROLE below. */
const TEST_APP_PASSWORD = 'cask-test-app';

/**
 * The database at `url` (made by freshDatabase, owned by TEST_DATABASE_URL's user) as the app's
 * role sees it: the role made when missing (safe when several runs race: the loser's CREATE ROLE
 * fails and is ignored), the grants of src/db/sql/130 applied by `migrate` as the owner, then a
 * connection as the role.
 */
export async function openAsAppRole(owner: Database, url: string): Promise<Database> {
  await owner.db.execute(sql`do $$ begin
      create role cask_test_app login password 'cask-test-app';
    exception when duplicate_object or unique_violation then null;
    end $$`);
  await migrate(owner, undefined, { appRole: TEST_APP_ROLE });
  const asApp = new URL(url);
  asApp.username = TEST_APP_ROLE;
  asApp.password = TEST_APP_PASSWORD;
  return openDatabase({ url: asApp.toString(), dataDir: 'unused' });
}

/** The rows a raw SQL statement answers, as `T`: for a test that checks the API against SQL. */
export async function queryRows<T>(ctx: { database: Database }, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await ctx.database.db.execute(statement));
}

/**
 * PostgreSQL's reason `statement` failed (drizzle's error names the query; its cause says why);
 * throws when it succeeded.
 */
export async function refusalOf(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return (reason as Error).message;
  }
  throw new Error('the statement succeeded');
}

/** The first column of the first row a raw SQL statement answers (undefined for no row). */
export async function firstValue(ctx: { database: Database }, statement: SQL): Promise<unknown> {
  const [row] = await ctx.database.readRows(statement, { prepared: false });
  return row?.[0];
}

/** The first column of the first row a raw SQL statement answers, as a number (a count, a sum). */
export async function scalar(ctx: { database: Database }, statement: SQL): Promise<number> {
  return Number(await firstValue(ctx, statement));
}

/**
 * The counters as the triggers kept them, then as `refresh_counters()` recounts them from the
 * tables (it rewrites them): a slotted counter's rows (`<name>#<slot>`, decision 222) read as
 * their sum, the search caches' versions and counters at 0 (a recount leaves them out) are left
 * out. Values as numeric text (`'-8700.00'`). The casks' alert days, rebuilt by the recount too
 * (decision 386), read as counters named `cask_alert_days.<kind>.<day>` (their casks, as text).
 */
export async function countersKeptAndRecounted(ctx: {
  database: Database;
}): Promise<{ kept: Record<string, string>; recounted: Record<string, string> }> {
  const read = async () =>
    Object.fromEntries(
      (
        await queryRows<{ name: string; value: string }>(
          ctx,
          sql`select split_part(name, '#', 1) as name, sum(value)::text as value from counters group by 1
              union all
              select 'cask_alert_days.' || kind || '.' || to_char(day, 'YYYY-MM-DD'), casks::text
              from cask_alert_days order by 1`,
        )
      )
        .filter((row) => !row.name.endsWith('.search_version') && Number(row.value) !== 0)
        .map((row) => [row.name, row.value]),
    );
  const kept = await read();
  await ctx.database.db.execute(sql`select refresh_counters()`);
  return { kept, recounted: await read() };
}

/**
 * The dashboard's gauge alert counts on `today` (YYYY-MM-DD) as a plain count of the casks not
 * deleted (what the repository read before decision 386): what `cask_alert_days` must sum to.
 */
export async function plainCaskAlertCounts(
  ctx: { database: Database },
  today: string,
): Promise<{ regaugeDue: number; abvNearForty: number }> {
  const [row] = await queryRows<{ regaugeDue: number; abvNearForty: number }>(
    ctx,
    sql`select
      count(*) filter (where regauge_due_on <= ${today}::date)::int as "regaugeDue",
      count(*) filter (where abv_forty_on <= ${abvNearUntil(today)}::date)::int as "abvNearForty"
    from casks where deleted_at is null`,
  );
  return row!;
}

const authenticationText = new PgDialect().sqlToQuery(adminForRequestSql('', null)).sql;

/**
 * The statements `work` sent to the database, as their text, each one round trip (issue 46): on
 * PostgreSQL every query of the drizzle pool's connections (BEGIN, COMMIT and ROLLBACK included)
 * and every named read (`readRows` with `prepared`, on a pool of its own), on PGlite every query and a transaction's BEGIN and its COMMIT or ROLLBACK. The request's
 * authentication (one read of the admin, plugins/authenticate.ts) is left out: it is not the save.
 */
export async function statementsSent(
  ctx: { database: Database },
  work: () => Promise<unknown>,
): Promise<string[]> {
  const sent: string[] = [];
  const record = (text: unknown) => {
    const statement = typeof text === 'string' ? text : (text as { text: string }).text;
    if (statement !== authenticationText) sent.push(statement);
  };
  type Query = (text: unknown, ...rest: unknown[]) => Promise<unknown>;
  const counted = (query: Query, self: unknown): Query =>
    function (text, ...rest) {
      record(text);
      return query.call(self, text, ...rest);
    };
  const client = (ctx.database.db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    // A named read goes to a pool of its own (db/client.ts's postgresReader): counted here; the
    // other reads go through the drizzle pool and are counted with its connections.
    const { readRows } = ctx.database;
    ctx.database.readRows = (query, options) => {
      if (options?.prepared) record(new PgDialect().sqlToQuery(query).sql);
      return readRows(query, options);
    };
    const onAcquire = (connection: pg.PoolClient) => {
      connection.query = counted(connection.query as Query, connection) as typeof connection.query;
    };
    const onRelease = (_error: unknown, connection: pg.PoolClient) => {
      delete (connection as { query?: unknown }).query; // back to the prototype's
    };
    client.on('acquire', onAcquire);
    client.on('release', onRelease);
    try {
      await work();
    } finally {
      client.off('acquire', onAcquire);
      client.off('release', onRelease);
      ctx.database.readRows = readRows;
    }
    return sent;
  }
  const pglite = client as {
    query: Query;
    transaction: (run: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>;
  };
  const { query, transaction } = pglite;
  pglite.query = counted(query, pglite);
  pglite.transaction = (run) => {
    record('BEGIN');
    return transaction
      .call(pglite, (tx) => run({ ...tx, query: counted(tx.query, tx) }))
      .finally(() => record('COMMIT or ROLLBACK'));
  };
  try {
    await work();
  } finally {
    pglite.query = query;
    pglite.transaction = transaction;
  }
  return sent;
}

/**
 * Runs `saves` while another transaction holds the row lock `lock` takes (a `select ... for
 * update`), each started once the one before waits for a lock, so they queue in their order, and
 * lets go once all wait: saves that really overlap, on a PostgreSQL server only (PGlite runs one
 * statement at a time, so nothing ever waits there). Answers what each save answers.
 */
export async function whileRowLocked<T>(
  ctx: { database: Database },
  lock: SQL,
  saves: readonly (() => Promise<T>)[],
): Promise<T[]> {
  const started: Promise<T>[] = [];
  const waiting = async () => {
    const [row] = rowsOf<{ waiting: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      ),
    );
    return row?.waiting ?? 0;
  };
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(lock);
    for (const save of saves) {
      const answer = save();
      answer.catch(() => {}); // heard when awaited below
      started.push(answer);
      while ((await waiting()) < started.length)
        await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return Promise.all(started);
}
