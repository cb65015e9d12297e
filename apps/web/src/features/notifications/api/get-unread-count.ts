import { queryOptions, useQuery } from '@tanstack/react-query';
import { getNotifications, notificationsKey } from '@/lib/notification-queries.ts';

/** The header bell polls this often (docs/decisions/081: polling, not server-sent events). */
export const UNREAD_POLL_MS = 30_000;

export const unreadCountQueryKey = [...notificationsKey, 'unread-count'] as const;

/** The smallest list call that carries the exact unread count: one notification. */
export async function getUnreadCount(): Promise<number> {
  return (await getNotifications({ page: 1, limit: 1 })).unreadCount;
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
