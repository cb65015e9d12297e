import type { FastifyBaseLogger } from 'fastify';
import type { AdminRole } from '@cask/contracts/admins';
import { APPROVAL_REASON_REQUIRED } from '@cask/contracts/approval-request';
import {
  APPROVAL_DECIDERS,
  APPROVAL_NOT_FOUND,
  APPROVAL_NOT_PENDING,
  APPROVAL_NOT_YOURS,
  APPROVAL_OUTDATED,
  APPROVAL_OWN_REQUEST,
  APPROVAL_ROLE_REFUSED,
  DEFAULT_APPROVAL_POLICY,
  type Approval,
  type ApprovalAction,
  type ApprovalListParams,
  type ApprovalPolicy,
  type PolicyAction,
} from '@cask/contracts/approvals';
import type { AuditEntity } from '@cask/contracts/audit';
import type { AppDeps } from '../../app-deps.ts';
import { writeAudit, type Actor } from '../../db/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createBackgroundJobs } from '../../lib/background-jobs.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  RecordMovedError,
} from '../../lib/errors.ts';
import { publicBaseUrl } from '../../lib/public-url.ts';
import type { ApprovableAction, RunOrRequest } from './approvable.ts';
import { approvalRequestMail } from './approval-mail.ts';
import * as repo from './approvals.repository.ts';

/** The admin deciding: the signed-in admin with their name and role (plugins/authenticate.ts). */
export type Decider = Actor & { fullName: string; role: AdminRole };

// An action's body and result are its own; the registry holds them all under one type.
type AnyApprovable = ApprovableAction<never, unknown>;

export type ApprovalsService = ReturnType<typeof createApprovalsService>;

/**
 * Issue 45 (docs/screens/approvals.md, decisions 421 and 422): the requests, their decisions and
 * the policy. Each decision locks the request's row first, so of two admins deciding at once the
 * second reads the first's decision and gets 409; approving runs the action in the same
 * transaction, as its asker's change, unless its record's version has moved (Outdated).
 */
export function createApprovalsService(deps: AppDeps, log: FastifyBaseLogger) {
  const { db } = deps.database;
  const readList = repo.createApprovalList(deps.database);
  const actions = new Map<ApprovalAction, AnyApprovable>();
  // Mail leaves after the answer, and a clean stop waits for it (decision 134).
  const jobs = createBackgroundJobs(log);

  const policyOf = async () => (await repo.readPolicy(db)) ?? DEFAULT_APPROVAL_POLICY;

  function actionOf(action: ApprovalAction): AnyApprovable {
    const spec = actions.get(action);
    if (!spec) throw new Error(`No approvable action ${action} is registered`);
    return spec;
  }

  /** Mails each admin who could approve the request (not its asker), after the answer. */
  function mailApprovers(approval: Approval, spec: AnyApprovable) {
    jobs.defer('approval request mail', async () => {
      const to = await repo.activeApprovers(db, spec.approvers, approval.requestedBy?.id);
      const link = `${publicBaseUrl(deps.config)}/approvals/${approval.id}`;
      for (const admin of to) {
        await deps.mailer.send(
          approvalRequestMail({ to: admin.email, approval, link, from: deps.config.MAIL_FROM }),
        );
      }
    });
  }

  async function read(id: string): Promise<Approval> {
    await repo.expireOverdue(db);
    const approval = await repo.readApproval(db, id);
    if (!approval) throw new NotFoundError(APPROVAL_NOT_FOUND);
    return approval;
  }

  return {
    jobs,
    policy: policyOf,

    /** Adds an approvable action (each module's routes, for their own actions). */
    add<Body, Result>(spec: ApprovableAction<Body, Result>): void {
      actions.set(spec.action, spec as unknown as AnyApprovable);
    },

    /**
     * An approvable action asked for (issue 45): run at once when the policy does not send it for
     * approval; otherwise recorded, with its reason (required then), audited and mailed to the
     * admins who could approve it, and answered as the request.
     */
    async runOrRequest<Body, Result>(
      spec: ApprovableAction<Body, Result>,
      request: { recordId: string | null; body: Body; reason: string | undefined },
      actor: Actor,
    ): Promise<RunOrRequest<Result>> {
      const { recordId, body } = request;
      if (!(await spec.needsApproval(policyOf, body, { db, id: recordId }))) {
        const result = await spec.run(db, recordId, body, actor);
        await spec.afterCommit?.(result);
        return { result };
      }
      const reason = request.reason?.trim();
      if (!reason) {
        throw new BadRequestError(APPROVAL_REASON_REQUIRED, [
          { field: 'reason', message: APPROVAL_REASON_REQUIRED },
        ]);
      }
      const id = await db.transaction(async (tx) => {
        const description = await spec.describe(tx, recordId, body);
        const id = await repo.insertApproval(tx, {
          action: spec.action,
          entity: spec.entity,
          recordId,
          body,
          recordVersion: description.version,
          recordLabel: description.record,
          summary: description.summary,
          before: description.before,
          after: description.after,
          reason,
          requestedBy: actor.adminId,
          requestedIp: actor.ip,
        });
        await auditApproval(
          tx,
          'approval.requested',
          { id, entity: spec.entity },
          {
            recordId,
            actor,
            after: {
              action: spec.action,
              reason,
              summary: description.summary,
              change: { before: description.before, after: description.after },
            },
          },
        );
        return id;
      });
      const approval = await read(id);
      mailApprovers(approval, spec as unknown as AnyApprovable);
      return { approval };
    },

    list: async (query: ApprovalListParams) => {
      await repo.expireOverdue(db);
      const answer = await readList(query);
      return { approvals: answer.items, pagination: answer.pagination };
    },

    read,

    /** The badge: the pending requests `admin` could decide (not their own). */
    async pendingCount(admin: { id: string; role: AdminRole }): Promise<number> {
      await repo.expireOverdue(db);
      const decidable = [...actions.values()]
        .filter((spec) => spec.approvers.includes(admin.role))
        .map((spec) => spec.action);
      return repo.countPending(db, admin.id, decidable);
    },

    ...createDecisions(db, actionOf, read),
  };
}

