import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per mutation, sign-in and export, written in the same transaction as the change
 * (docs/architecture.md#audit). Append-only: a trigger refuses UPDATE and DELETE
 * (src/db/sql/080_refuse_audit_log_change.sql). So `admin_id` has no foreign key: a key with
 * `on delete set null` would have to rewrite history when an admin row goes (decision 210).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    /** The browser's User-Agent of the request that did it (lib/request-context.ts). */
    userAgent: text('user_agent'),
    /** The bulk action this row is one row of, shared by its undo (docs/decisions/311). */
    bulkId: uuid('bulk_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.createdAt),
    index('audit_log_entity_id_idx').on(table.entityId),
    index('audit_log_listing_idx').on(table.createdAt, table.id),
    index('audit_log_admin_idx').on(table.adminId, table.createdAt),
    index('audit_log_action_idx').on(table.action, table.createdAt),
    index('audit_log_bulk_idx').on(table.bulkId),
  ],
);
