import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys of everything a change to a customer touches. The Dashboard and User Management
 * both list customers, change their status and delete them, and features do not import each
 * other, so the keys live here (docs/decisions/043-customer-screens-shared-pieces.md). Every
 * users query starts with `usersKey` (the notifications recipient picker's too), every rewards
 * query with `rewardsKey`.
 */
export const usersKey = ['users'] as const;
export const dashboardKey = ['dashboard'] as const;
export const rewardsKey = ['rewards'] as const;

/**
 * After a status change, a deletion or a point adjustment: the user lists, the dashboard's
 * totals and the Reward List are all refetched, so every number on screen stays exact.
 */
export async function invalidateCustomerData(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [usersKey, dashboardKey, rewardsKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
