import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import type { SortValue } from '@cask/contracts/common';
import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationListResponse,
  type NOTIFICATION_SORTS,
  type NotificationList,
} from '@cask/contracts/notifications';
import { api } from './api-client.ts';

/**
 * Every notifications query starts with this key, so one invalidation refreshes them all: the
 * Notifications screen's list, the bell's count, after a notification sent from anywhere.
 */
export const notificationsKey = ['notifications'] as const;

/**
 * `GET /notifications` (docs/screens/notifications.md#api-calls): one page, this admin's read state
 * and unread count.
 */
export type NotificationSort = SortValue<(typeof NOTIFICATION_SORTS)[number]>;

export async function getNotifications(query: {
  page: number;
  limit: number;
  /** Issue 31: by title or date, either way; undefined is newest first. */
  sort?: NotificationSort | undefined;
}): Promise<NotificationList> {
  const envelope = await api.get<unknown>('/notifications', { params: query });
  return notificationListResponse.parse(envelope).data;
}

/**
 * docs/screens/notifications.md#limits: pages of 20; Load More asks for the next page with the same
 * limit and the list grows (an infinite query keeps every page it loaded).
 */
export const notificationsInfiniteQuery = (
  limit: number = NOTIFICATIONS_PAGE_SIZE,
  sort?: NotificationSort,
) =>
  infiniteQueryOptions({
    queryKey: [...notificationsKey, 'list', { limit, sort }],
    queryFn: ({ pageParam }) => getNotifications({ page: pageParam, limit, sort }),
    initialPageParam: 1,
    getNextPageParam: (lastPage) =>
      lastPage.pagination.current < lastPage.pagination.pages
        ? lastPage.pagination.current + 1
        : undefined,
  });

export type NotificationPages = InfiniteData<NotificationList, number>;

export function useNotifications(sort?: NotificationSort) {
  // A new order keeps the old rows (and the sort buttons) on screen until its first page is in.
  return useInfiniteQuery({
    ...notificationsInfiniteQuery(NOTIFICATIONS_PAGE_SIZE, sort),
    placeholderData: keepPreviousData,
  });
}

// The header bell's unread count (one module with the list it reads, so one chunk).

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
