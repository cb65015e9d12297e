import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteUserResponse,
  updateUserResponse,
  userResponse,
  type UpdateUserBody,
  type User,
} from '@cask/contracts/users';
import { ifMatchHeaders } from '@cask/contracts/common';
import { api } from './api-client.ts';
import { invalidateCustomerData } from './customer-queries.ts';

/** Spec 000 §8 leaves these failures unworded (they were only logged): decision 045. */
export const UPDATE_FAILURE = 'Failed to update user';
export const DELETE_FAILURE = 'Failed to delete user';

/**
 * `PUT /users/{id}` (spec 000 §7): isActive is true when the admin chose Active. It names the
 * version the dialog started from: a customer changed meanwhile answers 412 (decision 208).
 */
export async function updateUser(input: {
  id: string;
  body: UpdateUserBody;
  version: string;
}): Promise<User> {
  const envelope = await api.put<unknown>(`/users/${encodeURIComponent(input.id)}`, input.body, {
    headers: ifMatchHeaders(input.version),
  });
  return updateUserResponse.parse(envelope).data.user;
}

/** `GET /users/{id}`: the customer as they are now, for a dialog that reloads them. */
export async function fetchUser(id: string): Promise<User> {
  const envelope = await api.get<unknown>(`/users/${encodeURIComponent(id)}`);
  return userResponse.parse(envelope).data.user;
}

/**
 * `DELETE /users/{id}` (spec 000 §7): the customer is hidden; casks, orders and points are kept.
 * The dashboard sends it too, where the spec records that its confirm sent nothing (decision 044).
 */
export async function deleteUser(id: string): Promise<string> {
  const envelope = await api.delete<unknown>(`/users/${encodeURIComponent(id)}`);
  return deleteUserResponse.parse(envelope).data.id;
}

/** Both refetch every customer list, the dashboard's cards and the Reward List. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => invalidateCustomerData(queryClient),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => invalidateCustomerData(queryClient),
  });
}
