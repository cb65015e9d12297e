import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * The bar over a list while rows are chosen (issue 31): how many, the actions that fit the list,
 * and 'Clear selection'. A labelled region, so a screen reader finds it right after the choice.
 */
export function BulkBar({
  count,
  noun,
  onClear,
  children,
}: {
  count: number;
  /** What the rows are, plural: 'orders'. */
  noun: string;
  onClear: () => void;
  /** The actions' buttons. */
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-3 border-b border-gold-300 bg-cream-200 px-4 py-2.5"
    >
      <p className="text-sm font-semibold text-oak-900" aria-live="polite">
        {count} {count === 1 ? noun.replace(/s$/, '') : noun} selected
      </p>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
