import { Menu, Search } from 'lucide-react';
import { useEffect, type ButtonHTMLAttributes, type RefObject } from 'react';
import { Link } from 'react-router';
import { Avatar, initialsOf } from '@/components/ui/avatar.tsx';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { useProfile } from '@/lib/current-admin.ts';

/**
 * docs/screens/shell.md#header: 'Welcome, {name}', the admin's avatar (a link to /setting/profile)
 * and the fixed label Admin: the profile's role is not shown.
 */
export function Header({
  onOpenMenu,
  menuButtonRef,
  menuButtonProps,
  onOpenSearch,
  searchButtonProps,
}: {
  onOpenMenu: () => void;
  /** Issue 31: opens the command palette 'Search everything' (also Ctrl+K). */
  onOpenSearch: () => void;
  /** Further props of the 'Search' button (the palette's preload handlers). */
  searchButtonProps?: ButtonHTMLAttributes<HTMLButtonElement>;
  /** The drawer gives focus back to this button when it closes. */
  menuButtonRef?: RefObject<HTMLButtonElement | null>;
  /** Further props of the 'Open menu' button (the drawer's preload handlers). */
  menuButtonProps?: ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  const profile = useProfile();
  const admin = profile.data;
  // The placeholder shows the initials: the link's name starts with them (WCAG 2.5.3).
  const initials = initialsOf(admin?.fullName);
  const profileLabel = initials ? `${initials}, your profile` : 'Your profile';

  useEffect(() => {
    // docs/screens/shell.md: a failed profile fetch is only logged; the header stays usable without
    // a name.
    if (profile.error) console.error('Could not load the profile', profile.error);
  }, [profile.error]);

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-cream-300 bg-cream-50/95 px-4 backdrop-blur sm:px-6 lg:px-8">
      <button
        ref={menuButtonRef}
        type="button"
        aria-label="Open menu"
        title="Open menu"
        onClick={onOpenMenu}
        className="-ml-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-oak-900 hover:bg-cream-200 md:hidden"
        {...menuButtonProps}
      >
        <Menu aria-hidden size={22} />
      </button>
      <img src="/logo.svg" alt="" className="h-8 w-8 md:hidden" />

      <div className="ml-auto flex min-w-0 items-center gap-3 sm:gap-4">
        <button
          type="button"
          onClick={onOpenSearch}
          aria-keyshortcuts="Control+K Meta+K"
          className="inline-flex h-10 shrink-0 items-center gap-2 rounded-lg border border-cream-300 bg-white px-3 text-sm text-oak-900 hover:bg-cream-200 max-md:h-11 max-md:min-w-11 max-md:justify-center"
          {...searchButtonProps}
        >
          <Search aria-hidden size={16} />
          <span className="sr-only sm:not-sr-only">Search</span>
          {/* The key is told by aria-keyshortcuts; the hint is for the eyes only. */}
          <kbd
            aria-hidden
            className="hidden rounded border border-cream-300 px-1 font-sans text-xs text-oak-700 lg:inline"
          >
            Ctrl K
          </kbd>
        </button>
        <NotificationBell />

        <div className="min-w-0 text-right">
          {admin ? (
            <p className="truncate text-sm font-semibold text-oak-900">
              {`Welcome, ${admin.fullName}`}
            </p>
          ) : (
            <p className="flex items-center justify-end gap-1 text-sm font-semibold text-oak-900">
              Welcome
              {profile.isPending ? (
                <span
                  aria-hidden
                  className="inline-block h-3.5 w-24 animate-pulse rounded bg-cream-300"
                />
              ) : null}
            </p>
          )}
          <p className="text-xs font-medium tracking-wide text-gold-700">Admin</p>
        </div>
        <Link
          to="/setting/profile"
          aria-label={profileLabel}
          title="Your profile"
          className="shrink-0 rounded-full"
        >
          <Avatar
            src={admin?.avatar}
            name={admin?.fullName}
            size="md"
            className="max-md:h-11 max-md:w-11"
          />
        </Link>
      </div>
    </header>
  );
}
