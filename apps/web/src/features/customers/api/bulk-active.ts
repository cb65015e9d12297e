import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserActiveChanges, UserActiveChangesResponse } from '@cask/contracts/users';
import { postBulk } from '@/lib/post-bulk.ts';
import { invalidateCustomerData } from '@/lib/customer-queries.ts';

export const BULK_ACTIVE_FAILURE = 'Failed to update the users.';

/**
 * `POST /users/bulk/active` (issue 31): each chosen customer Active or Inactive, all or none. The
 * answer's `before` values, sent the same way, undo it.
 */
export async function setUsersActive(
  body: UserActiveChanges,
): Promise<UserActiveChangesResponse['data']> {
  return postBulk(
    '/users/bulk/active',
    async () => (await import('@cask/contracts/users')).userActiveChangesResponse,
    body,
  );
}

/** Every customer list and the dashboard follow the change (and its undo). */
export function useSetUsersActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUsersActive,
    onSettled: () => invalidateCustomerData(queryClient),
  });
}
