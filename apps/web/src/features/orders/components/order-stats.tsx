import { ClipboardList, Clock, Truck } from 'lucide-react';
import type { OrderStats as Stats } from '@cask/contracts/orders';
import { StatCard, StatCardGrid, statCardState } from '@/components/ui/stat-card.tsx';
import { formatCount } from '@/lib/format.ts';

const countOf = (stats: Stats | undefined, status: 'Pending' | 'Delivered') =>
  formatCount(stats?.byStatus.find((entry) => entry._id === status)?.count ?? 0);

/**
 * docs/screens/orders.md: the three cards over the Order List, all orders whatever the filters.
 * They come with the list's answer (`orders` is its query).
 */
export function OrderStats({
  orders,
}: {
  orders: { data: { stats: Stats } | undefined; isPending: boolean; isError: boolean };
}) {
  const stats = orders.data?.stats;
  const cardState = statCardState(orders);
  return (
    <StatCardGrid columns={3}>
      <StatCard
        title="Total Orders"
        value={formatCount(stats?.overall.totalPurchases ?? 0)}
        {...cardState}
        icon={<ClipboardList size={22} />}
      />
      <StatCard
        title="Total Pending Orders"
        value={countOf(stats, 'Pending')}
        {...cardState}
        icon={<Clock size={22} />}
      />
      <StatCard
        title="Total Delivered Orders"
        value={countOf(stats, 'Delivered')}
        {...cardState}
        icon={<Truck size={22} />}
      />
    </StatCardGrid>
  );
}
