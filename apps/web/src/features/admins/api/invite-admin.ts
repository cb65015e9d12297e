import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminAccountResponse,
  adminListDefinition,
  type AdminAccount,
  type InviteAdminBody,
} from '@cask/contracts/admins';
import { api } from '@/lib/api-client.ts';
import { listKey } from '@/lib/list-query.ts';

/** Every admins query starts with this key, so an invite or a change reaches them all. */
const adminsKey = listKey(adminListDefinition);

/** `POST /admins/invites`: the invitee gets a mail with a link valid 72 hours. */
export async function inviteAdmin(body: InviteAdminBody): Promise<AdminAccount> {
  const envelope = await api.post<unknown>('/admins/invites', body);
  return adminAccountResponse.parse(envelope).data.admin;
}

export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsKey }),
  });
}
