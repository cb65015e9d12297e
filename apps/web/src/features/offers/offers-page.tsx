import { useState } from 'react';
import { CircleCheck, Plus, Tags } from 'lucide-react';
import type { Offer, OfferType, offerListDefinition } from '@cask/contracts/offers';
import { OFFER_LIST, OFFER_SORTS, OFFER_TYPES } from '@cask/contracts/lists-plain';
import { SEARCH_MAX_LENGTH } from '@cask/contracts/plain';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { LazyConfirmDialog, lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { CellText, type Column } from '@/components/ui/data-table.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { UserRowActions } from '@/components/customers/user-row-actions.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { StatCard, StatCardGrid, statCardState } from '@/components/ui/stat-card.tsx';
import { undoBody } from '@/lib/post-bulk.ts';
import { bulkFailureMessage, errorMessage } from '@/lib/api-error.ts';
import { formatCount, formatIsoDate, formatMoney } from '@/lib/format.ts';
import { lazyUndoToast } from '@/lib/lazy-toast.ts';
import { useListParams, usePageWithin, useUrlSearch } from '@/lib/use-list-params.ts';
import { useList, type ListResult } from '@/lib/list-query.ts';
import {
  BULK_ACTIVE_FAILURE,
  DELETE_FAILURE,
  DELETE_SUCCESS,
  fetchOffer,
  RESTORE_FAILURE,
  useDeleteOffer,
  useSetOffersActive,
  useSetOffersDeleted,
} from './api/offer-mutations.ts';
import { useLinkedRecord } from '@/lib/use-linked-record.ts';
import { BulkBar } from '@/components/ui/bulk-bar.tsx';
import { useRowSelection } from '@/lib/use-row-selection.ts';
import type { OfferEditing } from './components/offer-form-modal.tsx';
import { typeLabel } from './offer-labels.ts';
import { ExportCsvButton } from '@/components/ui/export-csv-button.tsx';
import { useCan } from '@/lib/current-admin.ts';

/** docs/screens/offers.md#texts. */
export const FETCH_FAILURE = 'Failed to fetch offers';
/** docs/screens/offers.md#limits: typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 500;
/** The first is the default (OFFERS_PAGE_SIZE). */
const PAGE_SIZES = [10, 20, 50] as const;

// The form (react-hook-form, the type's fields, the image pickers) and Confirm Delete load when
// first opened, so the list stays within its JavaScript budget (docs/decisions/125 and 144).
const OfferFormModal = lazyModal(
  () => import('./components/offer-form-modal.tsx').then((m) => m.OfferFormModal),
  (props) => props.editing !== null,
);

/** The list by its address, its contract (and zod) loaded beside the request (decision 450). */
const offerList = {
  ...OFFER_LIST,
  load: async () => (await import('@cask/contracts/offers')).offerListDefinition,
};

const typeOptions = [
  { value: '', label: 'All' },
  ...OFFER_TYPES.map((type) => ({ value: type, label: typeLabel(type) })),
];
const pageSizeOptions = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/**
 * docs/screens/offers.md (/offers): the two cards, search, type filter, page size, the table with
 * edit and delete, Add Offer / Edit Offer and Confirm Delete. Changing the search, the type or
 * the page size goes back to page 1 (docs/screens/offers.md). All of them and the sort are in the
 * URL (issue 31).
 */
export default function OffersPage() {
  const list = useListParams({
    sorts: OFFER_SORTS,
    filters: { type: OFFER_TYPES },
    limits: PAGE_SIZES,
  });
  const { text, onTextChange, search } = useUrlSearch(SEARCH_DEBOUNCE_MS);
  const type = (list.filter('type') || undefined) as OfferType | undefined;
  const limit = list.limit ?? PAGE_SIZES[0];
  const request = { page: list.page, limit, search, type, sort: list.sort };
  const offers = useList(offerList, request);
  // docs/architecture.md#roles: a Viewer is offered no change (decision 220).
  const canChange = useCan('change');
  const { data, isPending, isFetching, error } = offers;
  usePageWithin(list, data?.pagination.pages);

  const [editing, setEditing] = useState<OfferEditing>(null);
  // The Audit Entry's link to an offer opens its dialog (`?open=<id>`, decision 223).
  const linked = useLinkedRecord('offers', fetchOffer, canChange);
  const [deleting, setDeleting] = useState<Offer | null>(null);
  const remove = useDeleteOffer();

  // Issue 31: the rows chosen for 'Activate' / 'Deactivate' (OfferActivationDialog).
  const rows = data?.offers ?? [];
  const selection = useRowSelection(rows.map((offer) => offer.id));
  const chosen = rows.filter((offer) => selection.selected.has(offer.id));
  const [activating, setActivating] = useState<boolean | null>(null);

  const columns = offerColumns({
    canChange,
    onEdit: (offer) => setEditing({ mode: 'edit', offer }),
    onDelete: (offer) => {
      remove.reset();
      setDeleting(offer);
    },
  });

  return (
    <>
      <PageHeader
        title="Offers"
        actions={
          <>
            <ExportCsvButton list="offers" params={{ search, type, sort: list.sort }} />
            {canChange ? (
              <Button onClick={() => setEditing({ mode: 'add' })} {...preloadOn(OfferFormModal)}>
                <Plus size={16} aria-hidden />
                Add Offer
              </Button>
            ) : null}
          </>
        }
      />

      <OfferStatCards offers={offers} />

      <Card>
        <div className="flex flex-col gap-3 px-4 pt-4 pb-3 sm:flex-row sm:items-end sm:justify-between">
          <SearchInput
            label="Search offers"
            placeholder="Search offers..."
            value={text}
            onValueChange={onTextChange}
            maxLength={SEARCH_MAX_LENGTH}
          />
          <div className="flex gap-3">
            <SelectField
              label="Type"
              className="w-40"
              options={typeOptions}
              value={type ?? ''}
              onChange={(event) => list.setFilter('type', event.target.value)}
            />
            <SelectField
              label="Page size"
              className="w-28"
              options={pageSizeOptions}
              value={String(limit)}
              onChange={(event) => list.setLimit(Number(event.target.value))}
            />
          </div>
        </div>

        {canChange ? (
          <BulkBar count={chosen.length} noun="offers" onClear={selection.clear}>
            <Button size="sm" onClick={() => setActivating(true)}>
              Activate
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setActivating(false)}>
              Deactivate
            </Button>
          </BulkBar>
        ) : null}
        <PagedTable
          // docs/screens/offers.md#texts: the list is emptied and the failure shows in a red box.
          failure={
            data === undefined && !isPending
              ? {
                  title: 'Error Loading Offers',
                  message: errorMessage(error, FETCH_FAILURE),
                  onRetry: () => void offers.refetch(),
                }
              : undefined
          }
          blockProps={preloadOn(OfferFormModal, LazyConfirmDialog)}
          label="Offers"
          columns={columns}
          rows={data?.offers}
          rowKey={(offer) => offer.id}
          loading={isPending}
          loadingText="Loading offers..."
          skeletonRows={limit}
          fetching={isFetching}
          emptyText={
            <EmptyState title="No offers found" hint="Try adjusting your search or type" />
          }
          pagination={data?.pagination}
          noun="offers"
          paginationLabel="Offers pagination"
          onPageChange={list.setPage}
          onRefresh={() => void offers.refetch()}
          sort={list.tableSort}
          selection={
            canChange ? { ...selection, rowLabel: (offer: Offer) => offer.title } : undefined
          }
        />
      </Card>

      <OfferActivationDialog
        activating={activating}
        chosen={chosen}
        onClose={() => setActivating(null)}
        onDone={() => {
          setActivating(null);
          selection.clear();
        }}
      />

      <OfferFormModal
        editing={editing ?? (linked.record ? { mode: 'edit', offer: linked.record } : null)}
        onClose={() => {
          setEditing(null);
          linked.close();
        }}
      />

      <DeleteOfferDialog offer={deleting} onClose={() => setDeleting(null)} remove={remove} />
    </>
  );
}

