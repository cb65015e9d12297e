import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import type { RewardRow } from '@cask/contracts/rewards';
import { IconButton } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import type { Column } from '@/components/ui/data-table.tsx';
import { lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatMoney } from '@/lib/format.ts';
import { REWARDS_PAGE_SIZE, useRewards } from '../api/get-rewards.ts';
import { usePageForSearch } from '@/lib/use-page-for-search.ts';

const ManualPointsModal = lazyModal(
  () => import('./manual-points-modal.tsx').then((m) => m.ManualPointsModal),
  (props) => props.reward !== null,
);

export const REWARDS_FAILURE = 'Failed to fetch rewards';

/**
 * Spec 000 §2 Reward List, under User Management: User Name, Email, Casks (referrals made),
 * Invest, Point and an Action opening the manual point adjustment. Its page follows the screen's
 * search and starts again at 1 when the search changes (decision 046). The spec's never-opened
 * 'Confirm Delete' of this list is not built.
 */
export function RewardList({ search }: { search: string }) {
  const [page, setPage] = usePageForSearch(search);
  const rewards = useRewards({ page, search });
  const [adjusting, setAdjusting] = useState<RewardRow | null>(null);
  const data = rewards.data;
  // A deletion can empty the last page: show the new last one (adjusted while rendering).
  const pages = data?.pagination.pages;
  if (pages !== undefined && pages > 0 && page > pages) setPage(pages);

  const columns: Column<RewardRow>[] = [
    {
      id: 'name',
      header: 'User Name',
      cell: (row) => <CustomerLink id={row.id} name={row.fullName} />,
    },
    { id: 'email', header: 'Email', cell: (row) => row.email },
    {
      id: 'casks',
      header: 'Casks',
      align: 'right',
      cell: (row) => formatCount(row.totalReferrals),
    },
    {
      id: 'invest',
      header: 'Invest',
      align: 'right',
      cell: (row) => formatMoney(row.totalInvestmentAmount),
    },
    {
      id: 'point',
      header: 'Point',
      align: 'right',
      cell: (row) => formatCount(row.referralPoints),
    },
    {
      id: 'action',
      pinned: true,
      header: 'Action',
      align: 'right',
      cell: (row) => (
        <IconButton label="Adjust Points" onClick={() => setAdjusting(row)}>
          <SlidersHorizontal size={16} aria-hidden />
        </IconButton>
      ),
    },
  ];

  return (
    <Card title="Reward List" className="mt-6">
      <PagedTable
        failure={
          data === undefined && rewards.isError
            ? {
                title: 'Error Loading Rewards',
                message: errorMessage(rewards.error, REWARDS_FAILURE),
                onRetry: () => void rewards.refetch(),
              }
            : undefined
        }
        blockProps={preloadOn(ManualPointsModal)}
        label="Reward List"
        columns={columns}
        rows={data?.rewards}
        rowKey={(row) => row.id}
        loading={rewards.isPending}
        loadingText="Loading..."
        skeletonRows={REWARDS_PAGE_SIZE}
        fetching={rewards.isFetching}
        emptyText="No Data found"
        pagination={data?.pagination}
        noun="Reward"
        paginationLabel="Reward pagination"
        onPageChange={setPage}
        onRefresh={() => void rewards.refetch()}
      />
      <ManualPointsModal reward={adjusting} onClose={() => setAdjusting(null)} />
    </Card>
  );
}
