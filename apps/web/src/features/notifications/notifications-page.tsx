import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useRequestedDialog } from '@/lib/requested-dialog.ts';
import toast from 'react-hot-toast';
import {
  NOTIFICATION_SORTS,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
} from '@cask/contracts/notifications';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { SortButton, sortDirection } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useNotifications } from './api/get-notifications.ts';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from './api/mark-notification-read.ts';
import {
  NotificationListItem,
  NotificationListSkeleton,
} from './components/notification-list-item.tsx';
import { ExportCsvButton } from '@/components/ui/export-csv-button.tsx';
import { useCan } from '@/lib/current-admin.ts';
import { useListParams } from '@/lib/use-list-params.ts';

const CreateNotificationModal = lazyModal(
  () => import('./components/create-notification-modal.tsx').then((m) => m.CreateNotificationModal),
  (props) => props.open,
);
const NotificationDetailsModal = lazyModal(
  () =>
    import('./components/notification-details-modal.tsx').then((m) => m.NotificationDetailsModal),
  (props) => props.notification !== null,
);

/** Spec 000 §8: the notification screen's failure texts. */
export const FETCH_FAILURE = 'Failed to fetch notifications. Please try again.';
export const MARK_READ_FAILURE = 'Failed to mark notification as read.';
export const MARK_ALL_FAILURE = 'Failed to mark all notifications as read.';
export const LOAD_MORE_FAILURE = 'Failed to load more notifications.';

/**
 * Spec 000 §2 Notifications (/notifications): the list with this admin's unread count, items
 * that open their details (and are marked read on the way), Mark All as Read, Load More and
 * the Create Notification modal.
 */
export default function NotificationsPage() {
  // DESIGN.md §8: a Viewer is offered no change (decision 220).
  const canChange = useCan('change');
  // Issue 31: the order is in the URL (`sort=title`, `sort=-createdAt`), as every list's.
  const view = useListParams({ sorts: NOTIFICATION_SORTS });
  const list = useNotifications(view.sort);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [opened, setOpened] = useState<Notification | null>(null);
  // The customer page's 'Send Notification' (issue 30) comes here with the customer to address.
  const addressedTo = (useLocation().state as { notifyCustomer?: string } | null)?.notifyCustomer;
  const [creating, setCreating] = useState(addressedTo !== undefined);
  // The command palette's 'Create Notification' (issue 31) arrives asking for the dialog.
  const [requested, setRequested] = useRequestedDialog('create-notification', canChange);

  // A notification created between two pages shifts the later pages by one: drop repeats.
  const notifications = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? [])
      .flatMap((page) => page.notifications)
      .filter((notification) => !seen.has(notification.id) && seen.add(notification.id));
  }, [list.data]);
  const lastPage = list.data?.pages.at(-1);
  const unreadCount = lastPage?.unreadCount;

  // The first load (or a refresh of it) failed; a failed Load More says so itself.
  const fetchFailed = list.isError && !list.isFetchNextPageError;
  useEffect(() => {
    if (fetchFailed) toast.error(FETCH_FAILURE, { id: 'notifications-fetch' });
  }, [fetchFailed, list.errorUpdatedAt]);

  function open(notification: Notification) {
    setOpened(notification);
    if (notification.isRead || !canChange) return;
    markRead.mutate(notification.id, {
      onError: () => toast.error(MARK_READ_FAILURE),
    });
  }

  function loadMore() {
    void list.fetchNextPage().then((result) => {
      if (result.isError) toast.error(LOAD_MORE_FAILURE);
    });
  }

  const title =
    unreadCount === undefined ? 'Notifications' : `Notifications (${unreadCount} unread)`;

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <ExportCsvButton list="notifications" params={{}} />
            {unreadCount === undefined ? (
              // Holds the button's place until the count is known: on a phone the two buttons
              // take two lines, and the list must not move down when they do (decision 126).
              <span aria-hidden inert className="invisible">
                <Button variant="secondary" tabIndex={-1}>
                  Mark All as Read
                </Button>
              </span>
            ) : unreadCount > 1 && canChange ? (
              <Button
                variant="secondary"
                disabled={markAll.isPending}
                aria-busy={markAll.isPending || undefined}
                onClick={() =>
                  markAll.mutate(undefined, { onError: () => toast.error(MARK_ALL_FAILURE) })
                }
              >
                Mark All as Read
              </Button>
            ) : null}
            {canChange ? (
              <Button onClick={() => setCreating(true)} {...preloadOn(CreateNotificationModal)}>
                + Create Notification
              </Button>
            ) : null}
          </>
        }
      />

      <Card>
        {list.isPending ? (
          <NotificationListSkeleton
            rows={NOTIFICATIONS_PAGE_SIZE}
            label="Loading notifications..."
          />
        ) : list.data === undefined ? (
          <div className="p-4">
            <ErrorState
              title="Error Loading Notifications"
              message={errorMessage(list.error, FETCH_FAILURE)}
              onRetry={() => void list.refetch()}
            />
          </div>
        ) : notifications.length === 0 ? (
          <EmptyState title="No notifications available." />
        ) : (
          <>
            <SortBar sort={view.tableSort} />
            <ul
              aria-label="Notifications"
              className="divide-y divide-cream-200"
              {...preloadOn(NotificationDetailsModal)}
            >
              {notifications.map((notification) => (
                <NotificationListItem
                  key={notification.id}
                  notification={notification}
                  onOpen={open}
                />
              ))}
            </ul>
            {list.hasNextPage ? (
              <div className="flex justify-center border-t border-cream-200 p-4">
                <Button
                  variant="secondary"
                  onClick={loadMore}
                  disabled={list.isFetchingNextPage}
                  aria-busy={list.isFetchingNextPage || undefined}
                >
                  {list.isFetchingNextPage ? 'Loading...' : 'Load More'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </Card>

      <NotificationDetailsModal notification={opened} onClose={() => setOpened(null)} />
      <CreateNotificationModal
        open={creating || requested}
        onOpenChange={(open) => {
          setCreating(open);
          setRequested(open);
        }}
        {...(addressedTo ? { recipient: addressedTo } : {})}
      />
    </>
  );
}

/** The sortable 'columns' of a notification row: its title, and its date on the right. */
const SORT_COLUMNS = [
  { column: 'title', label: 'Title' },
  { column: 'createdAt', label: 'Date' },
] as const;

const ORDER_TEXT = {
  ascending: 'sorted ascending',
  descending: 'sorted descending',
  none: 'not sorted',
} as const;

/**
 * Issue 31: the list's header, laid out as the tables' header (the title on the left, the date on
 * the right), with the tables' sort buttons. A list has no column headers for `aria-sort`, so
 * each button's name says the order ('Title, sorted ascending'); decision 261.
 */
function SortBar({ sort }: { sort: { value: string | undefined; onSort(column: string): void } }) {
  return (
    <div
      role="group"
      aria-label="Sort notifications"
      className="flex items-center justify-between border-b border-cream-200 bg-cream-100 py-2 pr-4 pl-[4.75rem] text-xs text-oak-700 sm:pl-[5rem]"
    >
      {SORT_COLUMNS.map(({ column, label }) => (
        <SortButton key={column} column={column} sort={sort}>
          {label}
          <span className="sr-only">{`, ${ORDER_TEXT[sortDirection(column, sort.value) ?? 'none']}`}</span>
        </SortButton>
      ))}
    </div>
  );
}
