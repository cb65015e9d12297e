import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import type { SortValue } from '@cask/contracts/common';
import type { NOTIFICATION_SORTS, NotificationList } from '@cask/contracts/notifications';
import { NOTIFICATIONS_PAGE_SIZE } from '@cask/contracts/lists-plain';
import { api, parsed } from './api-client.ts';
import { notificationsKey } from './unread-count.ts';

/** Every notifications query starts with this key (./unread-count.ts). */
export { notificationsKey } from './unread-count.ts';

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
  // The answer's contract loads beside the request: the screen draws without zod (decision 450).
  const answer = api.get<unknown>('/notifications', { params: query });
  return (
    await parsed(
      answer,
      async () => (await import('@cask/contracts/notifications')).notificationListResponse,
    )
  ).data;
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

// The header bell's unread count lives in ./unread-count.ts, which the shell loads.
export {
  getUnreadCount,
  UNREAD_POLL_MS,
  unreadCountQuery,
  unreadCountQueryKey,
  useUnreadCount,
} from './unread-count.ts';
