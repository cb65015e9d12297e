import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserResponse, type UpdateUserBody, type User } from '@cask/contracts/users';
import { api } from '@/lib/api-client.ts';
import { invalidateCustomerData } from '@/lib/customer-queries.ts';

/** `PUT /users/{id}` (spec 000 §7): isActive is true when the admin chose Active. */
export async function updateUser(input: { id: string; body: UpdateUserBody }): Promise<User> {
  const envelope = await api.put<unknown>(`/users/${encodeURIComponent(input.id)}`, input.body);
  return updateUserResponse.parse(envelope).data.user;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => invalidateCustomerData(queryClient),
  });
}