const counted = (count: number) => `${count} ${count === 1 ? 'offer' : 'offers'}`;

/**
 * Issue 31: 'Activate' / 'Deactivate' on the chosen offers, confirmed with their count, undone
 * from the toast.
 */
function OfferActivationDialog({
  activating,
  chosen,
  onClose,
  onDone,
}: {
  activating: boolean | null;
  chosen: readonly Offer[];
  onClose: () => void;
  onDone: () => void;
}) {
  // The offers as sent: a refusal names rows by their place in the request.
  const [sent, setSent] = useState<readonly Offer[]>([]);
  const setActive = useSetOffersActive();
  const undoActive = useSetOffersActive();
  const activeLabel = activating ? 'Activate' : 'Deactivate';
  const confirmActive = () => {
    if (activating === null) return;
    const count = chosen.length;
    const done = activating ? 'activated' : 'deactivated';
    setSent(chosen);
    setActive.mutate(
      { changes: chosen.map((offer) => ({ id: offer.id, isActive: activating })) },
      {
        onSuccess: (answer) => {
          onDone();
          lazyUndoToast(
            `${counted(count)} ${done}.`,
            () => undoActive.mutateAsync(undoBody(answer)),
            {
              done: `Undone: ${counted(count)} as they were.`,
              failed: (failure) => errorMessage(failure, BULK_ACTIVE_FAILURE),
            },
          );
        },
      },
    );
  };

  return (
    <LazyConfirmDialog
      open={activating !== null}
      onOpenChange={(open) => {
        if (!open) {
          setActive.reset();
          onClose();
        }
      }}
      title={`${activeLabel} Offers`}
      message={`${activeLabel} ${counted(chosen.length)}?`}
      confirmLabel={activeLabel}
      busyLabel="Saving..."
      busy={setActive.isPending}
      error={
        setActive.isError
          ? bulkFailureMessage(setActive.error, sent, (offer) => offer.title, BULK_ACTIVE_FAILURE)
          : undefined
      }
      onConfirm={confirmActive}
    />
  );
}

