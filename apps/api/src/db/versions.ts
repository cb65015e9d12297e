import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The version of the row whose `updated_at` is `column`, in a list's SQL: as
 * lib/preconditions.ts's `versionOf` writes it from the column's Date (docs/decisions/208).
 */
export function versionSql(column: SQL): SQL {
  return sql`floor(extract(epoch from ${column}) * 1000)::bigint::text`;
}

/**
 * The `updated_at` of a save: now, but at least a millisecond after the version it replaces, so
 * two saves within one millisecond (or a clock set back) still give two versions.
 */
export function nextUpdatedAt(column: AnyPgColumn): SQL {
  return sql`greatest(now(), ${column} + interval '1 millisecond')`;
}
