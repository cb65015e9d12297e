import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './app.ts';
import type { TestAdmin } from './sign-in.ts';
import { queryRows } from './database.ts';
import { auditEntriesOf } from './factories.ts';

/**
 * One audited change as `as` (with `userAgent` as the browser): the customer is deactivated,
 * `PUT /api/users/:id { isActive: false }`; expects 200.
 */
export async function deactivateCustomer(
  ctx: Pick<TestContext, 'app'>,
  as: TestAdmin,
  customerId: string,
  userAgent = 'AuditTest/1.0',
): Promise<void> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${customerId}`,
    headers: { ...as.headers, 'user-agent': userAgent },
    payload: { isActive: false },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The audit log's total as kept in slots (decision 222): each slot's value by its counter name. */
export async function auditTotalSlots(
  ctx: Pick<TestContext, 'database'>,
): Promise<Map<string, number>> {
  const rows = await ctx.database.readRows(
    sql`select name, value::int from counters where name like 'audit_log.total#%'`,
    { prepared: false },
  );
  return new Map(rows.map((row) => [row[0] as string, row[1] as number]));
}

/**
 * Changes the entry `seq` as the tables' owner can: with the append-only trigger off for a
 * moment (decision 413's tests of a tampered chain).
 */
export async function alterAuditEntry(
  ctx: Pick<TestContext, 'database'>,
  seq: number,
  change: ReturnType<typeof sql>,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await tx.execute(sql`update audit_log set ${change} where seq = ${seq}`);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  });
}

/** An audit log row as the hash chain reads it (decision 413). */
export interface AuditChainRow {
  seq: string;
  id: string;
  prev_hash: string;
  hash: string;
  canonical: string;
}

/** The audit log in `seq` order: each entry's hashes and the canonical text they are of. */
export function auditChain(ctx: Pick<TestContext, 'database'>): Promise<AuditChainRow[]> {
  return queryRows<AuditChainRow>(
    ctx,
    sql`select seq::text, id, prev_hash, hash, audit_log_canonical(a) as canonical
        from audit_log a order by a.seq`,
  );
}

/** The addresses the failed sign-ins to `email` were audited from, oldest first. */
export async function failedSignInAddresses(
  ctx: Pick<TestContext, 'database'>,
  email: string,
): Promise<string[]> {
  const rows = await auditEntriesOf(ctx, { action: 'auth.sign_in_failed' });
  return rows
    .filter((row) => (row.after as { email?: string } | null)?.email === email)
    .map((row) => String(row.ip));
}
