import type { LucideIcon } from 'lucide-react';
import type { RouteObject } from 'react-router';

/**
 * A screen's entry in the sidebar and the command palette, declared on its route in
 * `app/routes.tsx` with React Router's `handle` (issue 42, docs/decisions/378): nothing else keeps
 * a list of screens.
 */
export interface NavEntry {
  label: string;
  /**
   * The sidebar's icon, a lucide icon module loaded with the shell (`() =>
   * import('lucide-react/icons/tag')`), so the entry chunk carries no icon (the /signin budget).
   * A screen without one is offered by the command palette only (Settings' own screens).
   */
  icon?: () => Promise<{ default: LucideIcon }>;
  /** Active only on this exact path (the dashboard would otherwise be active everywhere). */
  end?: boolean;
  /**
   * A count the sidebar shows beside the label and says in the link's name (issue 45: the
   * pending approval requests, 'Approvals, 3 pending'); read by the shell, polled.
   */
  badge?: 'pendingApprovals';
}

/** What a route's `handle` may carry. */
export interface NavHandle {
  nav?: NavEntry;
}

export interface NavItem extends NavEntry {
  /** The route's full path. */
  to: string;
}

/**
 * The entries of a route tree, in its order, each with its route's full path. The shell is given
 * the tree by app/routes.tsx (a static import of routes.tsx from the shell's chunk would tie the
 * two chunks in a cycle, and the build would split React out of the entry).
 */
export function navOf(tree: readonly RouteObject[], parentPath = ''): NavItem[] {
  return tree.flatMap((route) => {
    const to = !route.path
      ? parentPath || '/'
      : route.path.startsWith('/')
        ? route.path
        : `${parentPath.replace(/\/$/, '')}/${route.path}`;
    const nav = (route.handle as NavHandle | undefined)?.nav;
    return [...(nav ? [{ ...nav, to }] : []), ...navOf(route.children ?? [], to)];
  });
}

/** A sidebar entry: one with an icon (docs/screens/shell.md#sidebar). */
export type SidebarItem = NavItem &
  Required<Pick<NavEntry, 'icon'>> & {
    /** The entry's `badge` as counted by the shell (app-shell.tsx); none at 0. */
    count?: number | undefined;
  };

/** The sidebar's entries, in the route table's order. */
export function sidebarOf(items: readonly NavItem[]): SidebarItem[] {
  return items.filter((item): item is SidebarItem => item.icon !== undefined);
}
