import type { OrderStatus } from '@cask/contracts/orders';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge.tsx';

/** Spec 001 §2: green Active, yellow Pending, blue Delivered, red anything else. */
const tones: Partial<Record<OrderStatus, StatusTone>> = {
  Active: 'green',
  Pending: 'yellow',
  Delivered: 'blue',
};

/** An order's status as the Order List shows it, also on a customer's page. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={tones[status as OrderStatus] ?? 'red'}>{status}</StatusBadge>;
}
