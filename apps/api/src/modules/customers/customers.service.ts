import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { lockVisibleCustomer } from './customers.repository.ts';

/**
 * The screens call customers "users" (docs/screens/users.md): the answer for an unknown or deleted
 * one.
 */
export const USER_NOT_FOUND = 'User not found';

/**
 * Locks a customer for a change (activate, delete, adjust points), so changes to one customer take
 * turns; a deleted or unknown customer is a 404, whichever module asks.
 */
export async function lockCustomer(tx: DbOrTx, id: string) {
  const customer = await lockVisibleCustomer(tx, id);
  if (!customer) throw new NotFoundError(USER_NOT_FOUND);
  return customer;
}
