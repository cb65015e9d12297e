import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markAllNotificationsReadResponse } from '@cask/contracts/notifications';
import { api } from '@/lib/api-client.ts';
import { applyReadState } from './notifications-cache.ts';

/**
 * `PUT /notifications/mark-all-read` (docs/screens/notifications.md#api-calls): the count becomes
 * 0.
 */
export async function markAllNotificationsRead() {
  const envelope = await api.put<unknown>('/notifications/mark-all-read');
  return markAllNotificationsReadResponse.parse(envelope).data;
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (result) =>
      applyReadState(queryClient, { readIds: 'all', unreadCount: result.unreadCount }),
  });
}
