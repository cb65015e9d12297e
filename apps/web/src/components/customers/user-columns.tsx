import type { User } from '@cask/contracts/users';
import type { Column } from '@/components/ui/data-table.tsx';
import { formatCount } from '@/lib/format.ts';
import { CustomerLink } from './customer-link.tsx';
import { UserRowActions } from './user-row-actions.tsx';
import { UserStatusBadge } from './user-status.tsx';

/**
 * docs/screens/users.md: the columns both customer tables show, User Name, Email, Casks (the
 * `balance`), Status and the edit / delete buttons, whose header the screen names ('Action' on the
 * Dashboard, 'Actions' in User Management).
 */
export function userColumns({
  actionsHeader,
  canChange,
  onEdit,
  onDelete,
}: {
  actionsHeader: string;
  /** Whether the admin may change customers: a Viewer's table has no actions column. */
  canChange: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}): Column<User>[] {
  return [
    // The sorts apply where the table is given one (User Management; the dashboard has none).
    {
      id: 'name',
      header: 'User Name',
      sort: 'fullName',
      cell: (user) => <CustomerLink id={user.id} name={user.fullName} />,
    },
    { id: 'email', header: 'Email', sort: 'email', cell: (user) => user.email },
    { id: 'casks', header: 'Casks', align: 'right', cell: (user) => formatCount(user.balance) },
    {
      id: 'status',
      header: 'Status',
      cell: (user) => <UserStatusBadge isActive={user.isActive} />,
    },
    {
      id: 'actions',
      pinned: true,
      hidden: !canChange,
      header: actionsHeader,
      align: 'right',
      cell: (user) => (
        <UserRowActions onEdit={() => onEdit(user)} onDelete={() => onDelete(user)} />
      ),
    },
  ];
}
