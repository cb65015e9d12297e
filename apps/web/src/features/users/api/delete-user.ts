import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUserResponse } from '@cask/contracts/users';
import { api } from '@/lib/api-client.ts';
import { invalidateCustomerData } from '@/lib/customer-queries.ts';

/** `DELETE /users/{id}` (spec 000 §7): the customer is hidden; casks, orders and points are kept. */
export async function deleteUser(id: string): Promise<string> {
  const envelope = await api.delete<unknown>(`/users/${encodeURIComponent(id)}`);
  return deleteUserResponse.parse(envelope).data.id;
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // The Total, the dashboard's cards and the Reward List all lose this customer.
    onSuccess: () => invalidateCustomerData(queryClient),
  });
}
