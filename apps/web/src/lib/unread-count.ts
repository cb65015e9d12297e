import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parsed } from './api-client.ts';

/**
 * The header bell's unread count, apart from the Notifications screen's list
 * (lib/notification-queries.ts re-exports it): every screen's shell polls it, and its answer's
 * contract (and zod with it) loads beside the request instead of before the shell draws
 * (docs/decisions/450).
 */

/**
 * Every notifications query starts with this key, so one invalidation refreshes them all: the
 * Notifications screen's list, the bell's count, after a notification sent from anywhere.
 */
export const notificationsKey = ['notifications'] as const;

/** The header bell polls this often (docs/decisions/081: polling, not server-sent events). */
export const UNREAD_POLL_MS = 30_000;

export const unreadCountQueryKey = [...notificationsKey, 'unread-count'] as const;

/** The smallest list call that carries the exact unread count: one notification. */
export async function getUnreadCount(): Promise<number> {
  const answer = api.get<unknown>('/notifications', { params: { page: 1, limit: 1 } });
  const contract = async () =>
    (await import('@cask/contracts/notifications')).notificationListResponse;
  return (await parsed(answer, contract)).data.unreadCount;
}

/**
 * Polled every 30 s. TanStack Query skips interval refetches while the tab is hidden
 * (refetchIntervalInBackground is false) and catches up when it is shown again.
 */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: getUnreadCount,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQuery());
}
