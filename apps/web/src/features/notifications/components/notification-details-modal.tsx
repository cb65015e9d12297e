import type { Notification } from '@cask/contracts/notifications';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { capitalize } from '@/components/notifications/notification-labels.ts';

/**
 * docs/screens/notifications.md, 'Notification Details': title, time, message and the 'Priority |
 * Type | Category' line. Who it went to and the admin notes follow, since an admin reading it wants
 * to know.
 */
export function NotificationDetailsModal({
  notification,
  onClose,
}: {
  notification: Notification | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={notification !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Notification Details"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {notification ? (
        <article className="space-y-3">
          <h3 className="text-base font-semibold break-words text-oak-900">{notification.title}</h3>
          <p className="text-xs text-oak-700">
            <time dateTime={notification.time}>{formatDateTime(notification.time)}</time>
          </p>
          <p className="text-sm break-words whitespace-pre-wrap text-oak-900">
            {notification.message}
          </p>
          <p className="rounded-lg bg-cream-100 px-3 py-2 text-sm text-oak-900">
            {`Priority: ${capitalize(notification.priority)} | Type: ${capitalize(notification.type)} | Category: ${capitalize(notification.category)}`}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium text-oak-700">Sent to</dt>
            <dd className="min-w-0 break-words text-oak-900">
              {notification.isGlobal || !notification.recipient
                ? 'All users'
                : `${notification.recipient.fullName} (${notification.recipient.email})`}
            </dd>
            {notification.adminNotes ? (
              <>
                <dt className="font-medium text-oak-700">Admin Notes</dt>
                <dd className="min-w-0 break-words whitespace-pre-wrap text-oak-900">
                  {notification.adminNotes}
                </dd>
              </>
            ) : null}
          </dl>
        </article>
      ) : null}
    </Modal>
  );
}
