import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * A bonded warehouse casks lie in (issue 44, docs/domain.md#identity): its name, unique regardless
 * of case, and the town it is in. A cask names its warehouse
 * (`casks.warehouse_id`) and its place there (`casks.location`: rack, bay).
 */
export const warehouses = pgTable(
  'warehouses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    city: text('city'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('warehouses_name_unique').on(sql`lower(${table.name})`)],
);

export type Warehouse = typeof warehouses.$inferSelect;
export type NewWarehouse = typeof warehouses.$inferInsert;
