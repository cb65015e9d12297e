import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AdminRole } from '@cask/contracts/admins';
import { SENT_FOR_APPROVAL } from '@cask/contracts/approval-request';
import { type Approval, type ApprovalAction, type ApprovalPolicy } from '@cask/contracts/approvals';
import type { AuditEntity } from '@cask/contracts/audit';
import type { AppDeps } from '../../app-deps.ts';
import type { Actor } from '../../db/audit.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { createApprovalsService, type ApprovalsService } from './approvals.service.ts';

/**
 * Issue 45, decision 421: the one mechanism by which an action waits for a second admin. Each
 * approvable action is declared once, beside its own service, as an `ApprovableAction`; its route
 * hands it to `app.approvals.runOrRequest`, which runs it at once or records the request, and the
 * approvals module finds it again by its `action` to run it on approval, the same `run`.
 */

/** The approval an action runs under: its audit rows name it and the approver (approvalLink). */
export interface ApprovalOfRun {
  id: string;
  approvedById: string;
  approvedByName: string;
}

/** Who an action runs as: the admin who asked it; on approval, with the approval it runs under. */
export type ApprovedActor = Actor & { approval?: ApprovalOfRun };

/**
 * What an action's audit rows add to their `after` (issue 45): the approval it ran under and who
 * approved it, so the record's History reads 'Approved by ...'; nothing when it ran at once.
 */
export function approvalLink(actor: ApprovedActor): Record<string, string> {
  return actor.approval
    ? {
        approvalId: actor.approval.id,
        approvedById: actor.approval.approvedById,
        approvedBy: actor.approval.approvedByName,
      }
    : {};
}

/** What a request shows of its record when it is asked, and the version it was asked at. */
export interface ApprovalDescription {
  /** The record's version: the request is Outdated when it has moved by the approval. */
  version: string;
  /** The record as the Record column names it. */
  record: string;
  summary: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface ApprovableAction<Body, Result> {
  action: ApprovalAction;
  /** The audit entity of the record the action changes (its History shows the request). */
  entity: AuditEntity;
  /** Who may approve it (never its own asker); the policy needs two active ones to turn it on. */
  approvers: readonly AdminRole[];
  /** The body as the route parsed it; the stored request is parsed with it again to be run. */
  body: z.ZodType<Body>;
  /**
   * Whether the policy sends this body for this record for approval (`db` to read the record).
   * The policy is read when asked for, so a save the policy cannot concern costs no statement
   * (an order's save keeps its round trips, decision 389).
   */
  needsApproval(
    policy: () => Promise<ApprovalPolicy>,
    body: Body,
    record: { db: DbOrTx; id: string | null },
  ): boolean | Promise<boolean>;
  /**
   * Locks the record (NotFoundError when it is not there) and describes the change: called when
   * it is asked, and again on approval for the version to compare.
   */
  describe(tx: Tx, recordId: string | null, body: Body): Promise<ApprovalDescription>;
  /**
   * Does it, with its audit rows (approvalLink in their `after`): the route's own path too, on the
   * database (it opens its own transaction when it needs one) or, on approval, in the approval's
   * transaction.
   */
  run(db: DbOrTx, recordId: string | null, body: Body, actor: ApprovedActor): Promise<Result>;
  /** What waits for the commit (an invite's mail, decision 134), with `run`'s result. */
  afterCommit?(result: Result): Promise<void>;
}

/** What `runOrRequest` did: ran the action (its result), or recorded the request. */
export type RunOrRequest<Result> = { result: Result } | { approval: Approval };

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one approvals service (issue 45): its actions, added by their own routes. */
    approvals: ApprovalsService;
  }
}

/**
 * Decorates the app with its approvals service before the modules are registered (as
 * `listExports`, decision 374): each module's routes add their approvable actions to it.
 */
export function decorateApprovals(app: FastifyInstance, deps: AppDeps): void {
  app.decorate('approvals', createApprovalsService(deps, app.log));
  app.addHook('onResponse', (_request, _reply, done) => {
    app.approvals.jobs.release();
    done();
  });
  app.addHook('onClose', () => app.approvals.jobs.drain());
}

/** The 202 of an action sent for approval (issue 45). */
export function sentForApproval(approval: Approval) {
  return { success: true as const, message: SENT_FOR_APPROVAL, data: { approval } };
}
