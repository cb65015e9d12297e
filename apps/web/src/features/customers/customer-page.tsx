import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Boxes, Coins, Landmark, Star } from 'lucide-react';
import { CUSTOMER_SECTION_PAGE_SIZE } from '@cask/contracts/plain';
import { formatAbv, formatVolume } from '@cask/contracts/lists-plain';
import { CustomerLink } from '@/components/customers/customer-link.tsx';
import { LazyEditUserModal } from '@/components/customers/lazy-edit-user-modal.ts';
import { UserStatusBadge } from '@/components/customers/user-status.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import type { Column } from '@/components/ui/data-table.tsx';
import { lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { StatCard, StatCardGrid } from '@/components/ui/stat-card.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { OrderStatusBadge } from '@/components/orders/order-status-badge.tsx';
import { paymentStatusLabel } from '@/components/orders/order-status-badge.tsx';
import { ReferralStatusBadge } from '@/components/referrals/referral-status-badge.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { RecordLoadFailure } from '@/components/ui/record-load-failure.tsx';
import { useCan } from '@/lib/current-admin.ts';
import { formatCount, formatDate, formatMoney } from '@/lib/format.ts';
import { caskStatusTone } from '@/components/casks/cask-status.ts';
import {
  useCustomerRecord,
  useCustomerSection,
  type SectionItem,
  type SectionName,
} from './api/customer-record.ts';

/** A day reads on one line ('Feb 15, 2026'), on a phone too; longer texts wrap instead. */
const NOWRAP = 'whitespace-nowrap';
const ManualPointsModal = lazyModal(
  () => import('./components/manual-points-modal.tsx').then((m) => m.ManualPointsModal),
  (props) => props.reward !== null,
);
const CreateNotificationModal = lazyModal(
  () =>
    import('@/components/notifications/create-notification-modal.tsx').then(
      (m) => m.CreateNotificationModal,
    ),
  (props) => props.open,
);

const EditDetailsModal = lazyModal(
  () => import('./components/edit-details-modal.tsx').then((m) => m.EditDetailsModal),
  (props) => props.customer !== null,
);

export const CUSTOMER_FETCH_FAILURE = 'Failed to fetch customer.';
export const CUSTOMER_NOT_FOUND = 'This customer was not found.';

const signed = (value: number) => (value > 0 ? `+${formatCount(value)}` : formatCount(value));

/** The ledger's entry types as a sentence names them. */
const POINT_TYPES: Record<string, string> = {
  manual_adjustment: 'Manual adjustment',
  referral: 'Referral',
  purchase: 'Purchase',
};

const COLUMNS: { [Name in SectionName]: Column<SectionItem<Name>>[] } = {
  casks: [
    {
      id: 'name',
      header: 'Name',
      cell: (cask) => (
        <Link
          to={`/cask/${cask.id}`}
          className="font-medium text-gold-700 underline decoration-gold-300 underline-offset-2 hover:decoration-gold-700"
        >
          {cask.name}
        </Link>
      ),
    },
    { id: 'distillery', header: 'Distillery', cell: (cask) => cask.distillery ?? '—' },
    { id: 'year', header: 'Year', cell: (cask) => cask.year ?? '—' },
    // The latest gauge, as the cask page shows it (decision 305).
    {
      id: 'volume',
      header: 'Volume',
      align: 'right',
      cell: (cask) => (cask.volume === null ? '—' : formatVolume(cask.volume)),
    },
    {
      id: 'abv',
      header: 'ABV',
      align: 'right',
      cell: (cask) => (cask.abv === null ? '—' : formatAbv(cask.abv)),
    },
    {
      id: 'value',
      header: 'Current Value',
      align: 'right',
      cell: (cask) => (cask.currentValue === null ? '—' : formatMoney(cask.currentValue)),
    },
    {
      id: 'gain',
      header: 'Gain',
      align: 'right',
      cell: (cask) =>
        cask.gain === null ? '—' : `${cask.gain < 0 ? '-' : ''}${formatMoney(Math.abs(cask.gain))}`,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (cask) => <StatusBadge tone={caskStatusTone(cask.status)}>{cask.status}</StatusBadge>,
    },
  ],
  'past-casks': [
    {
      id: 'name',
      header: 'Name',
      cell: (past) => (
        <Link
          to={`/cask/${past.cask.id}`}
          className="font-medium text-gold-700 underline decoration-gold-300 underline-offset-2 hover:decoration-gold-700"
        >
          {past.cask.name}
        </Link>
      ),
    },
    {
      id: 'date',
      header: 'Transferred',
      className: NOWRAP,
      cell: (past) => formatDate(`${past.transferredOn}T00:00:00Z`),
    },
    {
      id: 'to',
      header: 'New owner',
      cell: (past) => <CustomerLink id={past.to.id} name={past.to.fullName} />,
    },
    {
      id: 'price',
      header: 'Price',
      align: 'right',
      cell: (past) => (past.price === null ? '—' : formatMoney(past.price)),
    },
  ],
  orders: [
    {
      id: 'reference',
      header: 'Reference',
      className: NOWRAP,
      cell: (order) => <span className="font-mono">{order.reference}</span>,
    },
    { id: 'title', header: 'Product', cell: (order) => order.title },
    {
      id: 'budget',
      header: 'Budget',
      align: 'right',
      cell: (order) => formatMoney(order.investmentAmount),
    },
    { id: 'status', header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      id: 'payment',
      header: 'Payment',
      cell: (order) => paymentStatusLabel(order.manualPaymentStatus),
    },
    {
      id: 'date',
      header: 'Date',
      className: NOWRAP,
      cell: (order) => formatDate(order.submittedDate),
    },
  ],
  referrals: [
    {
      id: 'direction',
      header: 'Referral',
      cell: (referral) => (referral.direction === 'made' ? 'Made' : 'Received'),
    },
    {
      id: 'other',
      header: 'Customer',
      cell: (referral) => <CustomerLink id={referral.other.id} name={referral.other.fullName} />,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (referral) => <ReferralStatusBadge status={referral.status} />,
    },
    {
      id: 'reward',
      header: 'Reward',
      align: 'right',
      cell: (referral) =>
        `${formatMoney(referral.rewardAmount)} · ${formatCount(referral.pointsAwarded)} pts`,
    },
    {
      id: 'date',
      header: 'Date',
      className: NOWRAP,
      cell: (referral) => formatDate(referral.createdAt),
    },
  ],
  points: [
    { id: 'date', header: 'Date', className: NOWRAP, cell: (entry) => formatDate(entry.createdAt) },
    { id: 'change', header: 'Change', align: 'right', cell: (entry) => signed(entry.points) },
    {
      id: 'type',
      header: 'Type',
      cell: (entry) => POINT_TYPES[entry.type] ?? entry.type.replaceAll('_', ' '),
    },
    { id: 'description', header: 'Description', cell: (entry) => entry.description ?? '—' },
    { id: 'admin', header: 'Admin', cell: (entry) => entry.admin ?? '—' },
    {
      id: 'balance',
      header: 'Balance',
      align: 'right',
      cell: (entry) => formatCount(entry.balance),
    },
  ],
  notifications: [
    { id: 'title', header: 'Title', cell: (notification) => notification.title },
    { id: 'message', header: 'Message', cell: (notification) => notification.message },
    {
      id: 'audience',
      header: 'Sent to',
      cell: (notification) => (notification.isGlobal ? 'Everyone' : 'This customer'),
    },
    {
      id: 'date',
      header: 'Date',
      className: NOWRAP,
      cell: (notification) => formatDate(notification.createdAt),
    },
  ],
};

const TITLES: Record<SectionName, string> = {
  casks: 'Casks',
  'past-casks': 'Past casks',
  orders: 'Orders',
  referrals: 'Referrals',
  points: 'Points',
  notifications: 'Notifications',
};

/** What a section's rows are: 'Showing 5 of 12 entries' (of the points ledger), 'No casks.'. */
const NOUNS: Record<SectionName, string> = {
  casks: 'casks',
  'past-casks': 'past casks',
  orders: 'orders',
  referrals: 'referrals',
  points: 'entries',
  notifications: 'notifications',
};

/**
 * One paged section of the page: its own list call (docs/adding-a-list.md). Its loading rows are
 * as many as it will show where the record's cards count them (the casks held), one elsewhere:
 * most customers have few past casks, orders or referrals, and a section that grows pushes down
 * only what is below it, mostly under the fold (docs/decisions/456).
 */
function Section<Name extends SectionName>({
  id,
  name,
  expected,
}: {
  id: string;
  name: Name;
  expected?: number;
}) {
  const [page, setPage] = useState(1);
  const section = useCustomerSection(id, name, page);
  const { data, isPending, isFetching, error } = section;
  const title = TITLES[name];
  return (
    <Card title={title}>
      <PagedTable
        failure={
          data === undefined && !isPending
            ? {
                title: `Error Loading ${title}`,
                message: errorMessage(error, `Failed to fetch ${title.toLowerCase()}.`),
                onRetry: () => void section.refetch(),
              }
            : undefined
        }
        label={title}
        keyboardScroll
        columns={COLUMNS[name] as Column<SectionItem<Name>>[]}
        rows={data?.items}
        rowKey={(row) => row.id}
        loading={isPending}
        loadingText={`Loading ${title.toLowerCase()}...`}
        skeletonRows={Math.min(Math.max(expected ?? 1, 1), CUSTOMER_SECTION_PAGE_SIZE)}
        fetching={isFetching}
        emptyText={name === 'points' ? 'No point entries.' : `No ${NOUNS[name]}.`}
        pagination={data?.pagination}
        noun={NOUNS[name]}
        paginationLabel={`${title} pagination`}
        onPageChange={setPage}
      />
    </Card>
  );
}

/** The customer page (`/user/:id`, issue 30): who they are, what they hold, all they did. */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const record = useCustomerRecord(id);
  const [editing, setEditing] = useState(false);
  const [editingDetails, setEditingDetails] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [notifying, setNotifying] = useState(false);
  // A Viewer is offered no change (docs/decisions/325).
  const canChange = useCan('change');

  if (record.isPending) return <LoadingState label="Loading customer..." />;
  if (record.isError)
    return (
      <RecordLoadFailure
        heading="Customer"
        error={record.error}
        notFound={CUSTOMER_NOT_FOUND}
        failureTitle="Error Loading Customer"
        fallback={CUSTOMER_FETCH_FAILURE}
        onRetry={() => void record.refetch()}
        back={{ to: '/user', label: 'Back to User Management' }}
      />
    );

  const { customer, cards } = record.data;
  const user = { ...customer, balance: cards.casksHeld };
  return (
    <>
      <PageHeader
        title={customer.fullName}
        actions={
          canChange ? (
            <>
              {/* Issue 41: name, e-mail and phone, which the spec's Edit User shows read-only. */}
              <Button
                variant="secondary"
                onClick={() => setEditingDetails(true)}
                {...preloadOn(EditDetailsModal)}
              >
                Edit details
              </Button>
              <Button
                variant="secondary"
                onClick={() => setEditing(true)}
                {...preloadOn(LazyEditUserModal)}
              >
                Edit Status
              </Button>
              <Button
                variant="secondary"
                onClick={() => setAdjusting(true)}
                {...preloadOn(ManualPointsModal)}
              >
                Adjust Points
              </Button>
              {/* The Notifications screen's dialog, here, addressed to this customer (docs/decisions/328). */}
              <Button onClick={() => setNotifying(true)} {...preloadOn(CreateNotificationModal)}>
                Send Notification
              </Button>
            </>
          ) : null
        }
      />
      <dl className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-oak-700">
        <div className="flex gap-1.5">
          <dt className="font-medium">E-mail</dt>
          <dd className="text-oak-900">{customer.email}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="font-medium">Phone</dt>
          <dd className="text-oak-900">{customer.phone ?? '—'}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="font-medium">Status</dt>
          <dd>
            <UserStatusBadge isActive={customer.isActive} />
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="font-medium">Joined</dt>
          <dd className="text-oak-900">{formatDate(customer.createdAt)}</dd>
        </div>
      </dl>
      <StatCardGrid columns={4}>
        <StatCard
          title="Casks held"
          value={formatCount(cards.casksHeld)}
          icon={<Boxes size={22} />}
        />
        <StatCard
          title="Portfolio value"
          value={formatMoney(cards.portfolioValue)}
          icon={<Landmark size={22} />}
        />
        <StatCard
          title="Total invested"
          value={formatMoney(cards.totalInvested)}
          icon={<Coins size={22} />}
        />
        <StatCard
          title="Points balance"
          value={formatCount(cards.pointsBalance)}
          icon={<Star size={22} />}
        />
      </StatCardGrid>
      <div className="grid gap-4">
        <Section id={id} name="casks" expected={cards.casksHeld} />
        <Section id={id} name="past-casks" />
        <Section id={id} name="orders" />
        <Section id={id} name="referrals" />
        <Section id={id} name="points" />
        <Section id={id} name="notifications" />
      </div>
      <LazyEditUserModal
        user={editing ? user : null}
        onClose={() => setEditing(false)}
        title={(edited) => `Edit User - ${edited.fullName}`}
        saveLabel="Save Changes"
      />
      <EditDetailsModal
        customer={editingDetails ? customer : null}
        onClose={() => setEditingDetails(false)}
      />
      <ManualPointsModal
        reward={
          adjusting
            ? {
                id: customer.id,
                fullName: customer.fullName,
                email: customer.email,
                totalReferrals: 0,
                casks: cards.casksHeld,
                totalInvestmentAmount: cards.totalInvested,
                referralPoints: cards.pointsBalance,
              }
            : null
        }
        onClose={() => setAdjusting(false)}
      />
      <CreateNotificationModal
        open={notifying}
        onOpenChange={setNotifying}
        recipient={{ id: customer.id, fullName: customer.fullName, email: customer.email }}
      />
    </>
  );
}
