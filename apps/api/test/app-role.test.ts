import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CaskRecordResponse } from '@cask/contracts/cask-records';
import { loadConfig, migrationConnection } from '../src/config.ts';
import { rowsOf } from '../src/db/client.ts';
import { startStamp } from '../src/db/migrate.ts';
import { seedDemoIfEmpty } from '../src/db/seed/demo-seed.service.ts';
import { useTestContext } from './support/app.ts';
import { queryRows } from './support/database.ts';
import { createCask, createCustomer, pointsBalanceOf } from './support/factories.ts';
import { createAdmin, signInForTokens, type TestAdmin } from './support/sign-in.ts';
import { bearer, getData } from './support/requests.ts';

// Issue 45, docs/decisions/417: the app connects as a role that owns nothing, granted what it
// needs by src/db/sql/130_grant_app_role.sql. PostgreSQL only: PGlite has one role, which owns
// everything (README, "Deployment").
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
const ctx = useTestContext({}, { asAppRole: onPostgres });

/** The SQLSTATE PostgreSQL refused `statement` with, as the app's role; null when it ran. */
async function sqlStateOf(statement: SQL): Promise<string | null> {
  try {
    await ctx.database.db.execute(statement);
    return null;
  } catch (error) {
    // Drizzle's error says "Failed query"; PostgreSQL's own, with its code, is its cause.
    for (let e: unknown = error; e instanceof Error; e = e.cause) {
      const { code } = e as { code?: unknown };
      if (typeof code === 'string') return code;
    }
    throw error;
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

test("the migrations' connection is MIGRATION_DATABASE_URL's, granting to DATABASE_URL's user", () => {
  const app = 'postgres://cask:secret@db:5432/cask';
  const owner = 'postgres://cask_owner:other@db:5432/cask';
  expect(migrationConnection(loadConfig({}))).toEqual({ url: undefined, appRole: undefined });
  expect(migrationConnection(loadConfig({ DATABASE_URL: app }))).toEqual({
    url: app,
    appRole: undefined,
  });
  expect(
    migrationConnection(loadConfig({ DATABASE_URL: app, MIGRATION_DATABASE_URL: owner })),
  ).toEqual({ url: owner, appRole: 'cask' });
  // The same user twice: nothing to grant.
  expect(
    migrationConnection(loadConfig({ DATABASE_URL: app, MIGRATION_DATABASE_URL: app })).appRole,
  ).toBeUndefined();
  for (const env of [
    { MIGRATION_DATABASE_URL: owner },
    { DATABASE_URL: 'postgres://db:5432/cask', MIGRATION_DATABASE_URL: owner },
  ]) {
    expect(() => loadConfig(env)).toThrow(/MIGRATION_DATABASE_URL: needs a DATABASE_URL/);
  }
});

test('the app role granted to is part of the start stamp', async () => {
  const none = await startStamp();
  const cask = await startStamp(undefined, undefined, 'cask');
  expect(new Set([none, cask, await startStamp(undefined, undefined, 'other')]).size).toBe(3);
  expect(await startStamp(undefined, undefined, 'cask')).toBe(cask);
});

describe.skipIf(!onPostgres)('the app role (PostgreSQL)', () => {
  let admin: TestAdmin;
  beforeAll(async () => {
    admin = await createAdmin(ctx);
  });

  test('is not the owner, nor a superuser', async () => {
    const [row] = await queryRows<{ role: string; superuser: boolean; owns: number }>(
      ctx,
      sql`select current_user as role, rolsuper as superuser,
        (select count(*)::int from pg_class where relowner = current_user::regrole) as owns
        from pg_roles where rolname = current_user`,
    );
    expect(row).toEqual({ role: 'cask_test_app', superuser: false, owns: 0 });
  });

  test.each<[string, SQL]>([
    ['ALTER TABLE', sql`alter table customers add column smuggled text`],
    ['ALTER TABLE ... DISABLE TRIGGER', sql`alter table audit_log disable trigger all`],
    ['TRUNCATE', sql`truncate audit_log`],
    ['TRUNCATE of a ledger', sql`truncate point_transactions cascade`],
    ['SET session_replication_role', sql`set session_replication_role = replica`],
    ['DROP TABLE', sql`drop table audit_log`],
    ['CREATE TABLE', sql`create table smuggled (id int)`],
    [
      'CREATE TRIGGER',
      sql`create trigger smuggled after insert on customers execute function refresh_counters()`,
    ],
    ['UPDATE of audit_log', sql`update audit_log set action = 'rewritten'`],
    ['DELETE of audit_log', sql`delete from audit_log`],
    ['UPDATE of point_transactions', sql`update point_transactions set points = 0`],
    ['DELETE of point_transactions', sql`delete from point_transactions`],
    ['UPDATE of cask_valuations', sql`update cask_valuations set value = 0`],
    ['DELETE of cask_valuations', sql`delete from cask_valuations`],
    ['the grants themselves', sql`select grant_app_role(current_user)`],
  ])('is refused %s', async (_name, statement) => {
    expect(await sqlStateOf(statement)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  test("may create a transaction's temporary table (a statement's rows, decision 429)", async () => {
    const rows = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table probe (line int) on commit drop`);
      await tx.execute(sql`insert into probe values (1), (2)`);
      return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from probe`));
    });
    expect(rows).toEqual([{ n: 2 }]);
  });

  test('SEED_DEMO fills the empty database as the role', async () => {
    const said: string[] = [];
    await seedDemoIfEmpty(ctx.database, { info: (line) => said.push(line) });
    expect(said).toEqual([expect.stringMatching(/^SEED_DEMO: added demo data/)]);
  });

  test("does the app's work: a sign-in, points, a valuation, a customer's delete, an export", async () => {
    const tokens = await signInForTokens(ctx, admin);
    const headers = bearer(tokens.accessToken);
    const customer = await createCustomer(ctx);

    const points = await ctx.app.inject({
      method: 'POST',
      url: '/api/referrals/admin/manual-points',
      headers,
      payload: { userId: customer.id, points: 25, reason: 'As the app role' },
    });
    expect(points.statusCode, points.body).toBe(200);
    expect(await pointsBalanceOf(ctx, customer.id)).toBe(25);

    const cask = await createCask(ctx, { ownerId: customer.id, currentValue: '1000.00' });
    const { cask: shown } = await getData<CaskRecordResponse>(
      ctx,
      admin,
      `/api/casks/${cask.id}/record`,
    );
    const valued = await ctx.app.inject({
      method: 'POST',
      url: `/api/casks/${cask.id}/valuations`,
      headers: { ...headers, 'if-match': `"${shown.version}"` },
      payload: {
        valuedOn: new Date().toISOString().slice(0, 10),
        value: '1100.00',
        source: 'Other',
      },
    });
    expect(valued.statusCode, valued.body).toBe(201);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${customer.id}`,
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const actions = await queryRows<{ action: string }>(
      ctx,
      sql`select action from audit_log where admin_id = ${admin.id} order by created_at, id`,
    );
    expect(actions.map((row) => row.action)).toEqual([
      'auth.signed_in',
      'points.adjusted',
      'cask.valued',
      'user.deleted',
    ]);

    // An export: COPY ... TO STDOUT on the exports' pool, as the role too.
    const started = await ctx.app.inject({ method: 'POST', url: '/api/exports/users', headers });
    expect(started.statusCode, started.body).toBe(201);
    const { url } = started.json<{ data: { export: { url: string } } }>().data.export;
    const file = await ctx.app.inject({ method: 'GET', url: `/api${url}` });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body.split('\n').length).toBeGreaterThan(100); // the demo's customers

    // The app never erases a cask; if it did, the foreign key's cascade to the valuations, which
    // the app may not delete, runs as their owner (and their trigger lets it pass).
    await ctx.database.db.execute(sql`delete from casks where id = ${cask.id}`);
    const left = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from cask_valuations where cask_id = ${cask.id}`,
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});
