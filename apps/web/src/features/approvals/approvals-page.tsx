import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Approval } from '@cask/contracts/approvals';
import {
  APPROVAL_ACTION_LABELS,
  APPROVAL_ACTIONS,
  APPROVAL_LIST,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  type ApprovalAction,
  type ApprovalStatus,
} from '@cask/contracts/approvals-plain';
import { Card } from '@/components/ui/card.tsx';
import { CellText, type Column } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useList } from '@/lib/list-query.ts';
import { useListParams, usePageWithin } from '@/lib/use-list-params.ts';
import { statusTone } from './approval-labels.ts';

export const FETCH_FAILURE = 'Failed to fetch approval requests.';
/** The API's default page (pageQuery): 20 requests. */
const PAGE_SIZE = 20;

/** The list by its address, its contract (and zod) loaded beside the request (decision 450). */
const approvalList = {
  ...APPROVAL_LIST,
  load: async () => (await import('@cask/contracts/approvals')).approvalListDefinition,
};

// The request's dialog loads when first opened (docs/decisions/125).
const ApprovalDialog = lazyModal(
  () => import('./components/approval-dialog.tsx').then((m) => m.ApprovalDialog),
  (props) => props.id !== undefined,
);

const statusOptions = [
  { value: '', label: 'All statuses' },
  ...APPROVAL_STATUSES.map((status) => ({ value: status, label: APPROVAL_STATUS_LABELS[status] })),
];
const actionOptions = [
  { value: '', label: 'All actions' },
  ...APPROVAL_ACTIONS.map((action) => ({ value: action, label: APPROVAL_ACTION_LABELS[action] })),
];

function approvalColumns(onOpen: (approval: Approval) => void): Column<Approval>[] {
  return [
    {
      id: 'requested',
      header: 'Requested',
      cell: (approval) => (
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => onOpen(approval)}
          {...preloadOn(ApprovalDialog)}
          className="text-left font-medium whitespace-nowrap text-gold-700 underline-offset-2 hover:underline"
        >
          {formatDateTime(approval.requestedAt)}
        </button>
      ),
    },
    {
      id: 'by',
      header: 'By',
      cell: (approval) => (
        <CellText>{approval.requestedBy?.fullName ?? 'A removed admin'}</CellText>
      ),
    },
    { id: 'action', header: 'Action', cell: (approval) => APPROVAL_ACTION_LABELS[approval.action] },
    { id: 'record', header: 'Record', cell: (approval) => <CellText>{approval.record}</CellText> },
    {
      id: 'summary',
      header: 'Summary',
      cell: (approval) => <CellText>{approval.summary}</CellText>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (approval) => (
        <StatusBadge tone={statusTone[approval.status]}>
          {APPROVAL_STATUS_LABELS[approval.status]}
        </StatusBadge>
      ),
    },
  ];
}

/**
 * Issue 45 'Approvals' (/approvals, docs/screens/approvals.md#screens): every request, newest
 * first, paged like the other lists, filtered by Status and Action in the URL. A row's time
 * opens the request at /approvals/{id} (the address its mail links to), keeping the list's view.
 */
export default function ApprovalsPage() {
  const list = useListParams({
    filters: { status: APPROVAL_STATUSES, action: APPROVAL_ACTIONS },
  });
  const status = (list.filter('status') || undefined) as ApprovalStatus | undefined;
  const action = (list.filter('action') || undefined) as ApprovalAction | undefined;
  const approvals = useList(approvalList, {
    page: list.page,
    limit: PAGE_SIZE,
    status,
    action,
  });
  const { data, isPending, isFetching, error } = approvals;
  usePageWithin(list, data?.pagination.pages);

  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = params.toString() ? `?${params.toString()}` : '';

  return (
    <>
      <PageHeader title="Approvals" />
      <Card>
        <div className="flex flex-col gap-3 px-4 pt-4 pb-3 sm:flex-row sm:items-end">
          <SelectField
            label="Status"
            className="sm:w-48"
            options={statusOptions}
            value={status ?? ''}
            onChange={(event) => list.setFilter('status', event.target.value)}
          />
          <SelectField
            label="Action"
            className="sm:w-64"
            options={actionOptions}
            value={action ?? ''}
            onChange={(event) => list.setFilter('action', event.target.value)}
          />
        </div>
        <PagedTable
          failure={
            data === undefined && !isPending
              ? {
                  title: 'Error Loading Approvals',
                  message: errorMessage(error, FETCH_FAILURE),
                  onRetry: () => void approvals.refetch(),
                }
              : undefined
          }
          label="Approvals"
          columns={approvalColumns((approval) => void navigate(`/approvals/${approval.id}${view}`))}
          rows={data?.approvals}
          rowKey={(approval) => approval.id}
          loading={isPending}
          loadingText="Loading approval requests..."
          skeletonRows={PAGE_SIZE}
          fetching={isFetching}
          emptyText={<EmptyState title="No approval requests." />}
          // Empty, it holds nothing to focus: its sideways scroll box takes focus (375 px).
          keyboardScroll={data?.approvals.length === 0}
          pagination={data?.pagination}
          noun="requests"
          paginationLabel="Approvals pagination"
          onPageChange={list.setPage}
          onRefresh={() => void approvals.refetch()}
        />
      </Card>
      <ApprovalDialog id={id} onClose={() => void navigate(`/approvals${view}`)} />
    </>
  );
}
