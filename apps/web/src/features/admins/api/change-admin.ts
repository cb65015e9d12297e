import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminAccountResponse,
  adminListDefinition,
  withdrawInviteResponse,
  type AdminRole,
} from '@cask/contracts/admins';
import { securityMessageResponse } from '@cask/contracts/security';
import { api } from '@/lib/api-client.ts';
import { approvalOutcome } from '@/lib/approval-outcome.ts';
import { invalidateApprovals } from '@/lib/approval-queries.ts';
import { listKey } from '@/lib/list-query.ts';

/** Every admins query starts with this key, so an invite or a change reaches them all. */
const adminsKey = listKey(adminListDefinition);

/** The Owner's changes to one row of the Admins screen (issue 28), one call each. */
export type AdminChange =
  | { kind: 'role'; id: string; role: AdminRole; reason?: string }
  | { kind: 'disable' | 'enable' | 'resend' | 'withdraw' | 'reset-two-factor'; id: string };

/**
 * Resolves `{ sent: true }` when the change was sent for approval instead (issue 45: a promotion
 * to Owner, while the Approvals policy says so, waits for another Owner).
 */
export async function changeAdmin(change: AdminChange): Promise<{ sent: boolean }> {
  switch (change.kind) {
    case 'role': {
      const body = { role: change.role, ...(change.reason ? { reason: change.reason } : {}) };
      const outcome = approvalOutcome(
        await api.put<unknown>(`/admins/${change.id}/role`, body),
        (envelope) => adminAccountResponse.parse(envelope),
      );
      return { sent: 'sent' in outcome };
    }
    case 'disable':
    case 'enable':
      adminAccountResponse.parse(await api.post<unknown>(`/admins/${change.id}/${change.kind}`));
      return { sent: false };
    case 'resend':
      adminAccountResponse.parse(await api.post<unknown>(`/admins/invites/${change.id}/resend`));
      return { sent: false };
    case 'withdraw':
      withdrawInviteResponse.parse(await api.delete<unknown>(`/admins/invites/${change.id}`));
      return { sent: false };
    case 'reset-two-factor':
      securityMessageResponse.parse(await api.delete<unknown>(`/admins/${change.id}/two-factor`));
      return { sent: false };
  }
}

export function useChangeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdmin,
    onSuccess: ({ sent }) =>
      sent
        ? invalidateApprovals(queryClient)
        : queryClient.invalidateQueries({ queryKey: adminsKey }),
  });
}
