import type { QueryClient } from '@tanstack/react-query';
import { notificationsKey, type NotificationPages } from '@/lib/notification-queries.ts';
import { getUnreadCount, unreadCountQueryKey } from '@/lib/notification-queries.ts';

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

/**
 * After a bulk 'Mark as read' or its undo (issue 31): each changed row of the loaded pages takes
 * its new state in place, and the unread count (the heading's and the bell's) is read again from
 * the server, whose count is exact (the bulk answer carries none).
 */
export async function applyReadChanges(
  queryClient: QueryClient,
  changes: readonly { id: string; after: { isRead: boolean } }[],
): Promise<void> {
  const isRead = new Map(changes.map((change) => [change.id, change.after.isRead]));
  type Page = NotificationPages['pages'][number];
  const patch = (update: (page: Page) => Partial<Page>) =>
    queryClient.setQueriesData<NotificationPages>(
      { queryKey: [...notificationsKey, 'list'] },
      (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, ...update(page) })) },
    );
  patch((page) => ({
    notifications: page.notifications.map((notification) => {
      const read = isRead.get(notification.id);
      return read === undefined ? notification : { ...notification, isRead: read };
    }),
  }));
  const unreadCount = await queryClient.fetchQuery({
    queryKey: unreadCountQueryKey,
    queryFn: getUnreadCount,
    staleTime: 0,
  });
  patch(() => ({ unreadCount }));
}
