import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { casks } from '../../db/schema/casks.ts';
import { customers } from '../../db/schema/customers.ts';
import { customerWindow, type CustomerWindow } from '../customers/customers.repository.ts';

/**
 * A customer's cask count: an index-only count on casks_owner_idx. (Built with $count so drizzle
 * qualifies both columns; inside a plain sql`` fragment in a select list it would not.)
 */
function caskCount(db: DbOrTx, customerId: AnyPgColumn) {
  return db.$count(casks, eq(casks.ownerId, customerId));
}

export interface UserRow {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  balance: number;
  isActive: boolean;
  createdAt: Date;
}

export async function selectUserPage(db: DbOrTx, window: CustomerWindow): Promise<UserRow[]> {
  const page = customerWindow(db, window);
  return db
    .select({
      id: page.id,
      fullName: page.fullName,
      email: page.email,
      phone: page.phone,
      balance: caskCount(db, page.id),
      isActive: page.isActive,
      createdAt: page.createdAt,
    })
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id));
}

export async function updateCustomerActive(tx: DbOrTx, id: string, isActive: boolean) {
  await tx
    .update(customers)
    .set({ isActive, updatedAt: sql`now()` })
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
    })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  return row;
}

export async function softDeleteCustomer(tx: DbOrTx, id: string): Promise<Date | undefined> {
  const [row] = await tx
    .update(customers)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .returning({ deletedAt: customers.deletedAt });
  return row?.deletedAt ?? undefined;
}