/** docs/screens/offers.md#confirm-delete: a failure stays in the dialog in a red box. */
function DeleteOfferDialog({
  offer: deleting,
  onClose,
  remove,
}: {
  offer: Offer | null;
  onClose: () => void;
  remove: ReturnType<typeof useDeleteOffer>;
}) {
  const restore = useSetOffersDeleted();
  return (
    <LazyConfirmDialog
      open={deleting !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Confirm Delete"
      message={`Are you sure you want to delete ${deleting?.title ?? ''}?`}
      confirmLabel="Confirm"
      busyLabel="Deleting..."
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, DELETE_FAILURE) : undefined}
      onConfirm={() => {
        if (!deleting) return;
        const { id, title } = deleting;
        remove.mutate(id, {
          onSuccess: () => {
            // Issue 31: 'Undo' for 10 seconds brings the offer back as it was (decision 273).
            lazyUndoToast(
              DELETE_SUCCESS,
              () => restore.mutateAsync({ changes: [{ id, deleted: false }] }),
              {
                done: `Undone: offer ${title} is back.`,
                failed: (failure) => errorMessage(failure, RESTORE_FAILURE),
              },
            );
            onClose();
          },
        });
      }}
    />
  );
}

/** docs/screens/offers.md: the two cards over the list, from the maintained counters. */
function OfferStatCards({ offers }: { offers: ListResult<typeof offerListDefinition> }) {
  const { data } = offers;
  return (
    <StatCardGrid columns={2}>
      <StatCard
        title="Total Offers"
        icon={<Tags size={22} />}
        {...statCardState(offers)}
        value={formatCount(data?.stats.totalOffers)}
      />
      <StatCard
        title="Active Offers"
        icon={<CircleCheck size={22} />}
        {...statCardState(offers)}
        value={formatCount(data?.stats.activeOffers)}
      />
    </StatCardGrid>
  );
}

/**
 * docs/screens/offers.md: Offers (banner and title), Type, Price, Status (Active or Inactive, from
 * isActive), Deadline (the date part) and Actions (edit, delete).
 */
function offerColumns({
  canChange,
  onEdit,
  onDelete,
}: {
  /** Whether the admin may change offers: a Viewer's table has no Actions column. */
  canChange: boolean;
  onEdit: (offer: Offer) => void;
  onDelete: (offer: Offer) => void;
}): Column<Offer>[] {
  return [
    {
      id: 'offer',
      header: 'Offers',
      sort: 'title',
      cell: (offer) => (
        <div className="flex min-w-0 items-center gap-3">
          {offer.image ? (
            <img
              src={offer.image}
              alt=""
              loading="lazy"
              className="h-10 w-10 shrink-0 rounded-lg border border-cream-300 object-cover"
            />
          ) : (
            <span
              aria-hidden
              className="h-10 w-10 shrink-0 rounded-lg border border-cream-300 bg-cream-100"
            />
          )}
          <CellText className="min-w-0 font-medium">{offer.title}</CellText>
        </div>
      ),
    },
    { id: 'type', header: 'Type', cell: (offer) => typeLabel(offer.type) },
    {
      id: 'price',
      header: 'Price',
      sort: 'priceNumeric',
      align: 'right',
      cell: (offer) => formatMoney(offer.priceNumeric),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (offer) =>
        offer.isActive ? (
          <StatusBadge tone="green">Active</StatusBadge>
        ) : (
          <StatusBadge tone="grey">Inactive</StatusBadge>
        ),
    },
    {
      id: 'deadline',
      header: 'Deadline',
      cell: (offer) => (offer.expiryDate ? formatIsoDate(offer.expiryDate) : 'N/A'),
    },
    {
      id: 'actions',
      pinned: true,
      hidden: !canChange,
      header: 'Actions',
      align: 'right',
      cell: (offer) => (
        <UserRowActions onEdit={() => onEdit(offer)} onDelete={() => onDelete(offer)} />
      ),
    },
  ];
}
