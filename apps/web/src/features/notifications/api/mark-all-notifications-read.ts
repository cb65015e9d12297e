import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parsed } from '@/lib/api-client.ts';
import { applyReadState } from './notifications-cache.ts';

/**
 * `PUT /notifications/mark-all-read` (docs/screens/notifications.md#api-calls): the count becomes
 * 0.
 */
export async function markAllNotificationsRead() {
  const answer = api.put<unknown>('/notifications/mark-all-read');
  return (
    await parsed(
      answer,
      async () => (await import('@cask/contracts/notifications')).markAllNotificationsReadResponse,
    )
  ).data;
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (result) =>
      applyReadState(queryClient, { readIds: 'all', unreadCount: result.unreadCount }),
  });
}
