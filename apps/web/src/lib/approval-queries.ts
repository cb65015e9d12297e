import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * Issue 45: the approvals' query keys and the sidebar's badge. No approvals contract here: the
 * shell, which every screen loads, reads the badge (the JavaScript budget, decision 121).
 *
 * Every approvals query starts with this key: the list's key, `listKey(approvalListDefinition)`
 * (its path, as the contract has no name), so one invalidation after a request or a decision
 * refreshes the list, a request's dialog and the badge.
 */
export const approvalsKey = ['/approvals'] as const;

/** The badge polls as the header's bell does (docs/decisions/081). */
export const PENDING_POLL_MS = 30_000;

/** `GET /approvals/pending-count`: the pending requests the signed-in admin could decide. */
export async function getPendingApprovals(): Promise<number> {
  const envelope = await api.get<{ data?: { pending?: unknown } }>('/approvals/pending-count');
  const pending = envelope.data?.pending;
  if (typeof pending !== 'number' || !Number.isInteger(pending)) {
    throw new TypeError('The pending count is not a whole number');
  }
  return pending;
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

/** After a request is made or decided: the list, its dialogs and the sidebar's badge. */
export function invalidateApprovals(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: approvalsKey });
}
