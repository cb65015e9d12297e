import { useEffect, useMemo, useState } from 'react';
import { undoBody } from '@/lib/post-bulk.ts';
import { useRequestedDialog } from '@/lib/requested-dialog.ts';
import toast from 'react-hot-toast';
import { BULK_MAX, BULK_TOO_MANY } from '@cask/contracts/plain';
import { NOTIFICATION_SORTS, NOTIFICATIONS_PAGE_SIZE } from '@cask/contracts/lists-plain';
import type { Notification } from '@cask/contracts/notifications';
import { BulkBar } from '@/components/ui/bulk-bar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { selectionBoxes, SortButton, sortDirection } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LazyConfirmDialog, lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { bulkFailureMessage } from '@/lib/api-error.ts';
import { lazyUndoToast } from '@/lib/lazy-toast.ts';
import { UNDO_FAILURE } from '@/lib/undo-toast.tsx';
import { useRowSelection } from '@/lib/use-row-selection.ts';
import { BULK_READ_FAILURE, useSetNotificationsRead } from './api/bulk-read.ts';
import { useNotifications } from '@/lib/notification-queries.ts';
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
  () =>
    import('@/components/notifications/create-notification-modal.tsx').then(
      (m) => m.CreateNotificationModal,
    ),
  (props) => props.open,
);
const NotificationDetailsModal = lazyModal(
  () =>
    import('./components/notification-details-modal.tsx').then((m) => m.NotificationDetailsModal),
  (props) => props.notification !== null,
);

/** docs/screens/notifications.md#texts: the notification screen's failure texts. */
export const FETCH_FAILURE = 'Failed to fetch notifications. Please try again.';
export const MARK_READ_FAILURE = 'Failed to mark notification as read.';
export const MARK_ALL_FAILURE = 'Failed to mark all notifications as read.';
export const LOAD_MORE_FAILURE = 'Failed to load more notifications.';

/**
 * docs/screens/notifications.md (/notifications): the list with this admin's unread count, items
 * that open their details (and are marked read on the way), Mark All as Read, Load More and
 * the Create Notification modal.
 */
export default function NotificationsPage() {
  // docs/architecture.md#roles: a Viewer is offered no change (decision 220).
  const canChange = useCan('change');
  // Issue 31: the order is in the URL (`sort=title`, `sort=-createdAt`), as every list's.
  const view = useListParams({ sorts: NOTIFICATION_SORTS });
  const list = useNotifications(view.sort);
  const markRead = useMarkNotificationRead();
  const [opened, setOpened] = useState<Notification | null>(null);
  const [creating, setCreating] = useState(false);
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

  const shownIds = notifications.map((notification) => notification.id);
  const selection = useRowSelection(shownIds);
  const boxes = selectionBoxes(selection, shownIds);
  const chosen = notifications.filter((notification) => selection.selected.has(notification.id));

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
            <MarkAllReadButton unreadCount={unreadCount} canChange={canChange} />
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
            {canChange ? <BulkMarkRead chosen={chosen} onClear={selection.clear} /> : null}
            <div className="flex items-center border-b border-cream-200 bg-cream-100">
              {canChange ? (
                // Over the items' checkboxes (their 4 px bar and 16 px padding).
                <span className="flex shrink-0 items-center pl-5">{boxes.page}</span>
              ) : null}
              <SortBar sort={view.tableSort} />
            </div>
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
                  checkbox={canChange ? boxes.row(notification.id, notification.title) : undefined}
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
      />
    </>
  );
}

function MarkAllReadButton({
  unreadCount,
  canChange,
}: {
  unreadCount: number | undefined;
  canChange: boolean;
}) {
  const markAll = useMarkAllNotificationsRead();
  return unreadCount === undefined ? (
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
      onClick={() => markAll.mutate(undefined, { onError: () => toast.error(MARK_ALL_FAILURE) })}
    >
      Mark All as Read
    </Button>
  ) : null;
}

/**
 * Issue 31: items chosen for a bulk 'Mark as read', confirmed with their count, undone from the
 * toast (the undo takes back only the reads this change added).
 */
function BulkMarkRead({ chosen, onClear }: { chosen: Notification[]; onClear: () => void }) {
  const [markingRead, setMarkingRead] = useState(false);
  // The items as sent: a refusal names them by their place in the request.
  const [sent, setSent] = useState<readonly Notification[]>([]);
  const setRead = useSetNotificationsRead();
  const undoRead = useSetNotificationsRead();
  const counted = (count: number) => `${count} ${count === 1 ? 'notification' : 'notifications'}`;
  const confirmMarkRead = () => {
    // A Load More list can hold more than one bulk call takes; the dialog says so instead.
    if (chosen.length > BULK_MAX) return;
    const marked = chosen;
    setSent(marked);
    setRead.mutate(
      { changes: marked.map((notification) => ({ id: notification.id, isRead: true })) },
      {
        onSuccess: (answer) => {
          setMarkingRead(false);
          onClear();
          lazyUndoToast(
            `${counted(marked.length)} marked as read.`,
            () => undoRead.mutateAsync(undoBody(answer)),
            {
              done: `Undone: ${counted(marked.length)} as they were.`,
              failed: (failure) =>
                bulkFailureMessage(failure, marked, (row) => row.title, UNDO_FAILURE),
            },
          );
        },
      },
    );
  };

  return (
    <>
      <BulkBar count={chosen.length} noun="notifications" onClear={onClear}>
        <Button
          size="sm"
          onClick={() => {
            setRead.reset();
            setMarkingRead(true);
          }}
          {...preloadOn(LazyConfirmDialog)}
        >
          Mark as read
        </Button>
      </BulkBar>
      <LazyConfirmDialog
        open={markingRead}
        onOpenChange={(open) => {
          if (!open) {
            setRead.reset();
            setMarkingRead(false);
          }
        }}
        title="Mark as read"
        message={`Mark ${counted(chosen.length)} as read?`}
        confirmLabel={`Mark ${counted(chosen.length)} as read`}
        busyLabel="Saving..."
        tone="primary"
        busy={setRead.isPending}
        error={
          chosen.length > BULK_MAX
            ? BULK_TOO_MANY
            : setRead.isError
              ? bulkFailureMessage(setRead.error, sent, (row) => row.title, BULK_READ_FAILURE)
              : undefined
        }
        onConfirm={confirmMarkRead}
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
      className="flex flex-1 items-center justify-between py-2 pr-4 pl-[4.75rem] sm:pl-[5rem] text-xs text-oak-700"
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
