import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { uploadUrl } from '@cask/contracts/files';

/**
 * The pieces of SQL a read shaped as a contract is written with (issue 42, decision 341): a list's
 * rows (db/list.ts), a customer's or a cask's page, the palette's matches. Each is drizzle's `sql`
 * template; names and values are never put into text by us.
 */

/**
 * A literal written into the statement (drizzle's own quoting), not a placeholder: a json key, a
 * counter's name or a page's size, constant for the statement's shape, so a named statement keeps
 * one text and PostgreSQL sees the value when it plans.
 */
export function literal(value: string | number): SQL {
  return sql`${value}`.inlineParams();
}

/**
 * A list's row as the contract's item: `json_build_object` of one SQL expression per key
 * (issue 42). `Item` is the contract's type (z.infer), so the contract is the one statement of
 * the answer's shape: a key it lacks, or one it does not have, does not compile.
 */
export function jsonObject<Item extends object>(columns: { [K in keyof Item]-?: SQL }): SQL {
  const entries = Object.entries(columns as Record<string, SQL>).map(
    ([key, value]) => sql`${literal(key)}, ${value}`,
  );
  return sql`json_build_object(${sql.join(entries, sql`, `)})`;
}

const dialect = new PgDialect();

/**
 * A fragment without values (a list's item, its row columns) as the text drizzle writes for it,
 * written once: drizzle walks a fragment's every part each time a statement is written, and a
 * list's item and row SQL are most of a list statement's parts, the same for every request
 * (issue 42: writing them on every request cost a list page 0.1-0.2 ms). It is drizzle's own
 * text, not text of ours, which is why sql.raw is allowed here alone.
 */
export function frozenSql(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('A frozen fragment holds no values');
  // eslint-disable-next-line no-restricted-syntax -- drizzle's own text of a fragment (above)
  return sql.raw(text);
}

/** The frozen fragments of frozenOnce, by key: a few hundred at most (lists x sorts x ways). */
const frozen = new Map<string, SQL>();

/**
 * A fragment without values that a statement needs on every request but that depends on the
 * request's shape (a list's order, a page's columns): built and frozen (frozenSql) the first
 * time `key` is asked for, then reused (decision 453). `key` must name everything `build` reads.
 */
export function frozenOnce(key: string, build: () => SQL): SQL {
  let fragment = frozen.get(key);
  if (fragment === undefined) {
    fragment = frozenSql(build());
    frozen.set(key, fragment);
  }
  return fragment;
}

const UPLOADS = uploadUrl('');
if (!/^[a-z/]+$/.test(UPLOADS)) throw new Error(`Unusable uploads prefix ${UPLOADS}`);

/** The address of an uploaded file (the contracts' uploadUrl) by its id's column; null for null. */
export function uploadUrlSql(column: SQL): SQL {
  return sql`${literal(UPLOADS)} || ${column}`;
}

/** A timestamp as Date#toISOString writes it (UTC, milliseconds, `Z`), as the contracts want. */
export function isoTimeSql(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
