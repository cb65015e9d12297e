import type { ReactNode } from 'react';

export interface StatCardProps {
  title: string;
  value: ReactNode;
  /** A lucide icon element, e.g. `<Users size={22} />`; it is decorative. */
  icon?: ReactNode;
  /** docs/screens/orders.md: cards read 'Loading...' while their numbers load. */
  loading?: boolean;
  /**
   * The numbers could not be loaded (the list's request failed and nothing is on screen yet):
   * the card reads 'Unavailable' rather than 'Loading...' for ever or a made-up 0. Wins over
   * `loading`.
   */
  unavailable?: boolean;
  /** A small line under the value (e.g. 'in thousands of dollars'). */
  hint?: ReactNode;
}

/**
 * One summary number of a screen (dashboard, offers, orders, casks, referrals). The cards of a
 * list come with the list's answer: `statCardState(query)` gives their loading and unavailable
 * flags from that query, the same way on every screen (decision 199).
 */
export function StatCard({
  title,
  value,
  icon,
  loading = false,
  unavailable = false,
  hint,
}: StatCardProps) {
  return (
    // A size container: in a narrow card (four in a row beside the sidebar) the value steps down
    // from text-2xl to text-xl rather than being cut off ('$2,959.1k').
    <div className="@container flex items-start justify-between gap-4 rounded-2xl border border-cream-300 bg-cream-50 p-5 shadow-sm">
      <dl className="min-w-0">
        <dt className="text-sm font-medium text-oak-700">{title}</dt>
        <dd className="mt-2 truncate text-xl font-semibold tracking-tight text-oak-900 @[16rem]:text-2xl">
          {unavailable ? (
            <span className="text-base font-normal text-oak-700">Unavailable</span>
          ) : loading ? (
            <span className="text-base font-normal text-oak-700">Loading...</span>
          ) : (
            value
          )}
        </dd>
        {hint ? <dd className="mt-1 text-xs text-oak-700">{hint}</dd> : null}
      </dl>
      {icon ? (
        <span
          aria-hidden
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-gold-300/30 text-gold-700"
        >
          {icon}
        </span>
      ) : null}
    </div>
  );
}

/** The responsive row the cards sit in: one column at 375 px, up to `columns` on wide screens. */
export function StatCardGrid({
  columns = 4,
  children,
}: {
  columns?: 2 | 3 | 4;
  children: ReactNode;
}) {
  const wide = {
    2: 'sm:grid-cols-2',
    3: 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 xl:grid-cols-4',
  };
  return <div className={`mb-6 grid grid-cols-1 gap-4 ${wide[columns]}`}>{children}</div>;
}

/**
 * Loading until the first answer, unavailable once the request failed with nothing to show (as
 * long as the list shows its error box, including while Retry runs), from a TanStack query.
 */
export function statCardState(query: { data: unknown; isPending: boolean; isError: boolean }): {
  loading: boolean;
  unavailable: boolean;
} {
  const empty = query.data === undefined;
  return { loading: empty && query.isPending, unavailable: empty && query.isError };
}
