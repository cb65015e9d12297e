import type { QueryClient } from '@tanstack/react-query';
import { notificationsKey, type NotificationPages } from './get-notifications.ts';
import { unreadCountQueryKey } from './get-unread-count.ts';

/**
 * After a read or a mark-all, the loaded pages are patched in place rather than refetched
 * (Load More may have loaded many), the unread count is set to the server's exact answer and
 * the bell is refreshed.
 */
export function applyReadState(
  queryClient: QueryClient,
  change: { readIds: 'all' | readonly string[]; unreadCount: number },
): void {
  const isNowRead = (id: string) => change.readIds === 'all' || change.readIds.includes(id);
  queryClient.setQueriesData<NotificationPages>(
    { queryKey: [...notificationsKey, 'list'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          unreadCount: change.unreadCount,
          notifications: page.notifications.map((notification) =>
            !notification.isRead && isNowRead(notification.id)
              ? { ...notification, isRead: true }
              : notification,
          ),
        })),
      },
  );
  queryClient.setQueryData(unreadCountQueryKey, change.unreadCount);
  void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
}
