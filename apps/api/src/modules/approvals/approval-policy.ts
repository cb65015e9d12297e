import {
  APPROVAL_POLICY_LABELS,
  DEFAULT_APPROVAL_POLICY,
  approvalNeedsSecondApprover,
  approvalPolicy,
  approvalPolicyBody,
  type ApprovalPolicy,
} from '@cask/contracts/approvals';
import type { z } from 'zod';
import { writeAudit } from '../../db/audit.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ConflictError } from '../../lib/errors.ts';
import { approvalLink, type ApprovableAction } from './approvable.ts';
import { APPROVERS, actionsOn } from './approvals.service.ts';
import * as repo from './approvals.repository.ts';

type PolicyBody = z.output<typeof approvalPolicyBody>;

/** The policy as saved, in the contract's key order: its version, compared on approval. */
const versionOf = (policy: ApprovalPolicy) => JSON.stringify(approvalPolicy.parse(policy));

/**
 * The 409 rule of issue 45: an action turned on needs two active admins who may approve it (the
 * asker and another), or nobody could ever approve its requests.
 */
async function assertApprovable(tx: DbOrTx, before: ApprovalPolicy, after: ApprovalPolicy) {
  for (const action of actionsOn(after)) {
    if (before[action].on) continue;
    const approvers = await repo.activeApprovers(tx, APPROVERS[action]);
    if (approvers.length < 2) throw new ConflictError(approvalNeedsSecondApprover(action));
  }
}

/** Each action's line of the summary: 'Manual points: off -> on (above 1000)'. */
function changedLines(before: ApprovalPolicy, after: ApprovalPolicy): string[] {
  return actionsOf(after)
    .filter((action) => JSON.stringify(before[action]) !== JSON.stringify(after[action]))
    .map((action) => `${APPROVAL_POLICY_LABELS[action]}: ${after[action].on ? 'on' : 'off'}`);
}

const actionsOf = (policy: ApprovalPolicy) => Object.keys(policy) as (keyof ApprovalPolicy)[];

/**
 * Settings -> 'Approvals' saved (issue 45): the policy change itself is approved by another Owner
 * while any action is on and another active Owner exists; with none on it is saved at once (the
 * 409 rule guarantees an approver for what it turns on), and so it is with a single Owner, whom
 * nobody else could approve (decision 421).
 */
export const policyChange: ApprovableAction<PolicyBody, ApprovalPolicy> = {
  action: 'policyChange',
  entity: 'security_policy',
  approvers: APPROVERS.policyChange,
  body: approvalPolicyBody,
  async needsApproval(policy, _body, record) {
    if (actionsOn(await policy()).length === 0) return false;
    return (await repo.activeApprovers(record.db, APPROVERS.policyChange)).length >= 2;
  },
  async describe(tx: Tx, _recordId, body) {
    const before = await repo.lockPolicy(tx, DEFAULT_APPROVAL_POLICY);
    const after = approvalPolicy.parse(body);
    await assertApprovable(tx, before, after);
    return {
      version: versionOf(before),
      record: 'Approvals policy',
      summary: changedLines(before, after).join('; ') || 'No change',
      before,
      after,
    };
  },
  run: (db, _recordId, body, actor) =>
    db.transaction(async (tx) => {
      const before = await repo.lockPolicy(tx, DEFAULT_APPROVAL_POLICY);
      const after = approvalPolicy.parse(body);
      await assertApprovable(tx, before, after);
      await repo.writePolicy(tx, after, actor.adminId);
      await writeAudit(tx, {
        adminId: actor.adminId,
        action: 'approvals.policy_changed',
        entity: 'security_policy',
        before,
        after: { ...after, ...approvalLink(actor) },
        ip: actor.ip,
      });
      return after;
    }),
};
