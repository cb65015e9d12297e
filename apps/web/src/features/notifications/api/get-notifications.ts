import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationListResponse,
  type NotificationList,
} from '@cask/contracts/notifications';
import { api } from '@/lib/api-client.ts';

/** Every notifications query starts with this key, so one invalidation refreshes them all. */
export const notificationsKey = ['notifications'] as const;

/** `GET /notifications` (spec 000 §7): one page, this admin's read state and unread count. */
export async function getNotifications(query: {
  page: number;
  limit: number;
}): Promise<NotificationList> {
  const envelope = await api.get<unknown>('/notifications', { params: query });
  return notificationListResponse.parse(envelope).data;
}

/**
 * Spec 000 §9: pages of 20; Load More asks for the next page with the same limit and the list
 * grows (an infinite query keeps every page it loaded).
 */
export const notificationsInfiniteQuery = (limit: number = NOTIFICATIONS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...notificationsKey, 'list', { limit }],
    queryFn: ({ pageParam }) => getNotifications({ page: pageParam, limit }),
    initialPageParam: 1,
    getNextPageParam: (lastPage) =>
      lastPage.pagination.current < lastPage.pagination.pages
        ? lastPage.pagination.current + 1
        : undefined,
  });

export type NotificationPages = InfiniteData<NotificationList, number>;

export function useNotifications() {
  return useInfiniteQuery(notificationsInfiniteQuery());
}
