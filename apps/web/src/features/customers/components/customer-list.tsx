import { useState } from 'react';
import { USERS_PAGE_SIZE } from '@cask/contracts/plain';
import { USER_LIST, USER_SORTS } from '@cask/contracts/lists-plain';
import type { User } from '@cask/contracts/users';
import { LazyEditUserModal } from '@/components/customers/lazy-edit-user-modal.ts';
import { userColumns } from '@/components/customers/user-columns.tsx';
import { BulkBar } from '@/components/ui/bulk-bar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { LazyConfirmDialog, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { undoBody } from '@/lib/post-bulk.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { bulkFailureMessage } from '@/lib/api-error.ts';
import {
  DELETE_FAILURE,
  offerUserUndo,
  RESTORE_FAILURE,
  useDeleteUser,
  useSetUsersDeleted,
} from '@/lib/customer-mutations.ts';
import { formatCount } from '@/lib/format.ts';
import { lazyToast, lazyUndoToast } from '@/lib/lazy-toast.ts';
import { useList } from '@/lib/list-query.ts';
import { ExportCsvButton } from '@/components/ui/export-csv-button.tsx';
import { useListParams, usePageWithin } from '@/lib/use-list-params.ts';
import { useRowSelection } from '@/lib/use-row-selection.ts';
import { BULK_ACTIVE_FAILURE, useSetUsersActive } from '../api/bulk-active.ts';
import { useCan } from '@/lib/current-admin.ts';

/** docs/screens/users.md#texts. */
export const USERS_FAILURE = 'Failed to fetch users';

/** The list by its address, its contract (and zod) loaded beside the request (decision 450). */
const userList = {
  ...USER_LIST,
  load: async () => (await import('@cask/contracts/users')).userListDefinition,
};

/**
 * docs/screens/users.md#user-management: the table (User Name, Email, Casks, Status, Actions), its
 * states, the pagination with Refresh, and the edit and delete modals.
 */
export function CustomerList({ search }: { search: string }) {
  // Page and sort in the URL (issue 31); the search is the screen's.
  const list = useListParams({ sorts: USER_SORTS });
  const users = useList(userList, {
    page: list.page,
    limit: USERS_PAGE_SIZE,
    search,
    sort: list.sort,
  });
  const { data, isPending, isFetching, error } = users;
  const onRefresh = () => void users.refetch();
  usePageWithin(list, data?.pagination.pages);
  // A Viewer is offered no change, row checkboxes included (docs/decisions/325).
  const canChange = useCan('change');

  const remove = useDeleteUser();
  const restore = useSetUsersDeleted();
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  const rows = data?.users ?? [];
  const selection = useRowSelection(rows.map((row) => row.id));
  const chosen = rows.filter((row) => selection.selected.has(row.id));

  const columns = userColumns({
    actionsHeader: 'Actions',
    canChange,
    onEdit: setEditing,
    onDelete: (user) => {
      remove.reset();
      setDeleting(user);
    },
  });

  return (
    <Card
      title="Users"
      actions={
        <>
          <ExportCsvButton list="users" params={{ search, sort: list.sort }} listName="Users" />
          {data ? (
            <p className="text-sm text-oak-700">
              Total:{' '}
              <span className="font-semibold text-oak-900">
                {formatCount(data.pagination.total)}
              </span>
            </p>
          ) : (
            // Its line is kept while loading (phones show it under the title): nothing moves.
            <p aria-hidden className="text-sm">
              {'\u00a0'}
            </p>
          )}
        </>
      }
    >
      {canChange ? <UserBulkActions chosen={chosen} onClear={selection.clear} /> : null}
      <PagedTable
        failure={
          data === undefined && !isPending
            ? {
                title: 'Error Loading Users',
                message: errorMessage(error, USERS_FAILURE),
                onRetry: onRefresh,
              }
            : undefined
        }
        blockProps={preloadOn(LazyEditUserModal, LazyConfirmDialog)}
        label="Users"
        columns={columns}
        rows={data?.users}
        rowKey={(user) => user.id}
        loading={isPending}
        loadingText="Loading users..."
        skeletonRows={USERS_PAGE_SIZE}
        fetching={isFetching}
        emptyText={<EmptyState title="No users found" hint="Try adjusting your search criteria" />}
        pagination={data?.pagination}
        noun="users"
        paginationLabel="Users pagination"
        onPageChange={list.setPage}
        onRefresh={onRefresh}
        sort={list.tableSort}
        selection={canChange ? { ...selection, rowLabel: (row) => row.fullName } : undefined}
      />

      <LazyEditUserModal
        user={editing}
        onClose={() => setEditing(null)}
        title={(user) => `Edit User - ${user.fullName}`}
        saveLabel="Save Changes"
        showUserId
      />
      <LazyConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete User Account"
        message={`Are you sure you want to delete ${deleting?.fullName ?? ''}? This action cannot be undone.`}
        confirmLabel="Delete User"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, DELETE_FAILURE) : undefined}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              offerUserUndo(deleting, restore);
            },
          });
        }}
      />
    </Card>
  );
}

