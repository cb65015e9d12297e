import type { OrderStatus, PaymentStatus } from '@cask/contracts/orders';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge.tsx';

/** docs/screens/orders.md: green Active, yellow Pending, blue Delivered, red anything else. */
const tones: Partial<Record<OrderStatus, StatusTone>> = {
  Active: 'green',
  Pending: 'yellow',
  Delivered: 'blue',
};

/** An order's status as the Order List shows it, also on a customer's page. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={tones[status as OrderStatus] ?? 'red'}>{status}</StatusBadge>;
}

/**
 * How an order's payment reads on screen: the values are stored as the spec lists them ('paid',
 * 'refunded', 'Delivered', 'due', 'completed'), and each is shown capitalized, like every other
 * select of the app (docs/decisions/326).
 */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  Delivered: 'Delivered',
  due: 'Due',
  completed: 'Completed',
};

/** A stored payment value's label; a value the app does not know yet reads as stored. */
export function paymentStatusLabel(value: string): string {
  return PAYMENT_STATUS_LABELS[value as PaymentStatus] ?? value;
}
