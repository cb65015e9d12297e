import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import type { RewardRow } from '@cask/contracts/rewards';
import { USERS_PAGE_SIZE } from '@cask/contracts/plain';
import { REWARD_LIST, REWARD_SORTS } from '@cask/contracts/lists-plain';
import { IconButton } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import type { Column } from '@/components/ui/data-table.tsx';
import { lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatMoney } from '@/lib/format.ts';
import { useList } from '@/lib/list-query.ts';
import { ExportCsvButton } from '@/components/ui/export-csv-button.tsx';
import { useListParams, usePageWithin } from '@/lib/use-list-params.ts';
import { useCan } from '@/lib/current-admin.ts';

const ManualPointsModal = lazyModal(
  () => import('./manual-points-modal.tsx').then((m) => m.ManualPointsModal),
  (props) => props.reward !== null,
);

export const REWARDS_FAILURE = 'Failed to fetch rewards';

/** The list by its address, its contract (and zod) loaded beside the request (decision 450). */
const rewardList = {
  ...REWARD_LIST,
  load: async () => (await import('@cask/contracts/rewards')).rewardListDefinition,
};

/** The Reward List shows as many customers a page as User Management. */
const REWARDS_PAGE_SIZE = USERS_PAGE_SIZE;

/**
 * docs/screens/rewards.md, the Reward List under User Management: User Name, Email, Casks (the
 * customer's, as User Management counts them), Referrals (made), Invest, Point and an Action
 * opening the manual point adjustment. Its page follows the screen's search and starts again at 1
 * when the search changes (decision 046). The spec's never-opened 'Confirm Delete' of this list is
 * not built.
 */
export function RewardList({ search }: { search: string }) {
  // Its page and sort in the URL beside the User List's (issue 31): rewardsPage, rewardsSort.
  const list = useListParams({ prefix: 'rewards', sorts: REWARD_SORTS });
  const rewards = useList(rewardList, {
    page: list.page,
    limit: REWARDS_PAGE_SIZE,
    search,
    sort: list.sort,
  });
  // docs/architecture.md#roles: a Viewer is offered no change (decision 220).
  const canChange = useCan('change');
  const [adjusting, setAdjusting] = useState<RewardRow | null>(null);
  const data = rewards.data;
  usePageWithin(list, data?.pagination.pages);

  const columns: Column<RewardRow>[] = [
    {
      id: 'name',
      header: 'User Name',
      sort: 'fullName',
      cell: (row) => <CustomerLink id={row.id} name={row.fullName} />,
    },
    { id: 'email', header: 'Email', sort: 'email', cell: (row) => row.email },
    // The customer's casks, as User Management shows them; the spec maps the referrals here,
    // which get a column of their own (docs/decisions/315).
    { id: 'casks', header: 'Casks', align: 'right', cell: (row) => formatCount(row.casks) },
    {
      id: 'referrals',
      header: 'Referrals',
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
      sort: 'referralPoints',
      align: 'right',
      cell: (row) => formatCount(row.referralPoints),
    },
    {
      id: 'action',
      pinned: true,
      hidden: !canChange,
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
    <Card
      title="Reward List"
      className="mt-6"
      actions={
        <ExportCsvButton
          list="rewards"
          params={{ search, sort: list.sort }}
          listName="Reward List"
        />
      }
    >
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
        onPageChange={list.setPage}
        onRefresh={() => void rewards.refetch()}
        sort={list.tableSort}
      />
      <ManualPointsModal reward={adjusting} onClose={() => setAdjusting(null)} />
    </Card>
  );
}
