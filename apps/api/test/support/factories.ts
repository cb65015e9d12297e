import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/db/client.ts';
import { auditLog } from '../../src/db/schema/audit-log.ts';

type AuditEntry = typeof auditLog.$inferSelect;
import { casks, caskValuations, type Cask, type NewCask } from '../../src/db/schema/casks.ts';
import { customers, type Customer, type NewCustomer } from '../../src/db/schema/customers.ts';
import {
  notifications,
  type NewNotification,
  type Notification,
} from '../../src/db/schema/notifications.ts';
import { offers, type NewOffer, type Offer } from '../../src/db/schema/offers.ts';
import {
  pointTransactions,
  type NewPointTransaction,
  type PointTransaction,
} from '../../src/db/schema/point-transactions.ts';
import { orderNotes, orders, type NewOrder, type Order } from '../../src/db/schema/orders.ts';
import { referrals, type NewReferral, type Referral } from '../../src/db/schema/referrals.ts';
import { warehouses, type NewWarehouse, type Warehouse } from '../../src/db/schema/warehouses.ts';

/**
 * Factories for the business tables: each inserts straight into the database (no API call) and
 * returns the row as stored. Every default is unique or harmless, so a test states only what its
 * story is about, and related rows it does not care about (an owner, a customer) are created too.
 */
type Ctx = { database: Database };

/** A short random marker, handy for a search term that only one test's rows contain. */
export function uniqueMarker(prefix = 'm'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function createCustomer(
  ctx: Ctx,
  overrides: Partial<NewCustomer> = {},
): Promise<Customer> {
  const marker = uniqueMarker('c');
  return one(
    await ctx.database.db
      .insert(customers)
      .values({ fullName: `Customer ${marker}`, email: `${marker}@example.com`, ...overrides })
      .returning(),
  );
}

/** A bonded warehouse (decision 400), its name unique to the test unless said. */
export async function createWarehouse(
  ctx: Ctx,
  overrides: Partial<NewWarehouse> = {},
): Promise<Warehouse> {
  return one(
    await ctx.database.db
      .insert(warehouses)
      .values({ name: `Warehouse ${uniqueMarker('w')}`, city: 'Dufftown', ...overrides })
      .returning(),
  );
}

/** Several customers in one statement; `each(i)` gives the overrides of the i-th (from 0). */
export async function createCustomers(
  ctx: Ctx,
  count: number,
  each: (index: number) => Partial<NewCustomer> = () => ({}),
): Promise<Customer[]> {
  const values = Array.from({ length: count }, (_, index) => {
    const marker = uniqueMarker('c');
    return { fullName: `Customer ${marker}`, email: `${marker}@example.com`, ...each(index) };
  });
  return ctx.database.db.insert(customers).values(values).returning();
}

/**
 * A cask as the API adds one: with a current value (12,000 unless said), it has that value's
 * valuation today, its first (decision 397). `valuations` adds earlier ones first, each dated on
 * its day (as a seed's history: recorded by nobody, before the current one), so the value history
 * (src/db/sql/050) has those months too.
 */
export async function createCask(
  ctx: Ctx,
  overrides: Partial<NewCask> & { valuations?: { valuedOn: string; value: string }[] } = {},
): Promise<Cask> {
  const { valuations, ...fields } = overrides;
  const ownerId = fields.ownerId ?? (await createCustomer(ctx)).id;
  const cask = one(
    await ctx.database.db
      .insert(casks)
      .values({
        name: `Cask ${uniqueMarker('k')}`,
        distillery: 'Springbank',
        year: 2012,
        volume: '200',
        abv: '58.2',
        location: 'Campbeltown',
        currentValue: '12000.00',
        purchasePrice: '9000.00',
        status: 'Maturing',
        type: 'cask',
        ...fields,
        ownerId,
      })
      .returning(),
  );
  const history = (valuations ?? []).map((valuation) => ({
    caskId: cask.id,
    source: 'Other' as const,
    ...valuation,
  }));
  if (history.length) await ctx.database.db.insert(caskValuations).values(history);
  if (cask.currentValue !== null) {
    await ctx.database.db.insert(caskValuations).values({
      caskId: cask.id,
      valuedOn: new Date().toISOString().slice(0, 10),
      value: cask.currentValue,
      source: 'Other',
    });
  }
  return cask;
}

export async function createOffer(ctx: Ctx, overrides: Partial<NewOffer> = {}): Promise<Offer> {
  return one(
    await ctx.database.db
      .insert(offers)
      .values({
        title: `Offer ${uniqueMarker('o')}`,
        type: 'cask',
        priceNumeric: '15000.00',
        originalPrice: '12000.00',
        isActive: true,
        expiryDate: '2030-12-31',
        details: { distillery: 'Ardbeg', caskType: 'Bourbon barrel', vintage: 2015 },
        ...overrides,
      })
      .returning(),
  );
}

export async function createOrder(
  ctx: Ctx,
  overrides: Partial<NewOrder> & { notes?: string[] } = {},
): Promise<Order> {
  const { notes, ...fields } = overrides;
  const customerId = fields.customerId ?? (await createCustomer(ctx)).id;
  const order = one(
    await ctx.database.db
      .insert(orders)
      .values({
        title: `Order ${uniqueMarker('p')}`,
        investmentAmount: '5000.00',
        status: 'Pending',
        manualPaymentStatus: 'due',
        ...fields,
        customerId,
      })
      .returning(),
  );
  if (notes?.length) {
    await ctx.database.db
      .insert(orderNotes)
      .values(notes.map((content) => ({ orderId: order.id, content })));
  }
  return order;
}

export async function createReferral(
  ctx: Ctx,
  overrides: Partial<NewReferral> = {},
): Promise<Referral> {
  const referrerId = overrides.referrerId ?? (await createCustomer(ctx)).id;
  const refereeId = overrides.refereeId ?? (await createCustomer(ctx)).id;
  return one(
    await ctx.database.db
      .insert(referrals)
      .values({
        referralCode: uniqueMarker('R').toUpperCase(),
        rewardAmount: '50.00',
        ...overrides,
        referrerId,
        refereeId,
      })
      .returning(),
  );
}

/** A ledger entry; the database adds its points to the customer's balance. */
export async function createPointTransaction(
  ctx: Ctx,
  overrides: Partial<NewPointTransaction> & { customerId: string; points: number },
): Promise<PointTransaction> {
  return one(
    await ctx.database.db
      .insert(pointTransactions)
      .values({ type: 'referral', description: 'Referral bonus', ...overrides })
      .returning(),
  );
}

/** A customer's point balance as stored (the Reward List's Point column); NaN if unknown. */
export async function pointsBalanceOf(ctx: Ctx, customerId: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ points: customers.pointsBalance })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.points ?? Number.NaN;
}

