import type { Cask } from '@cask/contracts/casks';
import { formatMoney, formatMonth } from '@/lib/format.ts';

/** Kept here for the cask page's imports; the one definition is in lib/format.ts. */
export { formatMonth };

/**
 * docs/screens/casks.md#edit-cask, 'Value Appreciation Over Time': one bar a month, as tall as its
 * value against the highest. A list, so a screen reader reads each month and its value as text; the
 * bars are drawn for the eye only.
 */
export function AppreciationChart({ points }: { points: Cask['appreciationData'] }) {
  const highest = Math.max(...points.map((point) => point.value), 0);
  return (
    <section aria-labelledby="appreciation-title" className="mt-5">
      <h3 id="appreciation-title" className="mb-2 text-sm font-semibold text-oak-900">
        Value Appreciation Over Time
      </h3>
      <ol className="flex h-40 items-end gap-1.5 overflow-x-auto rounded-xl border border-cream-300 bg-white px-3 pt-3 pb-2">
        {points.map((point) => {
          const label = `${formatMonth(point.month)}: ${formatMoney(point.value)}`;
          const height = highest > 0 ? Math.max(4, (point.value / highest) * 100) : 4;
          return (
            <li
              key={point.month}
              title={label}
              className="flex h-full max-w-14 min-w-8 flex-1 flex-col items-center justify-end gap-1"
            >
              <span className="sr-only">{label}</span>
              <span
                aria-hidden
                className="w-full rounded-t-md bg-gold-500"
                style={{ height: `${height}%` }}
              />
              <span aria-hidden className="text-[10px] whitespace-nowrap text-oak-700">
                {formatMonth(point.month).replace(' 20', " '")}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
