import {
  Barrel,
  Bell,
  ScrollText,
  LayoutDashboard,
  Settings,
  ShoppingCart,
  Tag,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard would otherwise be active everywhere). */
  end?: boolean;
}

/**
 * docs/screens/shell.md#sidebar: the eight entries, in this order, with these routes; issue 29
 * adds 'Audit Log'.
 */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard, end: true },
  { label: 'User', to: '/user', icon: Users },
  { label: 'Cask', to: '/cask', icon: Barrel },
  { label: 'Offers', to: '/offers', icon: Tag },
  { label: 'Orders', to: '/orders', icon: ShoppingCart },
  { label: 'Referrals', to: '/referrals', icon: UserPlus },
  { label: 'Notifications', to: '/notifications', icon: Bell },
  // Issue 29: after Notifications.
  { label: 'Audit Log', to: '/audit', icon: ScrollText },
  // Not `end`: /setting/profile and /setting/privacy keep Settings highlighted.
  { label: 'Settings', to: '/setting', icon: Settings },
];
