import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';
import { counters } from '../../src/db/schema/counters.ts';
import type { customers } from '../../src/db/schema/customers.ts';
import type { TestContext } from './app.ts';

// The bulk actions (issue 31, decisions 241 and 242): `{ changes }` in, each row's `before` and
// `after` out; the `before` values sent back are the undo.

/** One row's change in a bulk action's answer. */
export interface BulkChange<Value> {
  id: string;
  before: Value;
  after: Value;
}

/**
 * POST a bulk action's `changes` to `url` as `as` (an admin, or `{ headers: {} }` for no one):
 * the answer, whatever it is.
 */
export function postBulk(
  ctx: Pick<TestContext, 'app'>,
  as: { headers: Record<string, string> },
  url: string,
  changes: unknown,
): Promise<InjectResponse> {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: { changes } as object,
    headers: as.headers,
  });
}

/** A bulk action's changes; expects 200. */
export function bulkChangesOf<Value>(res: {
  statusCode: number;
  body: string;
  json(): unknown;
}): BulkChange<Value>[] {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { changes: BulkChange<Value>[] } }).data.changes;
}

/** The undo of a bulk action: each row's `before` values, sent back. */
export const undoOf = <Value extends object>(changes: BulkChange<Value>[]) =>
  changes.map(({ id, before }) => ({ id, ...before }));

/**
 * The rows `ids` of `table` as stored, every column but updated_at (which any save moves,
 * decision 241), sorted by id: equal before a change and after its undo.
 */
export async function storedRows(
  ctx: Pick<TestContext, 'database'>,
  table: PgTable & { id: PgColumn },
  ids: string[],
): Promise<{ id: string; [column: string]: unknown }[]> {
  // Any table with an id column: typed as one of them for the query builder.
  const anyTable = table as unknown as typeof customers;
  const rows = (await ctx.database.db.select().from(anyTable).where(inArray(anyTable.id, ids))) as {
    id: string;
    updatedAt?: Date;
    [column: string]: unknown;
  }[];
  return rows.map(({ updatedAt: _moved, ...row }) => row).sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The counters' totals by name: the audit's own count and the search caches' versions left out
 * (they move with any change).
 */
export async function counterTotals(ctx: Pick<TestContext, 'database'>) {
  return Object.fromEntries(
    (await ctx.database.db.select().from(counters))
      .filter((row) => !row.name.startsWith('audit_log.') && !row.name.endsWith('_version'))
      .map((row) => [row.name, row.value]),
  );
}
