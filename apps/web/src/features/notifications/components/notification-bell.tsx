import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useUnreadCount } from '@/lib/unread-count.ts';

/** More than this shows as '99+' so the badge keeps its size. */
const BADGE_MAX = 99;

/**
 * The header bell (docs/screens/shell.md#header): a link to /notifications whose name says how many
 * are unread, with a badge when any are. It polls, so the count follows without a reload
 * (docs/decisions/081). A failed poll keeps the last count rather than alarming the admin.
 */
export function NotificationBell() {
  const { data: unread } = useUnreadCount();
  const label = unread === undefined ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex h-10 w-10 shrink-0 max-md:h-11 max-md:w-11 items-center justify-center rounded-full text-oak-900 hover:bg-cream-200 focus-visible:ring-2 focus-visible:ring-gold-600 focus-visible:outline-none"
    >
      <Bell aria-hidden size={20} />
      {unread ? (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-cream-50"
        >
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
    </Link>
  );
}
