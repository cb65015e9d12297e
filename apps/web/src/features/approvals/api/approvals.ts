import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalPolicy, ApprovalPolicyBody } from '@cask/contracts/approvals';
import { ApiError, api, parsed } from '@/lib/api-client.ts';
import { approvalOutcome } from '@/lib/approval-outcome.ts';
import { approvalsKey, invalidateApprovals } from '@/lib/approval-queries.ts';

/**
 * Issue 45 (docs/screens/approvals.md#api-calls): a request, its decisions and the policy. Every
 * query is under the list's key, so a decision reads the list, the dialog and the badge again.
 * Each answer is parsed by its contract, loaded beside the request (docs/decisions/450).
 */

/** `GET /approvals/{id}`. */
export const approvalQuery = (id: string) =>
  queryOptions({
    queryKey: [...approvalsKey, 'one', id],
    queryFn: async () =>
      (
        await parsed(
          api.get<unknown>(`/approvals/${id}`),
          async () => (await import('@cask/contracts/approvals')).approvalResponse,
        )
      ).data.approval,
  });

export const useApproval = (id: string | undefined) =>
  useQuery({ ...approvalQuery(id ?? ''), enabled: id !== undefined });

export type Decision =
  { kind: 'approve' } | { kind: 'reject'; note: string } | { kind: 'withdraw' };

/**
 * `POST /approvals/{id}/approve` (step-up: the API client asks for the password and sends it
 * again), `/reject` with its note, `/withdraw`. Answers the server's message ('Approved'...).
 * Approving runs the action, so every screen's data is read again; a refusal (409: decided by
 * another admin, or Outdated) reads the requests again too, as they have moved.
 */
export function useDecide(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: Decision) => {
      const body = decision.kind === 'reject' ? { note: decision.note } : undefined;
      const envelope = await parsed(
        api.post<unknown>(`/approvals/${id}/${decision.kind}`, body),
        async () => (await import('@cask/contracts/approvals')).approvalResponse,
      );
      return envelope.message ?? '';
    },
    onSuccess: (_message, decision) =>
      decision.kind === 'approve'
        ? queryClient.invalidateQueries()
        : invalidateApprovals(queryClient),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void invalidateApprovals(queryClient);
    },
  });
}

/** `GET /settings/approvals` (Owner only). */
export const approvalPolicyQuery = () =>
  queryOptions({
    queryKey: [...approvalsKey, 'policy'],
    queryFn: async () =>
      (
        await parsed(
          api.get<unknown>('/settings/approvals'),
          async () => (await import('@cask/contracts/approvals')).approvalPolicyResponse,
        )
      ).data.policy,
  });

export const useApprovalPolicy = () => useQuery(approvalPolicyQuery());

/**
 * `PUT /settings/approvals` (Owner, step-up): the policy saved (its message), or, while an action
 * is on and another Owner could approve it, sent for approval (202).
 */
export function useSaveApprovalPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApprovalPolicyBody) => {
      const [envelope, approvalPolicyResponse] = await Promise.all([
        api.put<unknown>('/settings/approvals', body),
        (async () => (await import('@cask/contracts/approvals')).approvalPolicyResponse)(),
      ]);
      return approvalOutcome(envelope, (answer) => {
        const saved = approvalPolicyResponse.parse(answer);
        return { policy: saved.data.policy satisfies ApprovalPolicy, message: saved.message ?? '' };
      });
    },
    onSuccess: () => invalidateApprovals(queryClient),
  });
}
