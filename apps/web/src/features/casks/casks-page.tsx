import { useEffect, useState } from 'react';
import { Boxes, CircleCheck, Hourglass, Upload } from 'lucide-react';
import type { Cask, CaskStats } from '@cask/contracts/casks';
import {
  CASK_LIST,
  CASK_SEARCH_DEBOUNCE_MS,
  CASK_SORTS,
  CASKS_PAGE_SIZE,
  formatAbv,
  formatVolume,
} from '@cask/contracts/lists-plain';
import { SEARCH_MAX_LENGTH } from '@cask/contracts/plain';
import { Link } from 'react-router';
import { CASK_ALERT_LABELS, CASK_ALERTS, type CaskAlert } from '@cask/contracts/cask-alerts';
import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { UserRowActions } from '@/components/customers/user-row-actions.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { CellText, type Column } from '@/components/ui/data-table.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { LazyConfirmDialog, lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { useRequestedDialog } from '@/lib/requested-dialog.ts';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { StatCard, StatCardGrid, statCardState } from '@/components/ui/stat-card.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { formatCount, formatDate, formatMoney } from '@/lib/format.ts';
import { lazyToast, lazyUndoToast } from '@/lib/lazy-toast.ts';
import { useListParams, usePageWithin, useUrlSearch } from '@/lib/use-list-params.ts';
import { RESTORE_FAILURE, useDeleteCask, useSetCasksDeleted } from './api/cask-mutations.ts';
import { caskStatusTone } from '@/components/casks/cask-status.ts';
import { CaskAlertBadges } from './components/cask-alert-badges.tsx';
import { useWarehouses } from './api/warehouses.ts';

const ALERT_FILTER = [
  { value: '', label: 'All casks' },
  ...CASK_ALERTS.map((alert) => ({ value: alert, label: CASK_ALERT_LABELS[alert] })),
];
import { useList } from '@/lib/list-query.ts';
import { ExportCsvButton } from '@/components/ui/export-csv-button.tsx';
import { useCan } from '@/lib/current-admin.ts';

/** The list by its address, its contract (and zod) loaded beside the request (decision 450). */
const caskList = {
  ...CASK_LIST,
  load: async () => (await import('@cask/contracts/casks')).caskListDefinition,
};

// The two forms and Confirm Delete load when first opened, not with the list (decision 125).
const AddCaskModal = lazyModal(
  () => import('./components/add-cask-modal.tsx').then((m) => m.AddCaskModal),
  (props) => props.open,
);
// 'Import valuations' (issue 44): for every role; a Viewer previews, only an Admin applies.
const ImportValuationsModal = lazyModal(
  () => import('./components/import-valuations-modal.tsx').then((m) => m.ImportValuationsModal),
  (props) => props.open,
);
const EditCaskModal = lazyModal(
  () => import('./components/edit-cask-modal.tsx').then((m) => m.EditCaskModal),
  (props) => props.cask !== null,
);

/** docs/screens/casks.md#texts. */
export const FETCH_FAILURE = 'Failed to fetch casks.';
export const DELETE_SUCCESS = 'Cask deleted successfully!';
export const DELETE_FAILURE = 'Failed to delete cask.';

export { caskStatusTone };

/**
 * Under a cask's Volume: which measurement its Volume and ABV are, the latest gauge's day or the
 * filling's (docs/screens/casks.md#cask-list).
 */
function GaugedWhen({ gaugedOn }: { gaugedOn: string | null }) {
  return (
    <span className="block text-xs text-oak-700">
      {gaugedOn ? `gauged ${formatDate(`${gaugedOn}T00:00:00Z`)}` : 'as filled'}
    </span>
  );
}

/**
 * Under a cask's name: its identity and place, 'No. 1234 · Warehouse name, Rack 12, Bay 3'
 * (docs/screens/casks.md#cask-list), so the table stays as narrow as it was.
 */
export function caskPlace(cask: Pick<Cask, 'caskNumber' | 'warehouse' | 'location'>): string {
  const where = [cask.warehouse?.name, cask.location].filter(Boolean).join(', ');
  return [cask.caskNumber ? `No. ${cask.caskNumber}` : '', where].filter(Boolean).join(' · ');
}

function caskColumns(
  canChange: boolean,
  onEdit: (cask: Cask) => void,
  onDelete: (cask: Cask) => void,
) {
  const columns: Column<Cask>[] = [
    {
      id: 'name',
      header: 'Cask Name',
      sort: 'name',
      cell: (cask) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <Link
            to={`/cask/${cask.id}`}
            className="font-medium text-gold-700 underline decoration-gold-300 underline-offset-2 hover:decoration-gold-700"
          >
            <CellText>{cask.name}</CellText>
          </Link>
          <CaskAlertBadges cask={cask} />
          {caskPlace(cask) ? (
            <span className="block w-full text-xs text-oak-700">{caskPlace(cask)}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'owner',
      header: 'Owner',
      cell: (cask) => <CustomerLink id={cask.owner.id} name={cask.owner.fullName} />,
    },
    {
      id: 'distillery',
      header: 'Distillery',
      sort: 'distillery',
      cell: (cask) => cask.distillery ?? '—',
    },
    { id: 'year', header: 'Year', cell: (cask) => cask.year ?? '—' },
    {
      id: 'volume',
      header: 'Volume',
      cell: (cask) =>
        cask.volume === null ? (
          '—'
        ) : (
          <>
            {formatVolume(cask.volume)}
            <GaugedWhen gaugedOn={cask.gaugedOn} />
          </>
        ),
    },
    { id: 'abv', header: 'ABV', cell: (cask) => (cask.abv === null ? '—' : formatAbv(cask.abv)) },
    {
      id: 'value',
      header: 'Current Value',
      sort: 'currentValue',
      align: 'right',
      cell: (cask) => formatMoney(cask.currentValue),
    },
    {
      id: 'status',
      header: 'Status',
      sort: 'status',
      cell: (cask) => <StatusBadge tone={caskStatusTone(cask.status)}>{cask.status}</StatusBadge>,
    },
    {
      id: 'action',
      header: 'Action',
      align: 'right',
      pinned: true,
      hidden: !canChange,
      cell: (cask) => (
        <UserRowActions onEdit={() => onEdit(cask)} onDelete={() => onDelete(cask)} />
      ),
    },
  ];
  return columns;
}

/** docs/screens/casks.md: the three cards over the list, from the maintained counters. */
function CaskStatCards({
  stats,
  cardState,
}: {
  stats: CaskStats | undefined;
  cardState: ReturnType<typeof statCardState>;
}) {
  return (
    <StatCardGrid columns={3}>
      <StatCard
        title="Total Casks"
        value={formatCount(stats?.totalCasks)}
        {...cardState}
        icon={<Boxes size={22} />}
      />
      <StatCard
        title="Ready Casks"
        value={formatCount(stats?.readyCasks)}
        {...cardState}
        icon={<CircleCheck size={22} />}
      />
      <StatCard
        title="Maturing Casks"
        value={formatCount(stats?.maturingCasks)}
        {...cardState}
        icon={<Hourglass size={22} />}
      />
    </StatCardGrid>
  );
}

/** 'Import valuations' (docs/screens/casks.md#import-valuations): for every role. */
function ImportValuationsButton() {
  const [importing, setImporting] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setImporting(true)}
        {...preloadOn(ImportValuationsModal)}
      >
        <Upload size={16} aria-hidden />
        Import valuations
      </Button>
      <ImportValuationsModal open={importing} onOpenChange={setImporting} />
    </>
  );
}

/**
 * docs/screens/casks.md (/cask): the cards, the search, the Cask List, its three dialogs and
 * 'Import valuations'.
 */
export default function CasksPage() {
  // Page, search, alert and warehouse filters and sort in the URL (issues 31 and 44).
  const list = useListParams({
    sorts: CASK_SORTS,
    filters: { alert: CASK_ALERTS, warehouse: 'id' },
  });
  const { text, onTextChange, search } = useUrlSearch(CASK_SEARCH_DEBOUNCE_MS);
  const alert = (list.filter('alert') || '') as CaskAlert | '';
  const warehouse = list.filter('warehouse');
  const warehouses = useWarehouses();
  const casks = useList(caskList, {
    page: list.page,
    limit: CASKS_PAGE_SIZE,
    search,
    sort: list.sort,
    alert,
    warehouse,
  });
  // docs/architecture.md#roles: a Viewer is offered no change (decision 220).
  const canChange = useCan('change');
  const { data, isPending, isFetching, error, isError } = casks;
  const onRefresh = () => void casks.refetch();
  usePageWithin(list, data?.pagination.pages);

  useEffect(() => {
    if (!isError) return;
    // Imported here: the list draws without react-hot-toast (decision 121).
    void import('react-hot-toast').then(({ default: toast }) =>
      toast.error(errorMessage(error, FETCH_FAILURE), { id: 'casks-fetch' }),
    );
  }, [isError, error]);

  // The command palette's 'Add Cask' (issue 31) arrives asking for the dialog.
  const [adding, setAdding] = useRequestedDialog('add-cask', canChange);
  const [addedBefore, setAddedBefore] = useState(false);
  const [editing, setEditing] = useState<Cask | null>(null);
  const [deleting, setDeleting] = useState<Cask | null>(null);
  const remove = useDeleteCask();

  const stats = data?.stats;
  const cardState = statCardState(casks);
  const columns = caskColumns(canChange, setEditing, (cask) => {
    remove.reset();
    setDeleting(cask);
  });

  return (
    <>
      <PageHeader
        title="Cask List"
        actions={
          <>
            <ExportCsvButton list="casks" params={{ search, alert, warehouse, sort: list.sort }} />
            <ImportValuationsButton />
            {canChange ? (
              <Button onClick={() => setAdding(true)} {...preloadOn(AddCaskModal)}>
                + Add Cask
              </Button>
            ) : null}
          </>
        }
      />
      <CaskStatCards stats={stats} cardState={cardState} />
      <Card
        actions={
          <>
            <SearchInput
              label="Search casks"
              placeholder="Search casks..."
              value={text}
              onValueChange={onTextChange}
              maxLength={SEARCH_MAX_LENGTH}
            />
            <SelectField
              label="Filter by alert"
              hideLabel
              options={ALERT_FILTER}
              value={alert}
              onChange={(event) => list.setFilter('alert', event.target.value)}
              className="w-full sm:w-44"
            />
            <SelectField
              label="Filter by warehouse"
              hideLabel
              options={[
                { value: '', label: 'All warehouses' },
                ...(warehouses.data ?? []).map((row) => ({ value: row.id, label: row.name })),
                // A link's warehouse before the list of them has loaded: still the one shown.
                ...(warehouse && !warehouses.data?.some((row) => row.id === warehouse)
                  ? [
                      {
                        value: warehouse,
                        label: warehouses.isPending ? 'Loading...' : 'Unknown warehouse',
                      },
                    ]
                  : []),
              ]}
              value={warehouse}
              onChange={(event) => list.setFilter('warehouse', event.target.value)}
              // A row of its own on a phone: the warehouses' names arriving widen nothing (CLS).
              className="w-full sm:w-52"
            />
          </>
        }
      >
        <PagedTable
          failure={
            data === undefined && !isPending
              ? {
                  title: 'Error Loading Casks',
                  message: errorMessage(error, FETCH_FAILURE),
                  onRetry: onRefresh,
                }
              : undefined
          }
          blockProps={preloadOn(EditCaskModal, LazyConfirmDialog)}
          label="Cask List"
          columns={columns}
          rows={data?.casks}
          rowKey={(cask) => cask.id}
          loading={isPending}
          loadingText="Loading casks..."
          skeletonRows={CASKS_PAGE_SIZE}
          fetching={isFetching}
          emptyText="No casks found."
          pagination={data?.pagination}
          noun="casks"
          paginationLabel="Casks pagination"
          onPageChange={list.setPage}
          onRefresh={onRefresh}
          sort={list.tableSort}
        />
      </Card>

      <AddCaskModal
        open={adding}
        onOpenChange={setAdding}
        addedBefore={addedBefore}
        onAdded={() => {
          setAddedBefore(true);
          // The new cask is the newest: show it at the top of the first page.
          list.setPage(1);
        }}
      />
      <EditCaskModal cask={editing} onClose={() => setEditing(null)} />
      <DeleteCaskDialog cask={deleting} remove={remove} onClose={() => setDeleting(null)} />
    </>
  );
}

/** docs/screens/casks.md#confirm-delete: the name and distillery, then 'Delete Cask'. */
function DeleteCaskDialog({
  cask: deleting,
  remove,
  onClose,
}: {
  cask: Cask | null;
  remove: ReturnType<typeof useDeleteCask>;
  onClose: () => void;
}) {
  const restore = useSetCasksDeleted();
  return (
    <LazyConfirmDialog
      open={deleting !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Confirm Delete"
      message={`Are you sure you want to delete cask ${deleting?.name ?? ''} from ${deleting?.distillery ?? ''}?`}
      confirmLabel="Delete Cask"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onConfirm={() => {
        if (!deleting) return;
        const { id, name } = deleting;
        remove.mutate(id, {
          onSuccess: () => {
            // Issue 31: the spec's message, with 'Undo' for 10 seconds (decision 273).
            lazyUndoToast(
              DELETE_SUCCESS,
              () => restore.mutateAsync({ changes: [{ id, deleted: false }] }),
              {
                done: `Undone: cask ${name} is back.`,
                failed: (failure) => errorMessage(failure, RESTORE_FAILURE),
              },
            );
            onClose();
          },
          onError: (failure) => lazyToast('error', errorMessage(failure, DELETE_FAILURE)),
        });
      }}
    >
      <p className="text-sm text-oak-700">This action cannot be undone.</p>
    </LazyConfirmDialog>
  );
}
