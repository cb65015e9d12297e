import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AdminRole } from '@cask/contracts/admins';
import type {
  Approval,
  ApprovalAction,
  ApprovalListParams,
  ApprovalPolicy,
  ApprovalStatus,
} from '@cask/contracts/approvals';
import { APPROVAL_EXPIRES_DAYS } from '@cask/contracts/approvals';
import type { AuditAction, AuditEntity } from '@cask/contracts/audit';
import type { Database, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { createList, windowSql } from '../../db/list.ts';
import { isoTimeSql, jsonObject } from '../../db/sql-fragments.ts';
import { admins } from '../../db/schema/admins.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { approvalPolicies, approvals, APPROVAL_COUNTERS } from '../../db/schema/approvals.ts';

/**
 * The requests of issue 45 (decision 421) and the Owner's policy: SQL only; the rules are the
 * service's.
 */

/** The rows of `source` (approvals' columns) with the asker's and the decider's names. */
function approvalRowsSql(source: SQL): SQL {
  return sql`select r.*, rq.full_name as requested_by_name, dc.full_name as decided_by_name
    from (${source}) r left join admins rq on rq.id = r.requested_by
    left join admins dc on dc.id = r.decided_by`;
}

type AdminRef = NonNullable<Approval['requestedBy']>;
const adminRefSql = (id: SQL, name: SQL) =>
  sql`case when ${name} is null then null else ${jsonObject<AdminRef>({ id, fullName: name })} end`;

const APPROVAL_ITEM = jsonObject<Approval>({
  id: sql`p.id`,
  action: sql`p.action`,
  status: sql`p.status`,
  recordId: sql`p.record_id`,
  record: sql`p.record_label`,
  summary: sql`p.summary`,
  before: sql`p.before`,
  after: sql`p.after`,
  reason: sql`p.reason`,
  requestedBy: adminRefSql(sql`p.requested_by`, sql`p.requested_by_name`),
  requestedAt: isoTimeSql(sql`p.created_at`),
  expiresAt: isoTimeSql(sql`p.expires_at`),
  decidedBy: adminRefSql(sql`p.decided_by`, sql`p.decided_by_name`),
  decidedAt: sql`case when p.decided_at is null then null else ${isoTimeSql(sql`p.decided_at`)} end`,
  note: sql`p.note`,
});

function listWhereSql(query: Pick<ApprovalListParams, 'status' | 'action'>): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.status) conditions.push(sql`status = ${query.status}`);
  if (query.action) conditions.push(sql`action = ${query.action}`);
  return sql.join(conditions, sql` and `);
}

/**
 * The `/approvals` list through db/list.ts (docs/adding-a-list.md): newest first, filtered by
 * status and action; its total is counted, and counted again only after a change of the table
 * (135_approvals_bump_search_version.sql moves the version).
 */
export function createApprovalList(database: Database) {
  const read = createList<Approval>(database, {
    counters: [APPROVAL_COUNTERS.searchVersion],
    sorts: { createdAt: 'created_at' },
    item: APPROVAL_ITEM,
  });
  return (query: ApprovalListParams) =>
    read({
      page: query.page,
      limit: query.limit,
      key: `approvals:${query.status ?? ''}:${query.action ?? ''}`,
      listTotal: () => 0,
      search: {
        countSql: () => sql`select count(*)::int from approvals where ${listWhereSql(query)}`,
        versionCounters: [APPROVAL_COUNTERS.searchVersion],
        prepared: true,
      },
      pageSql: (window) =>
        approvalRowsSql(
          windowSql({ table: 'approvals', columns: '*', where: listWhereSql(query) }, window),
        ),
    });
}

/** One request as the list shows it; undefined for an unknown id. */
export async function readApproval(db: DbOrTx, id: string): Promise<Approval | undefined> {
  const result = await db.execute(
    sql`select ${APPROVAL_ITEM} as item from (${approvalRowsSql(
      sql`select * from approvals where id = ${id}::uuid`,
    )}) p`,
  );
  return rowsOf<{ item: Approval }>(result)[0]?.item;
}

/**
 * Expires the pending requests past their 7 days (decision 422), each with its audit entry
 * `approval.expired` on the request's record (no admin: the clock decided), in one statement, so
 * the request and its entry are written together or not at all (decision 434). Run before each
 * read, so no scheduler is needed and a read never shows an overdue request as pending; `id`
 * narrows it to one request (a decision on it, its row locked already). Of two readers at once,
 * the second's UPDATE waits on the first's row locks and then finds the rows no longer pending
 * (PostgreSQL re-reads them): each request expires, and is audited, once. Answers how many. It
 * finds them by `approvals_pending_expiry_idx`, and one that finds none writes nothing (decision
 * 452).
 */
