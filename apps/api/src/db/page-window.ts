import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { PageWindow } from '../lib/page-plan.ts';
import type { Db, DbOrTx } from './client.ts';
import { counters } from './schema/counters.ts';

// PostgreSQL never flattens a subquery with an OFFSET, so `OFFSET 0` makes it plan the search on
// its own (trigram bitmap scan) instead of walking the created_at index with a LIMIT it guessed
// would stop early. Drizzle leaves out a numeric 0 and types OFFSET as a number, hence the SQL.
const OPTIMIZATION_FENCE = sql`0` as unknown as number;

type Listed = { id: PgColumn; createdAt: PgColumn } & Record<string, PgColumn>;

/**
 * The rows of one page of a newest-first list (by created_at, then id), read as lib/page-plan.ts
 * planned, as a subquery named `page` with the given fields. Callers select from it and add their
 * per-row columns, which PostgreSQL then computes for the page's rows only, never skipped rows.
 */
export function pageWindow<Fields extends Listed>(
  reader: DbOrTx,
  source: { table: PgTable; fields: Fields; where: SQL | undefined },
  window: PageWindow,
): SubqueryWithSelection<Fields, 'page'> {
  const { table, where } = source;
  // Built on the concrete field type (drizzle's builder types do not follow a generic), the
  // subquery has exactly the caller's fields, whatever the branch.
  const fields: Listed = source.fields;
  const db = reader as Db;
  if (window.read === 'matches-first') {
    const matches = db
      .select(fields)
      .from(table)
      .where(where)
      .offset(OPTIMIZATION_FENCE)
      .as('matches');
    const page = db
      .select()
      .from(matches)
      .orderBy(desc(matches.createdAt!), desc(matches.id!))
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
    return page as unknown as SubqueryWithSelection<Fields, 'page'>;
  }
  const order =
    window.read === 'newest-first'
      ? [desc(fields.createdAt), desc(fields.id)]
      : [asc(fields.createdAt), asc(fields.id)];
  const page = db
    .select(fields)
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  return page as unknown as SubqueryWithSelection<Fields, 'page'>;
}

/**
 * The exact number of rows a search matches, counted through its indexes, with the version of
 * the searched data (a counter a trigger bumps, e.g. customers.search_version) read in the same
 * statement, so in the same snapshot as the count: what lib/page-plan.ts's cache keeps.
 */
export async function countMatches(
  reader: DbOrTx,
  source: { table: PgTable; where: SQL | undefined; versionCounter: string },
): Promise<{ total: number; version: number }> {
  const [row] = await (reader as Db)
    .select({
      total: sql<number>`count(*)::int`,
      version: sql<string>`coalesce((select ${counters.value} from ${counters}
        where ${counters.name} = ${source.versionCounter}), 0)::text`,
    })
    .from(source.table)
    .where(source.where);
  return { total: row?.total ?? 0, version: Number(row?.version ?? 0) };
}
