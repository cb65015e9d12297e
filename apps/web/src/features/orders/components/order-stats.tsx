import { ClipboardList, Clock, Truck } from 'lucide-react';
import type { OrderStats as Stats } from '@cask/contracts/orders';
import { StatCard, StatCardGrid } from '@/components/ui/stat-card.tsx';
import { formatCount } from '@/lib/format.ts';

const countOf = (stats: Stats | undefined, status: 'Pending' | 'Delivered') =>
  formatCount(stats?.byStatus.find((entry) => entry._id === status)?.count ?? 0);

/** Spec 001 §2: the three cards over the Order List, all orders whatever the filters. */
export function OrderStats({ stats }: { stats: Stats | undefined }) {
  const loading = stats === undefined;
  return (
    <StatCardGrid columns={3}>
      <StatCard
        title="Total Orders"
        value={formatCount(stats?.overall.totalPurchases ?? 0)}
        loading={loading}
        icon={<ClipboardList size={22} />}
      />
      <StatCard
        title="Total Pending Orders"
        value={countOf(stats, 'Pending')}
        loading={loading}
        icon={<Clock size={22} />}
      />
      <StatCard
        title="Total Delivered Orders"
        value={countOf(stats, 'Delivered')}
        loading={loading}
        icon={<Truck size={22} />}
      />
    </StatCardGrid>
  );
}
