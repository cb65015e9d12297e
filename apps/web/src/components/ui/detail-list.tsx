import type { ReactNode } from 'react';

/**
 * The read-only part of a dialog (Edit Order, Edit Cask, Edit User, Edit Referral;
 * docs/screens/common.md#modals): the values as a description list, not as read-only inputs. Text
 * is no keyboard stop, so Tab goes from the dialog's Close straight to the first field the admin
 * can change, and the list reads as term and value in a screen reader's browse mode. Two columns on
 * a phone, so the first screen of a dialog reaches the editable fields (issue 27, decision 196).
 */
export function DetailList({
  columns = 2,
  className = '',
  children,
}: {
  /** Columns from 640 px up; a phone always shows two. */
  columns?: 2 | 3 | 4;
  className?: string;
  children: ReactNode;
}) {
  const wide = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-4' };
  return (
    <dl
      className={`grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl border border-cream-300 bg-white p-4 ${wide[columns]} ${className}`}
    >
      {children}
    </dl>
  );
}

/**
 * One term and its value; a long value (an e-mail, an id) wraps rather than widening the dialog.
 * The value is not given the term as its name: ARIA 1.3 forbids naming a definition, and a
 * screen reader reads the term just before it anyway.
 */
export function Detail({
  term,
  wide = false,
  children,
}: {
  term: string;
  /** Takes the whole row (an id, a name with an e-mail). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-full' : ''}`}>
      <dt className="text-xs font-medium text-oak-700">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium [overflow-wrap:anywhere] text-oak-900">
        {children}
      </dd>
    </div>
  );
}
