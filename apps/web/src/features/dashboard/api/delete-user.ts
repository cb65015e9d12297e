import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUserResponse } from '@cask/contracts/users';
import { api } from '@/lib/api-client.ts';
import { invalidateCustomerData } from '@/lib/customer-queries.ts';

/**
 * `DELETE /users/{id}` (spec 000 §7). Spec 000 §4 records that the dashboard's confirm sent no
 * request; this one does (docs/decisions/044-dashboard-delete-sends-the-request.md).
 */
export async function deleteUser(id: string): Promise<string> {
  const envelope = await api.delete<unknown>(`/users/${encodeURIComponent(id)}`);
  return deleteUserResponse.parse(envelope).data.id;
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // The total of the card and of the table drop by one.
    onSuccess: () => invalidateCustomerData(queryClient),
  });
}
