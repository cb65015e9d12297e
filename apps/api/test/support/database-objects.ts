import { sql } from 'drizzle-orm';
import type { TestContext } from './app.ts';
import { queryRows } from './database.ts';

// The database's own objects (functions and triggers, decision 206), read from its catalog.

type Ctx = Pick<TestContext, 'database'>;

/** The functions of the application (not the pg_trgm extension's), with their bodies. */
export async function databaseFunctions(ctx: Ctx): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; body: string }>(
    ctx,
    sql`
      select p.proname as name, p.prosrc as body from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select from pg_depend d where d.classid = 'pg_proc'::regclass
          and d.objid = p.oid and d.deptype = 'e')`,
  );
  return new Map(rows.map((row) => [row.name, row.body]));
}

/** Every trigger and every function, as PostgreSQL prints them. */
export async function functionAndTriggerDefinitions(ctx: Ctx): Promise<string[]> {
  const rows = await queryRows<{ definition: string }>(
    ctx,
    sql`
      select pg_get_triggerdef(t.oid) as definition from pg_trigger t where not t.tgisinternal
      union all
      select pg_get_functiondef(p.oid) from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
      order by 1`,
  );
  return rows.map((row) => row.definition);
}

/** Each trigger's name and oid (`name oid`), sorted: a trigger made again gets a new oid. */
export async function triggerOids(ctx: Ctx): Promise<string[]> {
  const rows = await queryRows<{ trigger: string }>(
    ctx,
    sql`select tgname || ' ' || oid as trigger from pg_trigger where not tgisinternal order by 1`,
  );
  return rows.map((row) => row.trigger);
}

/** The names of the database's triggers, sorted. */
export async function databaseTriggers(ctx: Ctx): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    ctx,
    sql`select tgname as name from pg_trigger where not tgisinternal order by 1`,
  );
  return rows.map((row) => row.name);
}

/** The trigger `name` as PostgreSQL prints it, or undefined when there is none. */
export async function triggerDefinition(ctx: Ctx, name: string): Promise<string | undefined> {
  const rows = await queryRows<{ definition: string }>(
    ctx,
    sql`select pg_get_triggerdef(oid) as definition from pg_trigger where tgname = ${name}`,
  );
  return rows[0]?.definition;
}
