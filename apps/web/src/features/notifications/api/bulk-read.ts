import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationReadChanges,
  NotificationReadChangesResponse,
} from '@cask/contracts/notifications';
import { postBulk } from '@/lib/post-bulk.ts';
import { applyReadChanges } from './notifications-cache.ts';

export const BULK_READ_FAILURE = 'Failed to mark the notifications as read.';

/**
 * `POST /notifications/bulk/read` (issue 31): the chosen notifications read (or unread) for this
 * admin, all or none. The answer's `before` values, sent back, undo it: `isRead: false` takes back
 * only the reads the change added (decision 242).
 */
export async function setNotificationsRead(
  body: NotificationReadChanges,
): Promise<NotificationReadChangesResponse['data']> {
  return postBulk(
    '/notifications/bulk/read',
    async () => (await import('@cask/contracts/notifications')).notificationReadChangesResponse,
    body,
  );
}

/** The loaded pages show each row's new state; the count and the bell follow the server. */
export function useSetNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNotificationsRead,
    onSuccess: (answer) => applyReadChanges(queryClient, answer.changes),
  });
}