/**
 * The request's row locked for a decision: 404 when unknown; an overdue one is expired here.
 * Answers the row, or the refusal to throw once the transaction has committed the expiry.
 */
async function lockPending(tx: Tx, id: string) {
  const row = await repo.lockApproval(tx, id);
  if (!row) throw new NotFoundError(APPROVAL_NOT_FOUND);
  if (row.status === 'pending' && row.overdue) {
    // Expired here as a read expires it, with its audit entry (decision 434).
    await repo.expireOverdue(tx, id);
    return { refusal: new ConflictError(APPROVAL_NOT_PENDING) } as const;
  }
  if (row.status !== 'pending') return { refusal: new ConflictError(APPROVAL_NOT_PENDING) };
  return { row };
}

/**
 * Whether `describe`, called on approval, found the record gone or moved (decision 433): its
 * NotFoundError, a stale If-Match the request carries (412), or what the asker saw moved
 * (RecordMovedError, an import's preview). The request is then Outdated, not refused.
 */
const recordMoved = (error: unknown) =>
  error instanceof NotFoundError ||
  error instanceof PreconditionFailedError ||
  error instanceof RecordMovedError;

/** Who may decide: never the asker (any session of theirs), and only the action's roles. */
function assertMayDecide(
  row: { requestedBy: string | null },
  spec: AnyApprovable,
  decider: Decider,
) {
  if (row.requestedBy === decider.adminId) throw new ForbiddenError(APPROVAL_OWN_REQUEST);
  if (!spec.approvers.includes(decider.role)) throw new ForbiddenError(APPROVAL_ROLE_REFUSED);
}

async function auditApproval(
  tx: Tx,
  action: 'approval.requested' | 'approval.approved' | 'approval.rejected',
  row: { id: string; entity: AuditEntity },
  facts: { recordId: string | null; actor: Actor; after: Record<string, unknown> },
) {
  await writeAudit(tx, {
    adminId: facts.actor.adminId,
    action,
    entity: row.entity,
    entityId: facts.recordId,
    after: { approvalId: row.id, ...facts.after },
    ip: facts.actor.ip,
  });
}

