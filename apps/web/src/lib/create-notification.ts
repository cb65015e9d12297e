import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createNotificationResponse,
  type CreateNotificationBody,
  type Notification,
} from '@cask/contracts/notifications';
import { api } from '@/lib/api-client.ts';
import { usersKey } from './customer-queries.ts';
import { notificationsKey } from './notification-queries.ts';

/** `POST /notifications` (docs/screens/notifications.md#api-calls). */
export async function createNotification(body: CreateNotificationBody): Promise<Notification> {
  const envelope = await api.post<unknown>('/notifications', body);
  return createNotificationResponse.parse(envelope).data.notification;
}

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    // The new notification goes on top of the list and raises the bell's count; a customer's
    // page lists what was sent to them.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationsKey }),
        queryClient.invalidateQueries({ queryKey: [...usersKey, 'record'] }),
      ]),
  });
}
