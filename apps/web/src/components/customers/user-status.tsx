import { StatusBadge } from '@/components/ui/status-badge.tsx';

/** docs/screens/users.md#limits: the two status values, as the select and the badge word them. */
export const STATUS_OPTIONS = [
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
] as const;

export function UserStatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <StatusBadge tone="green">Active</StatusBadge>
  ) : (
    <StatusBadge tone="grey">Inactive</StatusBadge>
  );
}
