import type { QueryClient } from '@tanstack/react-query';

/**
 * Issue 45: every approvals query starts with this key: the list's key,
 * `listKey(approvalListDefinition)` (its path, as the contract has no name), so one invalidation
 * after a request or a decision refreshes the list, a request's dialog and the sidebar's badge
 * (app/layout/use-pending-approvals.ts). No approvals contract here: the shell reads the key.
 */
export const approvalsKey = ['/approvals'] as const;

/** After a request is made or decided: the list, its dialogs and the sidebar's badge. */
export function invalidateApprovals(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: approvalsKey });
}
