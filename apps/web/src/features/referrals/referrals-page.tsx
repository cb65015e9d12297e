import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { useState } from 'react';
import { CircleCheck, CircleDollarSign, Hourglass, Pencil, UserPlus } from 'lucide-react';
import type { Referral, ReferralStatus } from '@cask/contracts/referrals';
import {
  REFERRAL_LIST,
  REFERRAL_SORTS,
  REFERRAL_STATUSES,
  REFERRALS_PAGE_SIZE,
} from '@cask/contracts/lists-plain';
import { SEARCH_MAX_LENGTH } from '@cask/contracts/plain';
import { BulkBar } from '@/components/ui/bulk-bar.tsx';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { CellText, type Column } from '@/components/ui/data-table.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { StatCard, StatCardGrid } from '@/components/ui/stat-card.tsx';
import { ReferralStatusBadge } from '@/components/referrals/referral-status-badge.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatDate, formatMoney } from '@/lib/format.ts';
import { useListParams, usePageWithin, useUrlSearch } from '@/lib/use-list-params.ts';
import { useList } from '@/lib/list-query.ts';
import { orNotAvailable, referralName, STATUS_LABELS } from './components/referral-labels.ts';
import { ExportCsvButton } from '@/components/ui/export-csv-button.tsx';
import { useCan } from '@/lib/current-admin.ts';
import { useLinkedRecord } from '@/lib/use-linked-record.ts';
import { fetchReferral } from './api/update-referral-status.ts';
import { useRowSelection } from '@/lib/use-row-selection.ts';

/** The list by its address, its contract (and zod) loaded beside the request (decision 450). */
const referralList = {
  ...REFERRAL_LIST,
  load: async () => (await import('@cask/contracts/referrals')).referralListDefinition,
};

// Loaded on the first Edit click or when the pointer or focus reaches the list (decisions 125
// and 159): Radix Dialog and the toasts are a fifth of the screen's JavaScript.
const EditReferralModal = lazyModal(
  () => import('./components/edit-referral-modal.tsx').then((m) => m.EditReferralModal),
  (props) => props.referral !== null,
);
const BulkStatusModal = lazyModal(
  () => import('./components/bulk-status-modal.tsx').then((m) => m.ReferralBulkStatusModal),
  (props) => props.open,
);

/** docs/screens/referrals.md#limits: the referral search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;
/** docs/screens/referrals.md#texts. */
export const FETCH_FAILURE = 'Failed to fetch referrals';

const FILTER_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'completed', label: STATUS_LABELS.completed },
  { value: 'pending', label: STATUS_LABELS.pending },
] as const;

