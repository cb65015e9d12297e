import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { approvalListDefinition, pendingApprovalsResponse } from '@cask/contracts/approvals';
import { api } from './api-client.ts';
import { listKey } from './list-query.ts';

/**
 * Every approvals query starts with the list's key (issue 45): one invalidation after a request
 * or a decision refreshes the `/approvals` list, a request's dialog and the sidebar's badge.
 */
export const approvalsKey = listKey(approvalListDefinition);

/** The sidebar's badge polls as the header's bell does (docs/decisions/081). */
export const PENDING_POLL_MS = 30_000;

/** `GET /approvals/pending-count`: the pending requests the signed-in admin could decide. */
export async function getPendingApprovals(): Promise<number> {
  const envelope = await api.get<unknown>('/approvals/pending-count');
  return pendingApprovalsResponse.parse(envelope).data.pending;
}

/**
 * Polled every 30 s while the tab is visible and read again when it comes back to the front, as
 * the bell's unread count (lib/notification-queries.ts).
 */
export const pendingApprovalsQuery = () =>
  queryOptions({
    queryKey: [...approvalsKey, 'pending-count'],
    queryFn: getPendingApprovals,
    refetchInterval: PENDING_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

export function usePendingApprovals() {
  return useQuery(pendingApprovalsQuery());
}

/** After a request is made or decided: the list, its dialogs and the badge. */
export function invalidateApprovals(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: approvalsKey });
}
