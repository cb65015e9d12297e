import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BULK_USER_NOT_DELETED, BULK_USER_NOT_FOUND, type User } from '@cask/contracts/users';
import { ConflictError } from '../../lib/errors.ts';
import { lockRows, type BulkAction } from '../../db/bulk.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { createList } from '../../db/list.ts';
import { frozenSql, isoTimeSql, jsonObject } from '../../db/sql-fragments.ts';
import { nextUpdatedAt, versionSql } from '../../db/versions.ts';
import { casks } from '../../db/schema/casks.ts';
import { customers } from '../../db/schema/customers.ts';
import {
  CUSTOMER_LIST_COUNTERS,
  CUSTOMER_SORTS,
  customerListRequest,
  type CustomerPageRequest,
} from '../customers/customers.repository.ts';

/**
 * A customer's cask count, deleted casks left out (decision 273): an index-only count on
 * casks_owner_idx, which holds only those. (Built with $count so drizzle qualifies both columns;
 * inside a plain sql`` fragment in a select list it would not.)
 */
function caskCount(db: DbOrTx, customerId: AnyPgColumn) {
  return db.$count(casks, and(eq(casks.ownerId, customerId), isNull(casks.deletedAt)));
}

export interface UserRow {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  balance: number;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The User Management's orders (issue 31): the contract's sort names to the customers' columns. */
export const USER_LIST_SORTS = {
  createdAt: CUSTOMER_SORTS.createdAt,
  fullName: CUSTOMER_SORTS.fullName,
  email: CUSTOMER_SORTS.email,
};

/**
 * User Management's list (docs/screens/users.md#api-calls GET /users) through db/list.ts: the
 * page's customers `w` with their cask count (index-only on casks_owner_idx), written by PostgreSQL
 * as the contract's User.
 */
export function createUserList(database: Database) {
  const read = createList<User>(database, {
    counters: CUSTOMER_LIST_COUNTERS,
    sorts: USER_LIST_SORTS,
    item: jsonObject<User>({
      id: sql`p.id`,
      fullName: sql`p.full_name`,
      email: sql`p.email`,
      phone: sql`p.phone`,
      balance: sql`p.balance`,
      isActive: sql`p.is_active`,
      createdAt: isoTimeSql(sql`p.created_at`),
      version: versionSql(sql`p.updated_at`),
    }),
  });
  const rowSql = frozenSql(sql`w.id, w.full_name, w.email, w.phone,
    (select count(*)::int from casks k where k.owner_id = w.id and k.deleted_at is null) as balance,
    w.is_active, w.created_at, w.updated_at`);
  return (query: CustomerPageRequest) => read(customerListRequest(query, 'users', rowSql));
}

export async function updateCustomerActive(tx: DbOrTx, id: string, isActive: boolean) {
  await tx
    .update(customers)
    .set({ isActive, updatedAt: nextUpdatedAt(customers.updatedAt) })
    .where(eq(customers.id, id));
}

/**
 * Whether another visible customer has `email` (any case). The check of a details edit: the
 * customers_email_unique index holds the same rule, and is the last word on a race.
 */
export async function emailTakenByAnother(tx: DbOrTx, id: string, email: string) {
  const [taken] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        isNull(customers.deletedAt),
        ne(customers.id, id),
        sql`lower(${customers.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  return taken !== undefined;
}

/** The customer page's 'Edit details' (issue 41): name, e-mail and phone. */
export async function updateCustomerDetails(
  tx: DbOrTx,
  id: string,
  details: { fullName: string; email: string; phone: string | null },
) {
  await tx
    .update(customers)
    .set({ ...details, updatedAt: nextUpdatedAt(customers.updatedAt) })
    .where(eq(customers.id, id));
}

export async function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      fullName: customers.fullName,
      email: customers.email,
      phone: customers.phone,
      balance: caskCount(db, customers.id),
      isActive: customers.isActive,
      createdAt: customers.createdAt,
      updatedAt: customers.updatedAt,
    })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  return row;
}

export async function softDeleteCustomer(tx: DbOrTx, id: string): Promise<Date | undefined> {
  const [row] = await tx
    .update(customers)
    .set({ deletedAt: sql`now()`, updatedAt: nextUpdatedAt(customers.updatedAt) })
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .returning({ deletedAt: customers.deletedAt });
  return row?.deletedAt ?? undefined;
}

/** User Management's bulk 'Set Active' / 'Set Inactive' (issue 31, db/bulk.ts): visible customers. */
export const customerActiveBulk: BulkAction<{ isActive: boolean }> = {
  action: 'user.updated',
  entity: 'customer',
  missing: BULK_USER_NOT_FOUND,
  lock: lockRows(
    customers,
    customers.id,
    { isActive: customers.isActive },
    isNull(customers.deletedAt),
    (row) => ({ isActive: row.isActive }),
  ),
  write: (tx, id, value) => updateCustomerActive(tx, id, value.isActive),
};

/** The message of a customer who cannot come back: their e-mail belongs to another one now. */
export const EMAIL_TAKEN_SINCE = 'Another user has this e-mail now';

/** Brings a deleted customer back as they were (the undo of a delete). */
async function restoreCustomer(tx: DbOrTx, id: string) {
  const [taken] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        isNull(customers.deletedAt),
        ne(customers.id, id),
        sql`lower(${customers.email}) = (select lower(email) from customers where id = ${id})`,
      ),
    );
  // The e-mail index covers visible customers only: a newer customer may have taken it.
  if (taken) throw new ConflictError(EMAIL_TAKEN_SINCE);
  await tx
    .update(customers)
    .set({ deletedAt: null, updatedAt: nextUpdatedAt(customers.updatedAt) })
    .where(eq(customers.id, id));
}

/**
 * User Management's bulk 'Delete' (`deleted: true`, each hidden as the single delete hides one)
 * and the undo of any customer's delete (`deleted: false`), issue 31.
 */
export const customerDeletedBulk: BulkAction<{ deleted: boolean }> = {
  action: (value) => (value.deleted ? 'user.deleted' : 'user.restored'),
  entity: 'customer',
  missing: BULK_USER_NOT_FOUND,
  lock: lockRows(customers, customers.id, { deletedAt: customers.deletedAt }, undefined, (row) => ({
    deleted: row.deletedAt !== null,
  })),
  refuse: (before, after) =>
    before.deleted === after.deleted
      ? after.deleted
        ? BULK_USER_NOT_FOUND
        : BULK_USER_NOT_DELETED
      : undefined,
  async write(tx, id, value) {
    if (value.deleted) await softDeleteCustomer(tx, id);
    else await restoreCustomer(tx, id);
  },
};