/** The Referrals List's columns; the Edit button only for who may change (decision 220). */
function referralColumns(
  canChange: boolean,
  onEdit: (referral: Referral) => void,
): Column<Referral>[] {
  return [
    {
      id: 'referrer',
      header: 'Referrer',
      cell: (row) => (
        <div className="min-w-0">
          <p className="font-medium text-oak-900">
            {row.referrer.fullName ? (
              <CustomerLink id={row.referrer.id} name={row.referrer.fullName} />
            ) : (
              <CellText>{orNotAvailable(row.referrer.fullName)}</CellText>
            )}
          </p>
          <p className="text-xs text-oak-700">
            <CellText>{orNotAvailable(row.referrer.email)}</CellText>
          </p>
        </div>
      ),
    },
    {
      id: 'referee',
      header: 'Referrals',
      cell: (row) =>
        row.referee.fullName ? (
          <CustomerLink id={row.referee.id} name={row.referee.fullName} />
        ) : (
          orNotAvailable(row.referee.fullName)
        ),
    },
    {
      id: 'code',
      header: 'Code',
      cell: (row) => (
        <CellText className="font-mono text-xs">{orNotAvailable(row.referralCode)}</CellText>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sort: 'status',
      cell: (row) => <ReferralStatusBadge status={row.status} />,
    },
    {
      id: 'completed',
      header: 'Completed Date',
      cell: (row) => formatDate(row.completedDate),
    },
    {
      id: 'action',
      pinned: true,
      hidden: !canChange,
      header: 'Action',
      align: 'right',
      cell: (row) => (
        <IconButton label="Edit" onClick={() => onEdit(row)}>
          <Pencil size={16} aria-hidden />
        </IconButton>
      ),
    },
  ];
}

/**
 * docs/screens/referrals.md (/referrals): the four cards, the 'Referrals List' with its status
 * filter, search and pagination (no refresh button), and the Edit Referral dialog. A new filter or
 * search starts again at page 1 (docs/screens/referrals.md). A failed fetch replaces the screen
 * with 'Error: {message}'.
 */
export default function ReferralsPage() {
  // Page, status, search and sort in the URL (issue 31); 'All' is no status.
  const list = useListParams({ sorts: REFERRAL_SORTS, filters: { status: REFERRAL_STATUSES } });
  const { text, onTextChange, search } = useUrlSearch(SEARCH_DEBOUNCE_MS);
  const status = (list.filter('status') || undefined) as ReferralStatus | undefined;
  const referrals = useList(referralList, {
    page: list.page,
    limit: REFERRALS_PAGE_SIZE,
    status,
    search,
    sort: list.sort,
  });
  // docs/architecture.md#roles: a Viewer is offered no change (decision 220).
  const canChange = useCan('change');
  const [editing, setEditing] = useState<Referral | null>(null);
  // The Audit Entry's link to a referral opens its dialog (`?open=<id>`, decision 223).
  const linked = useLinkedRecord('referrals', fetchReferral, canChange);
  const data = referrals.data;
  const overall = data?.stats.overall;
  // Completing the last pending referral of the last page empties it: show the new last page.
  usePageWithin(list, data?.pagination.pages);
  // Issue 31: rows chosen for a bulk 'Set status', confirmed with their count, undone from the
  // toast.
  const rows = data?.referrals ?? [];
  const selection = useRowSelection(rows.map((row) => row.id));
  const chosen = rows.filter((row) => selection.selected.has(row.id));
  const [settingStatus, setSettingStatus] = useState(false);

  if (referrals.isError) {
    return (
      <>
        <PageHeader title="Referrals" />
        <ErrorState
          title={`Error: ${errorMessage(referrals.error, FETCH_FAILURE)}`}
          onRetry={() => void referrals.refetch()}
        />
      </>
    );
  }

  const columns = referralColumns(canChange, setEditing);

  const loading = referrals.isPending;
  return (
    <>
      <PageHeader title="Referrals" />

      <StatCardGrid>
        <StatCard
          title="Total Referrals"
          icon={<UserPlus size={22} />}
          loading={loading}
          value={formatCount(overall?.totalReferrals)}
        />
        <StatCard
          title="Completed Referrals"
          icon={<CircleCheck size={22} />}
          loading={loading}
          value={formatCount(overall?.completedReferrals)}
        />
        <StatCard
          title="Pending Referrals"
          icon={<Hourglass size={22} />}
          loading={loading}
          value={formatCount(overall?.pendingReferrals)}
        />
        <StatCard
          title="Total Rewards"
          icon={<CircleDollarSign size={22} />}
          loading={loading}
          value={formatMoney(overall?.totalRewards)}
        />
      </StatCardGrid>

      <Card
        title="Referrals List"
        actions={
          <>
            <SelectField
              label="Filter by status"
              hideLabel
              options={FILTER_OPTIONS}
              value={status ?? 'all'}
              onChange={(event) =>
                list.setFilter('status', event.target.value === 'all' ? '' : event.target.value)
              }
              className="w-full sm:w-40"
            />
            <SearchInput
              label="Search referrals"
              placeholder="Search referrals"
              value={text}
              onValueChange={onTextChange}
              maxLength={SEARCH_MAX_LENGTH}
            />
            <ExportCsvButton list="referrals" params={{ search, status, sort: list.sort }} />
          </>
        }
      >
        {canChange ? (
          <BulkBar count={chosen.length} noun="referrals" onClear={selection.clear}>
            <Button
              size="sm"
              onClick={() => setSettingStatus(true)}
              {...preloadOn(BulkStatusModal)}
            >
              Set status
            </Button>
          </BulkBar>
        ) : null}
        <PagedTable
          blockProps={preloadOn(EditReferralModal)}
          label="Referrals List"
          columns={columns}
          rows={data?.referrals}
          rowKey={(row) => row.id}
          loading={loading}
          loadingText="Loading Referrals ..."
          skeletonRows={REFERRALS_PAGE_SIZE}
          fetching={referrals.isFetching}
          emptyText="No referrals found."
          pagination={data?.pagination}
          noun="referrals"
          paginationLabel="Referrals pagination"
          onPageChange={list.setPage}
          sort={list.tableSort}
          selection={canChange ? { ...selection, rowLabel: referralName } : undefined}
        />
      </Card>

      <BulkStatusModal
        referrals={chosen}
        open={settingStatus}
        onClose={() => setSettingStatus(false)}
        onDone={selection.clear}
      />

      <EditReferralModal
        referral={editing ?? linked.record}
        onClose={() => {
          setEditing(null);
          linked.close();
        }}
      />
    </>
  );
}
