import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parsed } from '@/lib/api-client.ts';
import { applyReadState } from './notifications-cache.ts';

/**
 * `PUT /notifications/{id}/read` (docs/screens/notifications.md#api-calls): answers this admin's
 * new unread count.
 */
export async function markNotificationRead(id: string) {
  const answer = api.put<unknown>(`/notifications/${encodeURIComponent(id)}/read`);
  return (
    await parsed(
      answer,
      async () => (await import('@cask/contracts/notifications')).markNotificationReadResponse,
    )
  ).data;
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (result) =>
      applyReadState(queryClient, { readIds: [result.id], unreadCount: result.unreadCount }),
  });
}
