import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { approvalsKey } from '@/lib/approval-queries.ts';

/**
 * Issue 45: the sidebar's badge of pending approval requests, read without the approvals
 * contract: the shell, which every screen loads, carries none (the JavaScript budget, decision
 * 121).
 */

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
