import type { ReactNode } from 'react';
import type { Notification } from '@cask/contracts/notifications';
import { formatDateTime } from '@/lib/format.ts';
import { categoryInitial } from '@/components/notifications/notification-labels.ts';
import { formatRelativeTime } from '../relative-time.ts';

/**
 * One row of the list (docs/screens/notifications.md): a circle with the category's first letter,
 * the title, the message and the time. The whole row is a button, so Tab and Enter open it. Unread
 * rows stand out by a gold bar on their left, a gold circle, a bolder title, a dot and the word
 * Unread for screen readers; read rows keep full-contrast text (never an opacity, which took them
 * to 3.5:1, under WCAG 1.4.3's 4.5:1). With bulk actions (issue 31) a checkbox ('Select {title}')
 * stands before the button, beside it rather than in it (no control inside a control).
 */
export function NotificationListItem({
  notification,
  onOpen,
  checkbox,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  /** The row's bulk-selection checkbox, for an admin who may change notifications. */
  checkbox?: ReactNode;
}) {
  const { isRead } = notification;
  return (
    <li className={`flex border-l-4 ${isRead ? 'border-transparent' : 'border-gold-500'}`}>
      {checkbox ? (
        // Level with the category circle's middle (12 px padding + 20 px, less half the box), and
        // 16 px from its centre to the item's button (WCAG 2.5.8: a 24 px target's spacing).
        <span className="flex shrink-0 items-start pt-6 pr-2 pl-4">{checkbox}</span>
      ) : null}
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className="flex min-w-0 flex-1 items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-cream-100 focus-visible:bg-cream-100 focus-visible:ring-2 focus-visible:ring-gold-600 focus-visible:outline-none focus-visible:ring-inset sm:gap-4"
      >
        <span
          aria-hidden
          className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${isRead ? 'bg-cream-200 text-oak-700' : 'bg-gold-500 text-oak-900'}`}
        >
          {categoryInitial(notification.category)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-3">
            <span
              className={`min-w-0 break-words text-oak-900 ${isRead ? 'font-normal' : 'font-semibold'}`}
            >
              {notification.title}
            </span>
            <time
              dateTime={notification.time}
              title={formatDateTime(notification.time)}
              className="shrink-0 text-xs whitespace-nowrap text-oak-700"
            >
              {formatRelativeTime(notification.time)}
            </time>
          </span>
          <span className="mt-0.5 line-clamp-2 block text-sm break-words text-oak-700">
            {notification.message}
          </span>
        </span>
        {isRead ? null : (
          <span className="mt-2 flex shrink-0 items-center">
            <span aria-hidden className="h-2.5 w-2.5 rounded-full bg-gold-600" />
            <span className="sr-only">Unread</span>
          </span>
        )}
      </button>
    </li>
  );
}

/**
 * The list while its first page loads: 'Loading notifications...' in the first row, then rows
 * of a list item's height (a title and two message lines on a phone, one from 640 px), so the
 * items arriving move nothing (no layout shift).
 */
export function NotificationListSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div className="divide-y divide-cream-200">
      <div
        role="status"
        className="flex items-center gap-3 border-l-4 border-transparent px-4 py-3"
      >
        <span
          aria-hidden
          className="h-10 w-10 shrink-0 animate-spin rounded-full border-2 border-gold-300 border-t-gold-600"
        />
        <span className="text-sm text-oak-700">{label}</span>
      </div>
      {Array.from({ length: rows - 1 }, (_, index) => (
        <div
          key={index}
          aria-hidden
          className="flex items-start gap-3 border-l-4 border-transparent px-4 py-3 sm:gap-4"
        >
          <span className="h-10 w-10 shrink-0 animate-pulse rounded-full bg-cream-200" />
          <span className="min-w-0 flex-1">
            <span className="flex h-6 items-center">
              <span className="h-3.5 w-40 animate-pulse rounded bg-cream-200" />
            </span>
            <span className="mt-0.5 flex h-5 items-center">
              <span className="h-3 w-full max-w-md animate-pulse rounded bg-cream-200" />
            </span>
            <span className="flex h-5 items-center sm:hidden">
              <span className="h-3 w-2/3 animate-pulse rounded bg-cream-200" />
            </span>
          </span>
        </div>
      ))}
    </div>
  );
}
