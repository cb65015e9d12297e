import { PanelLeftClose, PanelLeftOpen, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { LogoutButton } from './logout-button.tsx';
import type { SidebarItem } from './nav.ts';

const DESKTOP_NAV_ID = 'sidebar-navigation';

/**
 * The entries' icons (their routes' `handle.nav.icon`, app/routes.tsx), each in a chunk of its
 * own, so the entry chunk that holds the route table carries none (docs/decisions/378). They are
 * asked for when the sidebar is first drawn; until one arrives (or if it cannot be loaded), a box
 * of its size keeps its place. Nothing suspends: the shell and its shortcuts work meanwhile.
 */
const loadedIcons = new Map<SidebarItem['icon'], LucideIcon>();

function NavIcon({ load }: { load: SidebarItem['icon'] }) {
  const [Icon, setIcon] = useState(() => loadedIcons.get(load));
  useEffect(() => {
    if (Icon) return;
    let current = true;
    load().then(
      ({ default: loaded }) => {
        loadedIcons.set(load, loaded);
        if (current) setIcon(() => loaded);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [load, Icon]);
  if (!Icon) return <span aria-hidden className="h-5 w-5 shrink-0" />;
  return <Icon aria-hidden size={20} className="shrink-0" />;
}

/** More than this shows as '99+' so the badge keeps its size (as the header's bell). */
const BADGE_MAX = 99;

/**
 * Issue 45: the pending approval requests the admin could decide, as a badge beside 'Approvals';
 * the link's name says it, 'Approvals, 3 pending', as the header's bell says its unread count.
 * No badge at 0. It polls and is read again after each request or decision
 * (lib/approval-queries.ts).
 */
function PendingBadge({ pending, collapsed }: { pending: number; collapsed: boolean }) {
  return (
    <span
      aria-hidden
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[0.6875rem] leading-none font-semibold text-white ${collapsed ? 'absolute top-0.5 right-1' : 'ml-auto'}`}
    >
      {pending > BADGE_MAX ? `${BADGE_MAX}+` : pending}
    </span>
  );
}

/**
 * The sidebar's content: brand, the entries of the route table (layout/nav.ts), Logout at the
 * bottom. Shared by the desktop column (wide or narrow) and the phone drawer (always wide).
 */
export function SidebarContent({
  items,
  navId,
  collapsed,
  topAction,
  onNavigate,
}: {
  /** The entries, from the route table (layout/nav.ts). */
  items: readonly SidebarItem[];
  navId: string;
  collapsed: boolean;
  /** The collapse toggle on desktop, the close button in the drawer. */
  topAction: ReactNode;
  onNavigate?: () => void;
}) {
  return (
    <div className="flex h-full flex-col bg-oak-900 text-cream-200">
      <div
        className={`flex h-16 shrink-0 items-center gap-3 border-b border-white/10 ${collapsed ? 'flex-col justify-center px-2 pt-2' : 'px-4'}`}
      >
        <img src="/logo.svg" alt="" className="h-9 w-9 shrink-0" />
        <span
          className={
            collapsed
              ? 'sr-only'
              : 'flex-1 truncate text-lg font-semibold tracking-tight text-cream-50'
          }
        >
          Cask Admin
        </span>
        {collapsed ? null : topAction}
      </div>
      {collapsed ? <div className="flex justify-center pt-3">{topAction}</div> : null}

      <nav id={navId} aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {items.map(({ label, to, icon, end, count }) => {
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  onClick={onNavigate}
                  // In the narrow state the label is visually hidden but stays the link's name;
                  // the title gives sighted mouse users the same word on hover.
                  title={collapsed ? label : undefined}
                  aria-label={count ? `${label}, ${count} pending` : undefined}
                  className={({ isActive }) =>
                    `relative flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors max-md:py-3 ${
                      collapsed ? 'justify-center' : ''
                    } ${
                      isActive
                        ? 'bg-gold-400 text-oak-900 shadow-sm'
                        : 'text-cream-200 hover:bg-white/10 hover:text-white'
                    }`
                  }
                >
                  <NavIcon load={icon} />
                  <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
                  {count ? <PendingBadge pending={count} collapsed={collapsed} /> : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="shrink-0 border-t border-white/10 px-3 py-4">
        <LogoutButton collapsed={collapsed} />
      </div>
    </div>
  );
}

// 44 px under 768 px, where only the drawer shows it (decision 441).
export const toggleClass =
  'max-md:h-11 max-md:w-11 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-cream-200 transition-colors hover:bg-white/10 hover:text-white';

/**
 * From 768 px up: a column beside the content, wide (icons and labels) or narrow (icons). The
 * column itself is as tall as the page (the shell's flex row stretches it), so its dark
 * background runs to the bottom of a long page; its content sticks to the top of the screen
 * while the page scrolls (issue 27).
 */
export function DesktopSidebar({
  items,
  collapsed,
  onToggle,
}: {
  items: readonly SidebarItem[];
  collapsed: boolean;
  onToggle: () => void;
}) {
  const label = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <aside
      className={`hidden shrink-0 bg-oak-900 transition-[width] duration-200 md:block ${collapsed ? 'w-20' : 'w-64'}`}
    >
      <div className="sticky top-0 h-screen">
        <SidebarContent
          items={items}
          navId={DESKTOP_NAV_ID}
          collapsed={collapsed}
          topAction={
            <button
              type="button"
              aria-label={label}
              title={label}
              aria-expanded={!collapsed}
              aria-controls={DESKTOP_NAV_ID}
              onClick={onToggle}
              className={toggleClass}
            >
              {collapsed ? (
                <PanelLeftOpen aria-hidden size={20} />
              ) : (
                <PanelLeftClose aria-hidden size={20} />
              )}
            </button>
          }
        />
      </div>
    </aside>
  );
}
