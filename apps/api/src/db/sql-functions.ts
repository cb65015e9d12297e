import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

/**
 * The database's functions and triggers, one file per function (a table's counters: one file)
 * in src/db/sql
 * (docs/decisions/206). This file runs from src/db (tsx, tests) or from the bundle in dist/, so
 * look upwards for the package's src/db/sql, as client.ts does for the migrations.
 */
export function findDatabaseFunctionsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'src', 'db', 'sql');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the database functions folder (apps/api/src/db/sql)');
}

/** The files in the order they are applied: by name, so by their numeric prefix. */
export async function databaseFunctionFiles(
  dir = findDatabaseFunctionsDir(),
): Promise<{ name: string; text: string }[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  for (const name of names) {
    if (!/^\d{3}_[a-z0-9_]+\.sql$/.test(name))
      throw new Error(
        `${path.join(dir, name)}: name it NNN_function_name.sql or NNN_table_counters.sql`,
      );
  }
  return Promise.all(
    names.map(async (name) => ({ name, text: await readFile(path.join(dir, name), 'utf8') })),
  );
}

/**
 * A file's statements, separated as in the migrations by `--> statement-breakpoint` lines:
 * PGlite runs one statement per query.
 */
export function statementsOf(text: string): string[] {
  return text
    .split(/^--> statement-breakpoint\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

/**
 * A key of this application's own for pg_advisory_xact_lock ('cask' in ASCII): instances that
 * start together against one server apply the files one after the other, since two
 * CREATE OR REPLACE of one function at once can fail with "tuple concurrently updated".
 */
const APPLY_LOCK = 0x6361736b;

const FUNCTION = /^CREATE OR REPLACE FUNCTION \w+\(/m;
const TRIGGER = /^CREATE TRIGGER (\w+)\s[\s\S]*?\bON (\w+)\s/m;

/**
 * What a trigger made from a file carries as its comment: its file and the SHA-256 of its
 * statement. A trigger whose comment still says so is left alone at the next start.
 */
function triggerStamp(file: string, statement: string): string {
  return `apps/api/src/db/sql/${file} ${createHash('sha256').update(statement).digest('hex')}`;
}

/**
 * Runs every file, in order, after the migrations, at every start (docs/decisions/206), in one
 * transaction, so no session ever sees a table without its triggers and a file that fails
 * changes nothing:
 * - CREATE OR REPLACE FUNCTION, always (it locks no table);
 * - CREATE TRIGGER only where the trigger is missing or its statement changed since it was made
 *   (its comment, triggerStamp), after DROP TRIGGER IF EXISTS (PostgreSQL 13 has no
 *   CREATE OR REPLACE TRIGGER). DROP TRIGGER locks its table against every read and write until
 *   the transaction ends, which a start must not do for nothing: a long transaction on the
 *   table (a backup) would hold the start, and every query behind it, until it ended.
 * A file holds nothing else: anything other than these two statements is refused.
 */
export async function applyDatabaseFunctions(
  db: PgDatabase<PgQueryResultHKT>,
  dir = findDatabaseFunctionsDir(),
  /** Run last in the same transaction, under the lock: migrate() writes the start stamp. */
  andThen?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const files = await databaseFunctionFiles(dir);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK})`);
    // Read after the lock: what an instance that started just before has made is seen. A
    // trigger left disabled ('D', ALTER TABLE ... DISABLE TRIGGER) counts as missing.
    const result = await tx.execute(sql`
      select c.relname || '.' || t.tgname as trigger,
        case when t.tgenabled = 'O' then obj_description(t.oid, 'pg_trigger') end as stamp
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`);
    // Both drivers answer with { rows } (db/client.ts rowsOf, not imported: it imports this file).
    const rows = (result as unknown as { rows: { trigger: string; stamp: string | null }[] }).rows;
    const stamps = new Map(rows.map((row) => [row.trigger, row.stamp]));
    for (const file of files) {
      const run = async (statement: SQL) => {
        try {
          await tx.execute(statement);
        } catch (error) {
          // Drizzle's error says "Failed query: <the text>"; PostgreSQL's reason is its cause.
          const reason =
            error instanceof Error && error.cause instanceof Error ? error.cause : error;
          throw new Error(`${file.name}: ${(reason as Error).message}`, { cause: error });
        }
      };
      for (const statement of statementsOf(file.text)) {
        const trigger = TRIGGER.exec(statement);
        if (FUNCTION.test(statement)) {
          // A statement of the file as it is written (docs/decisions/345: SQL files run as read).
          // eslint-disable-next-line no-restricted-syntax -- a db/sql file's text, not ours to build
          await run(sql.raw(statement));
        } else if (trigger) {
          const [, name = '', table = ''] = trigger; // both groups always match
          const created = statement.slice(trigger.index);
          const stamp = triggerStamp(file.name, created);
          if (stamps.get(`${table}.${name}`) === stamp) continue;
          // The names are the file's own, lower case (`\w+`), so quoted they are the same names.
          const target = sql`${sql.identifier(name)} on ${sql.identifier(table)}`;
          await run(sql`drop trigger if exists ${target}`);
          // eslint-disable-next-line no-restricted-syntax -- a db/sql file's text, not ours to build
          await run(sql.raw(created));
          // COMMENT takes a literal, not a parameter: the stamp is written in as a quoted literal.
          await run(sql`comment on trigger ${target} is ${stamp}`.inlineParams());
        } else {
          throw new Error(
            `${file.name}: a file holds CREATE OR REPLACE FUNCTION and CREATE TRIGGER statements only`,
          );
        }
      }
    }
    await andThen?.(tx);
  });
}
