import type { ReactNode } from 'react';

export type StatusTone = 'green' | 'yellow' | 'blue' | 'red' | 'grey';

const tones: Record<StatusTone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  blue: 'bg-sky-50 text-sky-800 ring-sky-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/25',
  grey: 'bg-stone-100 text-stone-700 ring-stone-500/25',
};

const dots: Record<StatusTone, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-500',
  blue: 'bg-sky-500',
  red: 'bg-red-500',
  grey: 'bg-stone-400',
};

/**
 * A status pill. The colour only repeats what the text says (never the only signal), so each
 * screen maps its own values to a tone: e.g. docs/screens/orders.md: Active→green, Pending→yellow,
 * Delivered→blue, anything else→red.
 */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}
    >
      <span aria-hidden className={`h-1.5 w-1.5 rounded-full ${dots[tone]}`} />
      {children}
    </span>
  );
}
