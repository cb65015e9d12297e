import {
  bigint,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /**
     * The hash chain (docs/architecture.md#audit, decision 413): the entry's place, 1, 2, 3, ...
     * with no gap, the `hash` of the entry before it (64 zeros for the first) and its own
     * SHA-256 of that and its canonical content, all set by the BEFORE INSERT trigger
     * (src/db/sql/084_audit_log_chain.sql) whatever the INSERT says. The defaults only let the
     * migration add the columns to existing rows before it chains them.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.createdAt),
    index('audit_log_entity_id_idx').on(table.entityId),
    index('audit_log_listing_idx').on(table.createdAt, table.id),
    index('audit_log_admin_idx').on(table.adminId, table.createdAt),
    index('audit_log_action_idx').on(table.action, table.createdAt),
    index('audit_log_bulk_idx').on(table.bulkId),
    uniqueIndex('audit_log_seq_unique').on(table.seq),
  ],
);
