import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  UserDeletedChanges,
  UserDeletedChangesResponse,
  UpdateUserBody,
  User,
} from '@cask/contracts/users';
import type { CustomerDetailsBody } from '@cask/contracts/customer-details';
import { ifMatchHeaders } from '@cask/contracts/plain';
import { api, errorMessage, parsed } from './api-client.ts';
import { lazyUndoToast } from './lazy-toast.ts';
import { invalidateCustomerData } from './customer-queries.ts';

/*
 * The users' contracts are imported beside each request (`parsed`): the Dashboard and User
 * Management draw without them (docs/decisions/450).
 */

/**
 * The original only logged these failures; decision 045 words them (docs/screens/users.md#texts).
 */
export const UPDATE_FAILURE = 'Failed to update user';
export const DELETE_FAILURE = 'Failed to delete user';

/**
 * `PUT /users/{id}` (docs/screens/users.md#api-calls): isActive is true when the admin chose
 * Active. It names the version the dialog started from: a customer changed meanwhile answers 412
 * (decision 208).
 */
export async function updateUser(input: {
  id: string;
  body: UpdateUserBody;
  version: string;
}): Promise<User> {
  const request = api.put<unknown>(`/users/${encodeURIComponent(input.id)}`, input.body, {
    headers: ifMatchHeaders(input.version),
  });
  return (
    await parsed(request, async () => (await import('@cask/contracts/users')).updateUserResponse)
  ).data.user;
}

/**
 * `PUT /users/{id}/details` (issue 41): the customer page's 'Edit details' (name, e-mail, phone),
 * naming the version the dialog started from (412 when changed meanwhile, decision 208).
 */
export async function updateCustomerDetails(input: {
  id: string;
  body: CustomerDetailsBody;
  version: string;
}): Promise<User> {
  const url = `/users/${encodeURIComponent(input.id)}/details`;
  const request = api.put<unknown>(url, input.body, { headers: ifMatchHeaders(input.version) });
  return (
    await parsed(request, async () => (await import('@cask/contracts/users')).updateUserResponse)
  ).data.user;
}

export function useUpdateCustomerDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerDetails,
    onSuccess: () => invalidateCustomerData(queryClient),
  });
}

/** `GET /users/{id}`: the customer as they are now, for a dialog that reloads them. */
export async function fetchUser(id: string): Promise<User> {
  const request = api.get<unknown>(`/users/${encodeURIComponent(id)}`);
  return (await parsed(request, async () => (await import('@cask/contracts/users')).userResponse))
    .data.user;
}

/**
 * `DELETE /users/{id}` (docs/screens/users.md#api-calls): the customer is hidden; casks, orders and
 * points are kept. The dashboard sends it too, where the spec records that its confirm sent nothing
 * (decision 044).
 */
export async function deleteUser(id: string): Promise<string> {
  const request = api.delete<unknown>(`/users/${encodeURIComponent(id)}`);
  return (
    await parsed(request, async () => (await import('@cask/contracts/users')).deleteUserResponse)
  ).data.id;
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

export const RESTORE_FAILURE = 'Failed to restore the users.';

/**
 * `POST /users/bulk/deleted` (issue 31): User Management's bulk 'Delete' (`deleted: true`) and the
 * undo of any customer's delete (`deleted: false`), all or none.
 */
export async function setUsersDeleted(
  body: UserDeletedChanges,
): Promise<UserDeletedChangesResponse['data']> {
  // postBulk's request, with the contract loaded beside it.
  const request = api.post<unknown>('/users/bulk/deleted', body);
  return (
    await parsed(
      request,
      async () => (await import('@cask/contracts/users')).userDeletedChangesResponse,
    )
  ).data;
}

export function useSetUsersDeleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUsersDeleted,
    onSettled: () => invalidateCustomerData(queryClient),
  });
}

/** After a customer's delete: 'Undo' for 10 seconds brings them back as they were (issue 31). */
export function offerUserUndo(
  user: Pick<User, 'id' | 'fullName'>,
  restore: ReturnType<typeof useSetUsersDeleted>,
) {
  lazyUndoToast(
    `${user.fullName} deleted.`,
    () => restore.mutateAsync({ changes: [{ id: user.id, deleted: false }] }),
    {
      done: `Undone: ${user.fullName} is back.`,
      failed: (error) => errorMessage(error, RESTORE_FAILURE),
    },
  );
}