/**
 * Issue 31: rows chosen for 'Set Active' / 'Set Inactive', confirmed with their count, and the
 * bulk 'Delete' (each hidden as the single delete hides one), undone from the toast.
 */
function UserBulkActions({ chosen, onClear }: { chosen: User[]; onClear: () => void }) {
  const restore = useSetUsersDeleted();
  const [setting, setSetting] = useState<boolean | null>(null);
  // The rows as sent: a refusal names rows by their place in the request.
  const [sent, setSent] = useState<readonly User[]>([]);
  const failure = (error: unknown, fallback: string) =>
    bulkFailureMessage(error, sent, (row) => row.fullName, fallback);
  const setActive = useSetUsersActive();
  const undoActive = useSetUsersActive();
  const settingLabel = setting ? 'Set Active' : 'Set Inactive';
  const counted = (count: number) => `${count} ${count === 1 ? 'user' : 'users'}`;
  const confirmSetting = () => {
    if (setting === null) return;
    const count = chosen.length;
    const status = setting ? 'Active' : 'Inactive';
    setSent(chosen);
    setActive.mutate(
      { changes: chosen.map((row) => ({ id: row.id, isActive: setting })) },
      {
        onSuccess: (answer) => {
          setSetting(null);
          onClear();
          // The toasts load with the dialogs, not with the list (decision 121).
          void import('@/lib/undo-toast.tsx').then(({ undoToast }) =>
            undoToast(`${counted(count)} set ${status}.`, () =>
              undoActive.mutate(undoBody(answer), {
                onSuccess: () => lazyToast('success', `Undone: ${counted(count)} as they were.`),
                onError: (failure) =>
                  lazyToast('error', errorMessage(failure, BULK_ACTIVE_FAILURE)),
              }),
            ),
          );
        },
        onError: (failure) => lazyToast('error', errorMessage(failure, BULK_ACTIVE_FAILURE)),
      },
    );
  };

  const [bulkDeleting, setBulkDeleting] = useState(false);
  const removeAll = useSetUsersDeleted();
  const confirmBulkDelete = () => {
    const count = chosen.length;
    setSent(chosen);
    removeAll.mutate(
      { changes: chosen.map((row) => ({ id: row.id, deleted: true })) },
      {
        onSuccess: (answer) => {
          setBulkDeleting(false);
          onClear();
          lazyUndoToast(`${counted(count)} deleted.`, () => restore.mutateAsync(undoBody(answer)), {
            done: `Undone: ${counted(count)} as they were.`,
            failed: (failure) => errorMessage(failure, RESTORE_FAILURE),
          });
        },
      },
    );
  };

  return (
    <>
      <BulkBar count={chosen.length} noun="users" onClear={onClear}>
        <Button size="sm" onClick={() => setSetting(true)} {...preloadOn(LazyConfirmDialog)}>
          Set Active
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setSetting(false)}>
          Set Inactive
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() => {
            removeAll.reset();
            setBulkDeleting(true);
          }}
        >
          Delete
        </Button>
      </BulkBar>
      <LazyConfirmDialog
        open={setting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setActive.reset();
            setSetting(null);
          }
        }}
        title={settingLabel}
        message={`Set ${counted(chosen.length)} ${setting ? 'Active' : 'Inactive'}?`}
        confirmLabel={settingLabel}
        busyLabel="Saving..."
        busy={setActive.isPending}
        error={setActive.isError ? failure(setActive.error, BULK_ACTIVE_FAILURE) : undefined}
        onConfirm={confirmSetting}
      />
      <LazyConfirmDialog
        open={bulkDeleting}
        onOpenChange={(open) => {
          if (!open) setBulkDeleting(false);
        }}
        title="Delete Users"
        message={`Are you sure you want to delete ${counted(chosen.length)}?`}
        confirmLabel={`Delete ${counted(chosen.length)}`}
        busyLabel="Deleting..."
        busy={removeAll.isPending}
        error={removeAll.isError ? failure(removeAll.error, DELETE_FAILURE) : undefined}
        onConfirm={confirmBulkDelete}
      />
    </>
  );
}