/** A customer's ledger: the point transactions of the customer, or of the referral. */
export async function pointTransactionsOf(
  ctx: Ctx,
  of: { customerId: string } | { referralId: string },
): Promise<PointTransaction[]> {
  return ctx.database.db
    .select()
    .from(pointTransactions)
    .where(
      'customerId' in of
        ? eq(pointTransactions.customerId, of.customerId)
        : eq(pointTransactions.referralId, of.referralId),
    );
}

export async function createNotification(
  ctx: Ctx,
  overrides: Partial<NewNotification> = {},
): Promise<Notification> {
  return one(
    await ctx.database.db
      .insert(notifications)
      .values({
        title: `Notice ${uniqueMarker('n')}`,
        message: 'The warehouse inventory was completed.',
        type: 'system',
        isGlobal: true,
        ...overrides,
      })
      .returning(),
  );
}

/** Which audit entries to read: each field given must match (`entityId` may list several). */
export interface AuditFilter {
  action?: string;
  entity?: string;
  entityId?: string | readonly string[];
  /** The admin who did it. */
  adminId?: string;
  /** The address the request came from. */
  ip?: string;
}

/**
 * The audit entries (whole rows) that match `filter`, oldest first: e.g.
 * `auditEntriesOf(ctx, { action: 'points.adjusted', entityId: customer.id })`,
 * `auditEntriesOf(ctx, { entity: 'purchase', entityId: ids })`, `auditEntriesOf(ctx, { adminId })`.
 */
export async function auditEntriesOf(ctx: Ctx, filter: AuditFilter): Promise<AuditEntry[]> {
  const conditions: SQL[] = [];
  if (filter.action !== undefined) conditions.push(eq(auditLog.action, filter.action));
  if (filter.entity !== undefined) conditions.push(eq(auditLog.entity, filter.entity));
  if (typeof filter.entityId === 'string') conditions.push(eq(auditLog.entityId, filter.entityId));
  else if (filter.entityId) conditions.push(inArray(auditLog.entityId, [...filter.entityId]));
  if (filter.adminId !== undefined) conditions.push(eq(auditLog.adminId, filter.adminId));
  if (filter.ip !== undefined) conditions.push(eq(auditLog.ip, filter.ip));
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(auditLog.createdAt);
}

/**
 * The actions audited on `entityId` (an admin, a session...), or of the entries `filter`
 * matches, oldest first.
 */
export async function auditActions(ctx: Ctx, of: string | AuditFilter): Promise<string[]> {
  const entries = await auditEntriesOf(ctx, typeof of === 'string' ? { entityId: of } : of);
  return entries.map((entry) => entry.action);
}

/** How many rows `table` holds (deleted ones included): e.g. `rowCount(ctx, files)`. */
export async function rowCount(ctx: Ctx, table: PgTable): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

/** How many audit entries there are: a refused change writes none. */
export async function auditRowCount(ctx: Ctx): Promise<number> {
  return rowCount(ctx, auditLog);
}

/** The row `id` of `table` as stored (deleted or not), or undefined: e.g. `storedRow(ctx, orders, id)`. */
export async function storedRow<Table extends PgTable & { id: PgColumn }>(
  ctx: Ctx,
  table: Table,
  id: string,
): Promise<Table['$inferSelect'] | undefined> {
  // Any table with an id column: typed as one of them for the query builder.
  const anyTable = table as unknown as typeof customers;
  const [row] = await ctx.database.db.select().from(anyTable).where(eq(anyTable.id, id));
  return row as Table['$inferSelect'] | undefined;
}
