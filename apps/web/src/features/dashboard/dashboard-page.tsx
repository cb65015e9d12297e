import { lazy, Suspense, useState } from 'react';
import { Boxes, CircleDollarSign, Tag, Users } from 'lucide-react';
import { Link } from 'react-router';
import { DASHBOARD_USERS_LIMIT } from '@cask/contracts/plain';
import type { User } from '@cask/contracts/users';
import { LazyEditUserModal } from '@/components/customers/lazy-edit-user-modal.ts';
import { userColumns } from '@/components/customers/user-columns.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { LazyConfirmDialog, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { StatCard, StatCardGrid } from '@/components/ui/stat-card.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import {
  DELETE_FAILURE,
  offerUserUndo,
  useDeleteUser,
  useSetUsersDeleted,
} from '@/lib/customer-mutations.ts';
import { useCan } from '@/lib/current-admin.ts';
import { formatCount, formatThousands } from '@/lib/format.ts';
import { useListParams, usePageWithin } from '@/lib/use-list-params.ts';
import { useDashboard } from './api/get-dashboard.ts';
import { useRecentUsers } from './api/get-recent-users.ts';

// Issue 30: the charts are their own chunk, loaded after the route (its JavaScript budget).
const DashboardTrends = lazy(() => import('./components/dashboard-trends.tsx'));

/** docs/screens/dashboard.md#texts: the dashboard's failure texts. */
/** Under 'Total Value' (the spec's title): what the number is. */
export const TOTAL_VALUE_HINT = 'Order revenue';

export const DASHBOARD_FAILURE = 'Failed to fetch dashboard data';
export const USERS_FAILURE = 'Failed to fetch users';

/**
 * 'Error: {message}' with the server's words, else the screen's fallback
 * (docs/screens/dashboard.md#texts).
 */
function dashboardFailure(error: unknown): string {
  return error instanceof ApiError && error.message.trim() !== ''
    ? `Error: ${error.message}`
    : DASHBOARD_FAILURE;
}

/**
 * docs/screens/dashboard.md (/): the four totals and the Recent Users table, whose rows can be
 * edited (status) and deleted.
 */
export default function DashboardPage() {
  const dashboard = useDashboard();
  // The page is in the URL (issue 31): a reload or Back shows the same users.
  const list = useListParams();
  const users = useRecentUsers(list.page);
  const remove = useDeleteUser();
  const restore = useSetUsersDeleted();
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const canChange = useCan('change');

  // A deletion can empty the last page: go back to the new last one.
  usePageWithin(list, users.data?.pagination.pages);

  const columns = userColumns({
    actionsHeader: 'Action',
    canChange,
    onEdit: setEditing,
    onDelete: (user) => {
      remove.reset();
      setDeleting(user);
    },
  });

  const total = users.data?.pagination.total;

  return (
    <>
      <PageHeader title="Dashboard" />

      <DashboardTotals dashboard={dashboard} />

      <Card>
        <PagedTable
          failure={
            users.isError && users.data === undefined
              ? {
                  title: 'Error Loading Users',
                  message: errorMessage(users.error, USERS_FAILURE),
                  onRetry: () => void users.refetch(),
                }
              : undefined
          }
          blockProps={preloadOn(LazyEditUserModal, LazyConfirmDialog)}
          caption={total === undefined ? 'Recent Users' : `Recent Users (${total})`}
          columns={columns}
          rows={users.data?.users}
          rowKey={(user) => user.id}
          loading={users.isPending}
          skeletonRows={DASHBOARD_USERS_LIMIT}
          fetching={users.isFetching}
          emptyText="No Data found"
          pagination={users.data?.pagination}
          noun="users"
          paginationLabel="Recent users pagination"
          onPageChange={list.setPage}
          onRefresh={() => {
            void users.refetch();
            void dashboard.refetch();
          }}
        />
      </Card>

      <Suspense fallback={<LoadingState label="Loading trends..." />}>
        <DashboardTrends />
      </Suspense>

      <LazyEditUserModal
        user={editing}
        onClose={() => setEditing(null)}
        title={() => 'Edit User'}
        saveLabel="Save"
      />
      <LazyConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Confirm Delete"
        // Issue 31: User Management's words, so the dialog says the user will be deleted.
        message={`Are you sure you want to delete ${deleting?.fullName ?? ''}? This action cannot be undone.`}
        confirmLabel="Delete"
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
    </>
  );
}

/**
 * The Total Casks card's alerts line while the totals load: the same words, unseen and unread, so
 * the card is as tall as it will be (one line on a wide card, two or more on a phone or in a row
 * of four) and the cards and the table below it do not move when the numbers come (issue 47).
 */
const CASK_ALERTS_PLACEHOLDER = (
  <span aria-hidden className="invisible">
    00 Regauge due · 00 ABV near 40% · 0 Missing at warehouses
  </span>
);

/** The four totals, or the failure in their place; the casks' alerts open the Cask List. */
function DashboardTotals({ dashboard }: { dashboard: ReturnType<typeof useDashboard> }) {
  const totals = dashboard.data;
  return dashboard.isError && totals === undefined ? (
    <div className="mb-6">
      <ErrorState
        title={dashboardFailure(dashboard.error)}
        onRetry={() => void dashboard.refetch()}
      />
    </div>
  ) : (
    <StatCardGrid>
      <StatCard
        title="Total Users"
        icon={<Users size={22} />}
        loading={dashboard.isPending}
        value={formatCount(totals?.users.totalUsers)}
      />
      <StatCard
        title="Total Casks"
        icon={<Boxes size={22} />}
        loading={dashboard.isPending}
        value={formatCount(totals?.casks.totalCasks)}
        hint={
          totals?.caskAlerts ? (
            // Each count opens the Cask List filtered by its alert (issue 41).
            <>
              <Link
                to="/cask?alert=regauge-due"
                className="text-gold-700 underline underline-offset-2"
              >
                {formatCount(totals.caskAlerts.regaugeDue)} Regauge due
              </Link>
              {' · '}
              <Link
                to="/cask?alert=abv-near-40"
                className="text-gold-700 underline underline-offset-2"
              >
                {formatCount(totals.caskAlerts.abvNearForty)} ABV near 40%
              </Link>
              {totals.reconciliation ? (
                <>
                  {' · '}
                  {/* Issue 44: the casks missing in each warehouse's latest statement. */}
                  <Link
                    to="/reconciliations"
                    className="text-gold-700 underline underline-offset-2"
                  >
                    {formatCount(totals.reconciliation.missingAtWarehouses)} Missing at warehouses
                  </Link>
                </>
              ) : null}
            </>
          ) : dashboard.isPending ? (
            CASK_ALERTS_PLACEHOLDER
          ) : undefined
        }
      />
      <StatCard
        title="Active Offers"
        icon={<Tag size={22} />}
        loading={dashboard.isPending}
        value={formatCount(totals?.offers.activeOffers)}
      />
      <StatCard
        title="Total Value"
        icon={<CircleDollarSign size={22} />}
        loading={dashboard.isPending}
        value={formatThousands(totals?.payments.totalRevenue)}
        // The spec's title, for what it counts: the orders' revenue, not the casks' value
        // (the 'Portfolio value' chart below).
        hint={TOTAL_VALUE_HINT}
      />
    </StatCardGrid>
  );
}
