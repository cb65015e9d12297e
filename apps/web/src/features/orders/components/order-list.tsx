import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { useEffect, useState } from 'react';
import type { Order, orderListDefinition } from '@cask/contracts/orders';
import { ORDERS_PAGE_SIZE } from '@cask/contracts/lists-plain';
import { UserRowActions } from '@/components/customers/user-row-actions.tsx';
import { BulkBar } from '@/components/ui/bulk-bar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { OrderStatusBadge } from '@/components/orders/order-status-badge.tsx';
import type { Column, TableSort } from '@/components/ui/data-table.tsx';
import { LazyConfirmDialog, lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { lazyToast, lazyUndoToast } from '@/lib/lazy-toast.ts';
import { useRowSelection } from '@/lib/use-row-selection.ts';
import type { ListResult } from '@/lib/list-query.ts';
import {
  DELETE_FAILURE,
  DELETE_SUCCESS,
  fetchOrder,
  RESTORE_FAILURE,
  useDeleteOrder,
  useSetOrdersDeleted,
} from '../api/order-mutations.ts';
import { useCan } from '@/lib/current-admin.ts';
import { useLinkedRecord } from '@/lib/use-linked-record.ts';

// The dialogs load when first opened, keeping the screen inside its JavaScript budget
// (docs/decisions/125).
const EditOrderModal = lazyModal(
  () => import('./edit-order-modal.tsx').then((m) => m.EditOrderModal),
  (props) => props.order !== null,
);
const BulkStatusModal = lazyModal(
  () => import('./bulk-status-modal.tsx').then((m) => m.OrderBulkStatusModal),
  (props) => props.open,
);

/** docs/screens/orders.md#texts. */
export const FETCH_FAILURE = 'Failed to fetch purchases.';

function orderColumns(actions: {
  /** Whether the admin may change orders: a Viewer's table has no Action column. */
  canChange: boolean;
  onEdit: (order: Order) => void;
  onDelete: (order: Order) => void;
}): Column<Order>[] {
  return [
    {
      id: 'user',
      header: 'User Name',
      cell: (order) =>
        order.user.id && order.user.fullName ? (
          <CustomerLink id={order.user.id} name={order.user.fullName} />
        ) : (
          order.user.fullName || 'N/A'
        ),
    },
    { id: 'product', header: 'Product Name', sort: 'title', cell: (order) => order.title },
    {
      id: 'budget',
      header: 'Budget',
      sort: 'investmentAmount',
      align: 'right',
      cell: (order) => formatMoney(order.investmentAmount),
    },
    {
      id: 'status',
      header: 'Status',
      sort: 'status',
      cell: (order) => <OrderStatusBadge status={order.status} />,
    },
    // Issue 41: two orders of one product are told apart, and the oldest pending one found.
    // A reference and a date read on one line ('ORD-00133', 'Nov 26, 2026'), never broken.
    {
      id: 'reference',
      header: 'Reference',
      className: 'whitespace-nowrap',
      cell: (order) => order.reference,
    },
    {
      id: 'ordered',
      header: 'Ordered',
      sort: 'createdAt',
      className: 'whitespace-nowrap',
      cell: (order) => formatDate(order.createdAt),
    },
    {
      id: 'action',
      pinned: true,
      hidden: !actions.canChange,
      header: 'Action',
      align: 'right',
      cell: (order) => (
        <UserRowActions
          onEdit={() => actions.onEdit(order)}
          onDelete={() => actions.onDelete(order)}
        />
      ),
    },
  ];
}

/**
 * docs/screens/orders.md, 'Order List': the table, its loading, empty and error states, the
 * pagination with Refresh, and the Edit Order and Confirm Delete dialogs.
 */
export function OrderList({
  orders,
  onPageChange,
  sort,
}: {
  orders: ListResult<typeof orderListDefinition>;
  onPageChange: (page: number) => void;
  /** The column headers sort the list (issue 31). */
  sort?: TableSort;
}) {
  const { data, isPending, isFetching, error, isError, errorUpdatedAt } = orders;
  const onRefresh = () => void orders.refetch();
  const [editing, setEditing] = useState<Order | null>(null);
  // The Audit Entry's link to an order opens its dialog (`?open=<id>`, decision 223).
  // A Viewer is offered no change, row checkboxes included (docs/decisions/325).
  const canChange = useCan('change');
  const linked = useLinkedRecord('orders', fetchOrder, canChange);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const remove = useDeleteOrder();
  const restore = useSetOrdersDeleted();
  // Issue 31: rows chosen for a bulk 'Set status'.
  const rows = data?.purchases ?? [];
  const selection = useRowSelection(rows.map((order) => order._id));
  const chosen = rows.filter((order) => selection.selected.has(order._id));
  const [settingStatus, setSettingStatus] = useState(false);

  useEffect(() => {
    if (!isError) return;
    // The screen draws without react-hot-toast, which the dialogs load with them (decision 121).
    lazyToast('error', errorMessage(error, FETCH_FAILURE), { id: 'orders-fetch' });
  }, [isError, error, errorUpdatedAt]);

  return (
    <Card>
      {canChange ? (
        <BulkBar count={chosen.length} noun="orders" onClear={selection.clear}>
          <Button size="sm" onClick={() => setSettingStatus(true)} {...preloadOn(BulkStatusModal)}>
            Set status
          </Button>
        </BulkBar>
      ) : null}
      <PagedTable
        failure={
          data === undefined && !isPending
            ? {
                title: 'Error Loading Orders',
                message: errorMessage(error, FETCH_FAILURE),
                onRetry: onRefresh,
              }
            : undefined
        }
        blockProps={preloadOn(EditOrderModal, LazyConfirmDialog)}
        label="Order List"
        columns={orderColumns({ canChange, onEdit: setEditing, onDelete: setDeleting })}
        rows={data?.purchases}
        rowKey={(order) => order._id}
        loading={isPending}
        loadingText="Loading orders..."
        skeletonRows={ORDERS_PAGE_SIZE}
        fetching={isFetching}
        emptyText="No purchases found."
        pagination={data?.pagination}
        noun="orders"
        paginationLabel="Orders pagination"
        onPageChange={onPageChange}
        onRefresh={onRefresh}
        sort={sort}
        selection={
          canChange
            ? {
                ...selection,
                rowLabel: (order) => `order ${order.title} for ${order.user.fullName || 'N/A'}`,
              }
            : undefined
        }
      />
      <BulkStatusModal
        orders={chosen}
        open={settingStatus}
        onClose={() => setSettingStatus(false)}
        onDone={selection.clear}
      />
      <EditOrderModal
        order={editing ?? linked.record}
        onClose={() => {
          setEditing(null);
          linked.close();
        }}
      />
      {/* docs/screens/orders.md#confirm-delete; a failure stays open with a toast (decision 153) */}
      <LazyConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            remove.reset();
            setDeleting(null);
          }
        }}
        title="Confirm Delete"
        message={
          deleting
            ? `Are you sure you want to delete order ${deleting.title} for ${deleting.user.fullName}?`
            : ''
        }
        confirmLabel="Confirm"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, DELETE_FAILURE) : undefined}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => {
              // Issue 31: the spec's message, with 'Undo' for 10 seconds.
              const { _id: id, title } = deleting;
              lazyUndoToast(
                DELETE_SUCCESS,
                () => restore.mutateAsync({ changes: [{ id, deleted: false }] }),
                {
                  done: `Undone: order ${title} is back.`,
                  failed: (failure) => errorMessage(failure, RESTORE_FAILURE),
                },
              );
              remove.reset();
              setDeleting(null);
            },
            onError: (failure) => lazyToast('error', errorMessage(failure, DELETE_FAILURE)),
          });
        }}
      />
    </Card>
  );
}
