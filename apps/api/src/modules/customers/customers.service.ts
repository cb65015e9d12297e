import {
  type UpdateUserBody,
  type User,
  type UserActiveChanges,
  type UserDeletedChanges,
  type UserListParams,
} from '@cask/contracts/users';
import { CUSTOMER_EMAIL_TAKEN, type CustomerDetailsBody } from '@cask/contracts/customer-details';
import { applyBulk } from '../../db/bulk.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { writeAudit, type Actor } from '../../db/audit.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { versionOf, type ExpectedRecordVersions } from '../../lib/preconditions.ts';
import {
  createUserList,
  customerActiveBulk,
  customerDeletedBulk,
  findUser,
  softDeleteCustomer,
  saveCustomerActive,
  saveCustomerDetails,
  type CustomerRow,
  lockVisibleCustomer,
} from './customers.repository.ts';

/** The list's CSV export (issue 29), declared in its repository, for its routes' routeListExport. */
export { usersExport } from './customers.repository.ts';

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

/** The e-mail's conflict: a 409 whose field error the dialog shows under Email. */
const emailTaken = () =>
  new ConflictError(CUSTOMER_EMAIL_TAKEN, [{ field: 'email', message: CUSTOMER_EMAIL_TAKEN }]);

/** The contract's User: the spec's `balance` is the customer's cask count. */
function toUser({ updatedAt, casksHeld, ...row }: CustomerRow): User {
  return {
    ...row,
    balance: casksHeld,
    createdAt: row.createdAt.toISOString(),
    version: versionOf(updatedAt),
  };
}

export function createUsersService(deps: { database: Database }) {
  const { db } = deps.database;
  const readUserList = createUserList(deps.database);
  return {
    /** GET /users/{id}: one customer as the list shows them, with the version (decision 208). */
    async get(id: string): Promise<User> {
      const row = await findUser(db, id);
      if (!row) throw new NotFoundError(USER_NOT_FOUND);
      return toUser(row);
    },

    /** docs/screens/users.md#api-calls GET /users: newest first; deleted customers never appear. */
    async list(query: UserListParams) {
      const answer = await readUserList(query);
      return { users: answer.items, pagination: answer.pagination };
    },

    /**
     * docs/screens/users.md: the admin toggles Active/Inactive; audited with before and after. A
     * save naming a version (If-Match) that is no longer current changes nothing (decision 208).
     */
    async setActive(
      id: string,
      body: UpdateUserBody,
      actor: Actor,
      expectedVersion?: ExpectedRecordVersions,
    ): Promise<User> {
      return saveCustomerActive(db, id, body.isActive, actor, expectedVersion, () => {
        return new NotFoundError(USER_NOT_FOUND);
      });
    },

    /**
     * Issue 41: the customer page's 'Edit details' (name, e-mail, phone), so a typo in an e-mail
     * can be fixed. The e-mail is unique among visible customers (409 naming the field); a save
     * naming a version that is no longer current changes nothing (412, decision 208); audited
     * with the fields before and after.
     */
    async updateDetails(
      id: string,
      body: CustomerDetailsBody,
      actor: Actor,
      expectedVersion?: ExpectedRecordVersions,
    ): Promise<User> {
      return saveCustomerDetails(db, id, body, actor, expectedVersion, {
        notFound: () => new NotFoundError(USER_NOT_FOUND),
        emailTaken,
      });
    },

    /**
     * Issue 31: the chosen customers' Active/Inactive in one transaction, each audited; when one
     * cannot be changed (deleted, unknown), none is and the 409 names each (db/bulk.ts).
     */
    async setActives(body: UserActiveChanges, actor: Actor) {
      const changes = body.changes.map(({ id, isActive }) => ({ id, value: { isActive } }));
      return applyBulk(deps.database, customerActiveBulk, { changes, bulkId: body.bulkId }, actor);
    },

    /**
     * Issue 31: User Management's bulk 'Delete' and the undo of any customer's delete, all or
     * none, each audited ('user.deleted', 'user.restored'). A customer whose e-mail another has
     * taken since cannot come back, and is named.
     */
    async setDeleted(body: UserDeletedChanges, actor: Actor) {
      const changes = body.changes.map(({ id, deleted }) => ({ id, value: { deleted } }));
      return applyBulk(deps.database, customerDeletedBulk, { changes, bulkId: body.bulkId }, actor);
    },

    /**
     * docs/architecture.md#deletes: a customer is hidden, never erased; their casks, orders,
     * referrals and ledger stay as they are. Deleting twice answers 404 like an unknown id.
     */
    async remove(id: string, actor: Actor): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const before = await lockCustomer(tx, id);
        const deletedAt = await softDeleteCustomer(tx, id);
        if (!deletedAt) throw new NotFoundError(USER_NOT_FOUND);
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'user.deleted',
          entity: 'customer',
          entityId: id,
          before: { fullName: before.fullName, email: before.email, isActive: before.isActive },
          after: { deletedAt: deletedAt.toISOString() },
          ip: actor.ip,
        });
        return { id };
      });
    },
  };
}
