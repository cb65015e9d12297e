import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  FindingKind,
  FindingResolution,
  OurSide,
  StatementColumns,
  StatementDateOrder,
  StatementSide,
} from '@cask/contracts/reconciliations';
import { admins } from './admins.ts';
import { warehouses } from './warehouses.ts';

/**
 * A warehouse's stock statement, reconciled and saved (issue 44, docs/domain.md#stock-statement-and-reconciliation,
 * decision 408): the file's SHA-256 and name, who saved it and when, and the count of each kind
 * of finding. The findings are rows of `warehouse_statement_findings`; a statement is never
 * changed afterwards, its findings' resolutions are.
 */
export const warehouseStatements = pgTable(
  'warehouse_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    fileName: text('file_name'),
    fileHash: text('file_hash').notNull(),
    rowCount: integer('row_count').notNull(),
    missingCount: integer('missing_count').notNull(),
    unknownCount: integer('unknown_count').notNull(),
    locationCount: integer('location_count').notNull(),
    gaugeCount: integer('gauge_count').notNull(),
    matchedCount: integer('matched_count').notNull(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The latest statement of each warehouse (the screen's list, the dashboard's count).
    index('warehouse_statements_latest_idx').on(table.warehouseId, table.createdAt.desc()),
    index('warehouse_statements_created_idx').on(table.createdAt.desc()),
  ],
);

/**
 * One finding of a statement (decision 408): its kind, the statement's row (`statement`, null for
 * a cask missing at the warehouse) and our cask as it was when reconciled (`ours`, null for a
 * cask unknown to us), and its resolution once an admin resolved it (decision 410).
 */
export const warehouseStatementFindings = pgTable(
  'warehouse_statement_findings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => warehouseStatements.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FindingKind>().notNull(),
    /**
     * Our cask, when the finding has one. No foreign key (decision 408): a cask is never erased
     * (docs/architecture.md#deletes), the finding keeps the cask as it was in `ours`, and a
     * statement of 100,000 rows would pay a key check per finding.
     */
    caskId: uuid('cask_id'),
    line: integer('line'),
    statement: jsonb('statement').$type<StatementSide>(),
    ours: jsonb('ours').$type<OurSide>(),
    /** The order a section lists its findings in: the statement's line, else our cask number. */
    sortKey: text('sort_key').notNull(),
    resolution: text('resolution').$type<FindingResolution>(),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => admins.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'warehouse_statement_findings_kind_valid',
      sql`${table.kind} in ('missing', 'unknown', 'location', 'gauge', 'matched')`,
    ),
    check(
      'warehouse_statement_findings_resolution_valid',
      sql`${table.resolution} is null or ${table.resolution} in ('accept-location', 'record-gauge', 'investigate')`,
    ),
    index('warehouse_statement_findings_section_idx').on(
      table.statementId,
      table.kind,
      table.sortKey,
      table.id,
    ),
  ],
);

/**
 * The columns of a warehouse's statements, mapped once and remembered (decision 409): which
 * header of its file holds each field, and how its dates are written.
 */
export const warehouseStatementMappings = pgTable('warehouse_statement_mappings', {
  warehouseId: uuid('warehouse_id')
    .primaryKey()
    .references(() => warehouses.id, { onDelete: 'cascade' }),
  columns: jsonb('columns').$type<StatementColumns>().notNull(),
  dateOrder: text('date_order').$type<StatementDateOrder>().notNull(),
  adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