export async function expireOverdue(db: DbOrTx, id?: string): Promise<number> {
  const action: AuditAction = 'approval.expired';
  const result = await db.execute(sql`
    with expired as (
      update approvals set status = 'expired', decided_at = expires_at
      where status = 'pending' and expires_at <= now()
        ${id === undefined ? sql`` : sql`and id = ${id}::uuid`}
      returning id, action, entity, record_id, expires_at
    )
    insert into ${auditLog} (admin_id, action, entity, entity_id, after)
    select null, ${action}::text, e.entity, e.record_id::text,
      jsonb_build_object('approvalId', e.id, 'action', e.action,
        'expiredAt', ${isoTimeSql(sql`e.expires_at`)})
    from expired e
    order by e.expires_at, e.id
    returning id`);
  return rowsOf(result).length;
}

export async function insertApproval(
  tx: DbOrTx,
  values: {
    action: ApprovalAction;
    entity: AuditEntity;
    recordId: string | null;
    body: unknown;
    recordVersion: string;
    recordLabel: string;
    summary: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    reason: string;
    requestedBy: string;
    requestedIp: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(approvals)
    .values({
      ...values,
      expiresAt: sql`now() + make_interval(days => ${APPROVAL_EXPIRES_DAYS})`,
    })
    .returning({ id: approvals.id });
  if (!row) throw new Error('approval insert returned nothing');
  return row.id;
}

/**
 * The request's row, locked until the transaction ends: of two admins deciding at once, the
 * second waits here and then reads the first's decision (decision 422).
 */
export async function lockApproval(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: approvals.id,
      action: approvals.action,
      status: approvals.status,
      entity: approvals.entity,
      recordId: approvals.recordId,
      body: approvals.body,
      recordVersion: approvals.recordVersion,
      requestedBy: approvals.requestedBy,
      requestedIp: approvals.requestedIp,
      overdue: sql<boolean>`${approvals.expiresAt} <= now()`,
    })
    .from(approvals)
    .where(eq(approvals.id, id))
    .for('update');
  return row;
}

export async function decideApproval(
  tx: DbOrTx,
  id: string,
  decision: { status: ApprovalStatus; decidedBy: string | null; note?: string | null },
): Promise<void> {
  await tx
    .update(approvals)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      note: decision.note ?? null,
      decidedAt: sql`now()`,
    })
    .where(eq(approvals.id, id));
}

/** Pending requests of `actions` that `adminId` did not ask for. */
export async function countPending(
  db: DbOrTx,
  adminId: string,
  actions: readonly ApprovalAction[],
): Promise<number> {
  if (actions.length === 0) return 0;
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(approvals)
    .where(
      and(
        eq(approvals.status, 'pending'),
        inArray(approvals.action, [...actions]),
        sql`${approvals.requestedBy} is distinct from ${adminId}::uuid`,
      ),
    );
  return row?.pending ?? 0;
}

/** The saved policy, or undefined while none was saved. */
export async function readPolicy(db: DbOrTx): Promise<ApprovalPolicy | undefined> {
  const [row] = await db.select({ policy: approvalPolicies.policy }).from(approvalPolicies);
  return row?.policy;
}

/** Locks the policy's row (made when missing), so two saves of the policy take turns. */
export async function lockPolicy(tx: DbOrTx, defaults: ApprovalPolicy): Promise<ApprovalPolicy> {
  await tx.insert(approvalPolicies).values({ policy: defaults }).onConflictDoNothing();
  const [row] = await tx
    .select({ policy: approvalPolicies.policy })
    .from(approvalPolicies)
    .for('update');
  return row?.policy ?? defaults;
}

export async function writePolicy(
  tx: DbOrTx,
  policy: ApprovalPolicy,
  updatedBy: string,
): Promise<void> {
  await tx
    .update(approvalPolicies)
    .set({ policy, updatedBy, updatedAt: sql`now()` })
    .where(eq(approvalPolicies.id, 1));
}

/** The active admins in `roles` but `except`: who could approve (and whom to mail). */
export async function activeApprovers(
  db: DbOrTx,
  roles: readonly AdminRole[],
  except?: string,
): Promise<{ id: string; email: string; fullName: string }[]> {
  return db
    .select({ id: admins.id, email: admins.email, fullName: admins.fullName })
    .from(admins)
    .where(
      and(
        eq(admins.isActive, true),
        inArray(admins.role, [...roles]),
        except === undefined ? sql`true` : ne(admins.id, except),
      ),
    );
}
