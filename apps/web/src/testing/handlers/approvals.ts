import { http } from 'msw';
import { APPROVAL_REASON_REQUIRED, SENT_FOR_APPROVAL } from '@cask/contracts/approval-request';
import {
  APPROVAL_NOT_PENDING,
  APPROVAL_NOT_YOURS,
  APPROVAL_NOTE_REQUIRED,
  APPROVAL_OWN_REQUEST,
  APPROVAL_POLICY_SAVED,
  APPROVED,
  REJECTED,
  WITHDRAWN,
  approvalPolicy,
  type Approval,
  type ApprovalListResponse,
  type ApprovalPolicyResponse,
  type ApprovalResponse,
  type PendingApprovalsResponse,
  type SentForApprovalResponse,
} from '@cask/contracts/approvals';
import { testUuid } from '../factories.ts';
import { apiError, bodyOf, json, notFound, page, queryOf } from '../respond.ts';
import { db } from '../store.ts';
import { proofMissing } from './auth.ts';

const REQUEST_NOT_FOUND = 'Approval request not found';

/**
 * Issue 45: an action the store's policy sends for approval (docs/screens/approvals.md#asking),
 * for the handlers of the approvable actions: 400 without a reason, else the request is stored
 * and answered 202, and nothing else changes.
 */
export function sendForApproval(
  reason: string | undefined,
  request: Pick<Approval, 'action' | 'recordId' | 'record' | 'summary' | 'before' | 'after'>,
) {
  if (!reason?.trim()) {
    return apiError(400, APPROVAL_REASON_REQUIRED, {
      errors: [{ field: 'reason', message: APPROVAL_REASON_REQUIRED }],
    });
  }
  const { profile } = db();
  const now = new Date();
  const approval: Approval = {
    id: testUuid(),
    status: 'pending',
    reason: reason.trim(),
    requestedBy: { id: profile.id, fullName: profile.fullName },
    requestedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    decidedBy: null,
    decidedAt: null,
    note: null,
    ...request,
  };
  db().approvals.unshift(approval);
  return json(202, {
    success: true,
    message: SENT_FOR_APPROVAL,
    data: { approval },
  } satisfies SentForApprovalResponse);
}

/** The request named by the path, pending and decidable by the signed-in admin; or the refusal. */
function decidable(id: string, byAsker: boolean) {
  const approval = db().approvals.find((row) => row.id === id);
  if (!approval) return { refusal: notFound(REQUEST_NOT_FOUND) };
  const own = approval.requestedBy?.id === db().profile.id;
  if (byAsker && !own) return { refusal: apiError(403, APPROVAL_NOT_YOURS) };
  if (!byAsker && own) return { refusal: apiError(403, APPROVAL_OWN_REQUEST) };
  if (approval.status !== 'pending') return { refusal: apiError(409, APPROVAL_NOT_PENDING) };
  return { approval };
}

function decide(approval: Approval, status: Approval['status'], note: string | null = null) {
  const { profile } = db();
  approval.status = status;
  approval.decidedBy = { id: profile.id, fullName: profile.fullName };
  approval.decidedAt = new Date().toISOString();
  approval.note = note;
}

const answer = (approval: Approval, message: string) =>
  json(200, { success: true, message, data: { approval } } satisfies ApprovalResponse);

/** Approving a manual adjustment runs it on the store's customer, as the API runs the action. */
function run(approval: Approval) {
  if (approval.action !== 'manualPoints') return;
  const customer = db().customers.find((row) => row.id === approval.recordId);
  if (customer) customer.referralPoints += Number(approval.after.points ?? 0);
}

/** modules/approvals as the screens call it, from the store's `approvals` and `approvalPolicy`. */
export const approvalsHandlers = [
  http.get('/api/approvals', ({ request }) => {
    const query = queryOf(request);
    const kept = db().approvals.filter(
      (row) =>
        (!query.status || row.status === query.status) &&
        (!query.action || row.action === query.action),
    );
    const { rows, pagination } = page(kept, query, 20);
    return json(200, {
      success: true,
      data: { approvals: rows, pagination },
    } satisfies ApprovalListResponse);
  }),
  http.get('/api/approvals/pending-count', () => {
    const { approvals, profile, seed } = db();
    const pending =
      seed.pendingApprovals ??
      approvals.filter((row) => row.status === 'pending' && row.requestedBy?.id !== profile.id)
        .length;
    return json(200, { success: true, data: { pending } } satisfies PendingApprovalsResponse);
  }),
  http.get('/api/approvals/:id', ({ params }) => {
    const approval = db().approvals.find((row) => row.id === params.id);
    if (!approval) return notFound(REQUEST_NOT_FOUND);
    return json(200, { success: true, data: { approval } } satisfies ApprovalResponse);
  }),
  http.post('/api/approvals/:id/approve', ({ params }) => {
    const stale = proofMissing();
    if (stale) return stale;
    const { approval, refusal } = decidable(params.id as string, false);
    if (refusal) return refusal;
    run(approval);
    decide(approval, 'approved');
    return answer(approval, APPROVED);
  }),
  http.post('/api/approvals/:id/reject', async ({ params, request }) => {
    const note = (await bodyOf<{ note?: string }>(request)).note?.trim() ?? '';
    if (!note) {
      return apiError(400, APPROVAL_NOTE_REQUIRED, {
        errors: [{ field: 'note', message: APPROVAL_NOTE_REQUIRED }],
      });
    }
    const { approval, refusal } = decidable(params.id as string, false);
    if (refusal) return refusal;
    decide(approval, 'rejected', note);
    return answer(approval, REJECTED);
  }),
  http.post('/api/approvals/:id/withdraw', ({ params }) => {
    const { approval, refusal } = decidable(params.id as string, true);
    if (refusal) return refusal;
    decide(approval, 'withdrawn');
    return answer(approval, WITHDRAWN);
  }),
  http.get('/api/settings/approvals', () => {
    if (db().profile.role !== 'owner') return apiError(403, 'Forbidden');
    return json(200, {
      success: true,
      data: { policy: db().approvalPolicy },
    } satisfies ApprovalPolicyResponse);
  }),
  // As the API: while any action is on, a change of the policy is sent for approval.
  http.put('/api/settings/approvals', async ({ request }) => {
    if (db().profile.role !== 'owner') return apiError(403, 'Forbidden');
    const stale = proofMissing();
    if (stale) return stale;
    const { reason, ...body } = await bodyOf<{ reason?: string }>(request);
    const policy = approvalPolicy.parse(body);
    const before = db().approvalPolicy;
    if (Object.values(before).some((action) => action.on)) {
      return sendForApproval(reason, {
        action: 'policyChange',
        recordId: null,
        record: 'Approvals policy',
        summary: 'Approvals policy changed',
        before,
        after: policy,
      });
    }
    db().approvalPolicy = policy;
    return json(200, {
      success: true,
      message: APPROVAL_POLICY_SAVED,
      data: { policy },
    } satisfies ApprovalPolicyResponse);
  }),
];
