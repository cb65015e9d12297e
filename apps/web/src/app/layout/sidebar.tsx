import { Dialog } from 'radix-ui';
import { PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { NavLink } from 'react-router';
import logoUrl from '@/assets/logo.svg';
import { LogoutButton } from './logout-button.tsx';
import { navItems } from './nav-items.ts';

const DESKTOP_NAV_ID = 'sidebar-navigation';

/**
 * The sidebar's content: brand, the eight entries, Logout at the bottom. Shared by the desktop
 * column (wide or narrow) and the phone drawer (always wide).
 */
function SidebarContent({
  navId,
  collapsed,
  topAction,
  onNavigate,
}: {
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
        <img src={logoUrl} alt="" className="h-9 w-9 shrink-0" />
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
          {navItems.map(({ label, to, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                // In the narrow state the label is visually hidden but stays the link's name;
                // the title gives sighted mouse users the same word on hover.
                title={collapsed ? label : undefined}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
                    collapsed ? 'justify-center' : ''
                  } ${
                    isActive
                      ? 'bg-gold-400 text-oak-900 shadow-sm'
                      : 'text-cream-200 hover:bg-white/10 hover:text-white'
                  }`
                }
              >
                <Icon aria-hidden size={20} className="shrink-0" />
                <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="shrink-0 border-t border-white/10 px-3 py-4">
        <LogoutButton collapsed={collapsed} />
      </div>
    </div>
  );
}

const toggleClass =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-cream-200 transition-colors hover:bg-white/10 hover:text-white';

/** From 768 px up: a column beside the content, wide (icons and labels) or narrow (icons). */
export function DesktopSidebar({
  collapsed,
  onToggle,
}: {
  collapsed: boolean;
  onToggle: () => void;
}) {
  const label = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <aside
      className={`sticky top-0 hidden h-screen shrink-0 transition-[width] duration-200 md:block ${collapsed ? 'w-20' : 'w-64'}`}
    >
      <SidebarContent
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
    </aside>
  );
}

/**
 * Under 768 px (a 375 px phone): the same sidebar slides in from the left as a modal drawer,
 * opened by the header's 'Open menu' button. Radix traps focus and closes it on Escape; a tap
 * on an entry closes it too.
 */
export function MobileSidebar({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The 'Open menu' button: it lives in the header, outside this dialog, so Radix cannot know it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-oak-900/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo?.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-2xl focus:outline-none md:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <SidebarContent
            navId="drawer-navigation"
            collapsed={false}
            onNavigate={() => onOpenChange(false)}
            topAction={
              <Dialog.Close aria-label="Close menu" title="Close menu" className={toggleClass}>
                <X aria-hidden size={20} />
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
