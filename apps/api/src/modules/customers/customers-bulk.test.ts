import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { BULK_USER_NOT_FOUND, type UserActiveChangesResponse } from '@cask/contracts/users';
import { beforeAll, expect, test } from 'vitest';
import { customers } from '../../db/schema/customers.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { createCustomer, auditEntriesOf } from '../../../test/support/factories.ts';
import { postBulk } from '../../../test/support/bulk.ts';

// Issue 31: User Management's bulk 'Set Active' / 'Set Inactive' (POST /users/bulk/active): one
// transaction, each customer audited, all or nothing; its undo sends the `before` values back.
const ctx = useTestContext();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

async function activeOf(ids: string[]) {
  const rows = await ctx.database.db
    .select({ id: customers.id, isActive: customers.isActive })
    .from(customers)
    .where(inArray(customers.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.isActive]));
}

test('sets customers inactive in one action, each audited; its undo restores each one', async () => {
  const chosen = [
    await createCustomer(ctx, { isActive: true }),
    await createCustomer(ctx, { isActive: false }),
    await createCustomer(ctx, { isActive: true }),
  ];
  const ids = chosen.map((customer) => customer.id);
  const before = await activeOf(ids);

  const res = await postBulk(
    ctx,
    admin,
    '/api/users/bulk/active',
    ids.map((id) => ({ id, isActive: false })),
  );
  expect(res.statusCode, res.body).toBe(200);
  const { changes } = (res.json() as UserActiveChangesResponse).data;
  expect(changes.map((change) => change.before.isActive)).toEqual([true, false, true]);
  expect(Object.values(await activeOf(ids))).toEqual([false, false, false]);
  const audit = await auditEntriesOf(ctx, { entity: 'customer', entityId: ids });
  expect(audit).toHaveLength(3);
  expect(audit.every((row) => row.action === 'user.updated' && row.adminId === admin.id)).toBe(
    true,
  );

  const undo = await postBulk(
    ctx,
    admin,
    '/api/users/bulk/active',
    changes.map(({ id, before: was }) => ({ id, ...was })),
  );
  expect(undo.statusCode, undo.body).toBe(200);
  expect(await activeOf(ids)).toEqual(before);
});

test('a deleted or unknown customer among them changes none, and is named', async () => {
  const kept = await createCustomer(ctx, { isActive: true });
  const gone = await createCustomer(ctx, { isActive: true, deletedAt: new Date() });
  const res = await postBulk(ctx, admin, '/api/users/bulk/active', [
    { id: kept.id, isActive: false },
    { id: gone.id, isActive: false },
    { id: randomUUID(), isActive: false },
  ]);
  expect(res.statusCode).toBe(409);
  expect(res.json().errors).toEqual([
    { field: 'changes.1.id', message: BULK_USER_NOT_FOUND },
    { field: 'changes.2.id', message: BULK_USER_NOT_FOUND },
  ]);
  expect(await activeOf([kept.id, gone.id])).toEqual({ [kept.id]: true, [gone.id]: true });
  expect(
    await auditEntriesOf(ctx, { entity: 'customer', entityId: [kept.id, gone.id] }),
  ).toHaveLength(0);
});