/**
 * The decisions on a request: approve, reject, withdraw. Each locks the request's row first
 * (lockPending), so of two admins deciding at once the second reads the first's decision (409).
 */
function createDecisions(
  db: Db,
  actionOf: (action: ApprovalAction) => AnyApprovable,
  read: (id: string) => Promise<Approval>,
) {
  return {
    /**
     * Approve (step-up on the route): the action runs exactly as asked, as its asker's change
     * approved by `decider`, in this transaction; Outdated (409 after the commit) when its
     * record's version moved since it was asked.
     */
    async approve(id: string, decider: Decider): Promise<Approval> {
      let done: (() => Promise<void>) | undefined;
      const refusal = await db.transaction(async (tx) => {
        const locked = await lockPending(tx, id);
        if (locked.refusal) return locked.refusal;
        const { row } = locked;
        const spec = actionOf(row.action);
        assertMayDecide(row, spec, decider);
        const body = spec.body.parse(row.body);
        const now = await spec.describe(tx, row.recordId, body).catch((error: unknown) => {
          if (recordMoved(error)) return undefined;
          throw error;
        });
        if (now?.version !== row.recordVersion) {
          await repo.decideApproval(tx, id, { status: 'outdated', decidedBy: decider.adminId });
          await writeAudit(tx, {
            adminId: decider.adminId,
            action: 'approval.outdated',
            entity: row.entity,
            entityId: row.recordId,
            after: { approvalId: id, action: row.action },
            ip: decider.ip,
          });
          return new ConflictError(APPROVAL_OUTDATED);
        }
        const asker = { adminId: row.requestedBy ?? decider.adminId, ip: row.requestedIp ?? '' };
        const result = await spec.run(tx, row.recordId, body, {
          ...asker,
          approval: { id, approvedById: decider.adminId, approvedByName: decider.fullName },
        });
        done = spec.afterCommit && (() => spec.afterCommit?.(result) ?? Promise.resolve());
        await repo.decideApproval(tx, id, { status: 'approved', decidedBy: decider.adminId });
        await auditApproval(tx, 'approval.approved', row, {
          recordId: row.recordId,
          actor: decider,
          after: { action: row.action, requestedById: row.requestedBy },
        });
        return undefined;
      });
      if (refusal) throw refusal;
      await done?.();
      return read(id);
    },

    /** Reject with a note (required): nothing runs. */
    async reject(id: string, note: string, decider: Decider): Promise<Approval> {
      const refusal = await db.transaction(async (tx) => {
        const locked = await lockPending(tx, id);
        if (locked.refusal) return locked.refusal;
        const { row } = locked;
        assertMayDecide(row, actionOf(row.action), decider);
        await repo.decideApproval(tx, id, { status: 'rejected', decidedBy: decider.adminId, note });
        await auditApproval(tx, 'approval.rejected', row, {
          recordId: row.recordId,
          actor: decider,
          after: { action: row.action, note },
        });
        return undefined;
      });
      if (refusal) throw refusal;
      return read(id);
    },

    /** The asker takes their pending request back. */
    async withdraw(id: string, actor: Actor): Promise<Approval> {
      const refusal = await db.transaction(async (tx) => {
        const locked = await lockPending(tx, id);
        if (locked.refusal) return locked.refusal;
        const { row } = locked;
        if (row.requestedBy !== actor.adminId) throw new ForbiddenError(APPROVAL_NOT_YOURS);
        await repo.decideApproval(tx, id, { status: 'withdrawn', decidedBy: actor.adminId });
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'approval.withdrawn',
          entity: row.entity,
          entityId: row.recordId,
          after: { approvalId: id, action: row.action },
          ip: actor.ip,
        });
        return undefined;
      });
      if (refusal) throw refusal;
      return read(id);
    },
  };
}

/** The policy's actions that are on. */
export function actionsOn(policy: ApprovalPolicy): PolicyAction[] {
  return (Object.keys(policy) as PolicyAction[]).filter((key) => policy[key].on);
}

/** Who may approve each action (never its asker), as the contract says. */
export const APPROVERS = APPROVAL_DECIDERS;
