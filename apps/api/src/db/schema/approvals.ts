import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApprovalAction, ApprovalPolicy, ApprovalStatus } from '@cask/contracts/approvals';
import type { AuditEntity } from '@cask/contracts/audit';
import { admins } from './admins.ts';

/**
 * Issue 45, decision 421: an action the Approvals policy sends for approval, as asked: its body
 * (what the route would have run), the record's version then, who asked, when and why, and what
 * the list shows of it (the record's name, a summary, before and after), written when it was
 * asked. A decision sets the status, the decider, their note and the time; nothing else changes.
 * A pending request past `expires_at` is expired by the next read (decision 422).
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').$type<ApprovalAction>().notNull(),
    status: text('status').$type<ApprovalStatus>().notNull().default('pending'),
    /** The audit entity of the record, and its id (null: the policy itself). */
    entity: text('entity').$type<AuditEntity>().notNull(),
    recordId: uuid('record_id'),
    /** The request body as the route parsed it: run exactly as asked. */
    body: jsonb('body').notNull(),
    /** The record's version when asked: the request is Outdated once it moves. */
    recordVersion: text('record_version').notNull(),
    recordLabel: text('record_label').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').references(() => admins.id, { onDelete: 'set null' }),
    /** The asker's address, for the audit row of the action run on approval. */
    requestedIp: text('requested_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => admins.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note'),
  },
  (table) => [
    index('approvals_listing_idx').on(table.createdAt, table.id),
    index('approvals_status_idx').on(table.status, table.createdAt, table.id),
    index('approvals_action_idx').on(table.action, table.createdAt, table.id),
    // The expiry every read runs first (expireOverdue, decision 452) finds the overdue pending
    // requests here, not among every pending one.
    index('approvals_pending_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** The counters a change of `approvals` moves (135_approvals_bump_search_version.sql). */
export const APPROVAL_COUNTERS = { searchVersion: 'approvals.search_version' } as const;

/**
 * Settings -> 'Approvals' (issue 45): the Owner's one policy, a single row (none: the defaults,
 * every action off, DEFAULT_APPROVAL_POLICY).
 */
export const approvalPolicies = pgTable(
  'approval_policy',
  {
    id: integer('id').primaryKey().default(1),
    policy: jsonb('policy').$type<ApprovalPolicy>().notNull(),
    updatedBy: uuid('updated_by').references(() => admins.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('approval_policy_single_row', sql`${table.id} = 1`)],
);
