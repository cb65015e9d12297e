import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminAccountResponse,
  adminListDefinition,
  type AdminAccount,
  type InviteAdminBody,
} from '@cask/contracts/admins';
import { api } from '@/lib/api-client.ts';
import { approvalOutcome, type ApprovalOutcome } from '@/lib/approval-outcome.ts';
import { invalidateApprovals } from '@/lib/approval-queries.ts';
import { listKey } from '@/lib/list-query.ts';

/** Every admins query starts with this key, so an invite or a change reaches them all. */
const adminsKey = listKey(adminListDefinition);

/**
 * `POST /admins/invites`: the invitee gets a mail with a link valid 72 hours. Issue 45: an
 * Owner's invite, while the Approvals policy says so, waits for another Owner (202).
 */
export async function inviteAdmin(body: InviteAdminBody): Promise<ApprovalOutcome<AdminAccount>> {
  const envelope = await api.post<unknown>('/admins/invites', body);
  return approvalOutcome(envelope, (answer) => adminAccountResponse.parse(answer).data.admin);
}

export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAdmin,
    onSuccess: (outcome) =>
      'sent' in outcome
        ? invalidateApprovals(queryClient)
        : queryClient.invalidateQueries({ queryKey: adminsKey }),
  });
}
