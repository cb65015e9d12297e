import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Approval } from '@cask/contracts/approvals';
import { approvals } from '../../src/db/schema/approvals.ts';
import type { TestContext } from './app.ts';
import { createCustomer } from './factories.ts';
import type { TestAdmin } from './sign-in.ts';

/** POST `/api/approvals/:id/<decision>` as `as` (a note in `payload`): the answer, whatever it is. */
export function decideApproval(
  ctx: Pick<TestContext, 'app'>,
  as: TestAdmin,
  id: string,
  decision: 'approve' | 'reject' | 'withdraw',
  payload?: object,
): Promise<InjectResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/approvals/${id}/${decision}`,
    headers: as.headers,
    ...(payload ? { payload } : {}),
  });
}

/**
 * A pending request of +`points` (above the policy's limit) for a fresh customer, asked by
 * `maker` with a reason; expects 202 and answers the request's id and the customer's.
 */
export async function pendingPointsApproval(
  ctx: Pick<TestContext, 'app' | 'database'>,
  maker: TestAdmin,
  points = 1500,
): Promise<{ id: string; customerId: string }> {
  const customer = await createCustomer(ctx);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/referrals/admin/manual-points',
    headers: maker.headers,
    payload: { userId: customer.id, points, reason: 'Goodwill after the late bottling' },
  });
  expect(res.statusCode, res.body).toBe(202);
  return {
    id: res.json<{ data: { approval: Approval } }>().data.approval.id,
    customerId: customer.id,
  };
}

/** Moves a request's 7 days' end into the past, as if a week had gone by. */
export async function makeApprovalOverdue(
  ctx: Pick<TestContext, 'database'>,
  id: string,
): Promise<void> {
  await ctx.database.db
    .update(approvals)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(approvals.id, id));
}
