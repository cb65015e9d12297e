import type { OrderStatus } from '@cask/contracts/orders';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge.tsx';

/** Spec 001 §2: green Active, yellow Pending, blue Delivered, red anything else. */
const tones: Partial<Record<OrderStatus, StatusTone>> = {
  Active: 'green',
  Pending: 'yellow',
  Delivered: 'blue',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={tones[status] ?? 'red'}>{status}</StatusBadge>;
}
