import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminAccountResponse,
  adminListDefinition,
  withdrawInviteResponse,
  type AdminRole,
} from '@cask/contracts/admins';
import { securityMessageResponse } from '@cask/contracts/security';
import { api } from '@/lib/api-client.ts';
import { listKey } from '@/lib/list-query.ts';

/** Every admins query starts with this key, so an invite or a change reaches them all. */
const adminsKey = listKey(adminListDefinition);

/** The Owner's changes to one row of the Admins screen (issue 28), one call each. */
export type AdminChange =
  | { kind: 'role'; id: string; role: AdminRole }
  | { kind: 'disable' | 'enable' | 'resend' | 'withdraw' | 'reset-two-factor'; id: string };

export async function changeAdmin(change: AdminChange): Promise<void> {
  switch (change.kind) {
    case 'role':
      adminAccountResponse.parse(
        await api.put<unknown>(`/admins/${change.id}/role`, { role: change.role }),
      );
      return;
    case 'disable':
    case 'enable':
      adminAccountResponse.parse(await api.post<unknown>(`/admins/${change.id}/${change.kind}`));
      return;
    case 'resend':
      adminAccountResponse.parse(await api.post<unknown>(`/admins/invites/${change.id}/resend`));
      return;
    case 'withdraw':
      withdrawInviteResponse.parse(await api.delete<unknown>(`/admins/invites/${change.id}`));
      return;
    case 'reset-two-factor':
      securityMessageResponse.parse(await api.delete<unknown>(`/admins/${change.id}/two-factor`));
      return;
  }
}

export function useChangeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsKey }),
  });
}
