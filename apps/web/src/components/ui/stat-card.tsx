import type { ReactNode } from 'react';

export interface StatCardProps {
  title: string;
  value: ReactNode;
  /** A lucide icon element, e.g. `<Users size={22} />`; it is decorative. */
  icon?: ReactNode;
  /** Spec 001 §2 (orders): cards read 'Loading...' while their numbers load. */
  loading?: boolean;
  /** A small line under the value (e.g. 'in thousands of dollars'). */
  hint?: ReactNode;
}

/** One summary number of a screen (dashboard, offers, orders, casks, referrals). */
export function StatCard({ title, value, icon, loading = false, hint }: StatCardProps) {
  return (
    // A size container: in a narrow card (four in a row beside the sidebar) the value steps down
    // from text-2xl to text-xl rather than being cut off ('$2,959.1k').
    <div className="@container flex items-start justify-between gap-4 rounded-2xl border border-cream-300 bg-cream-50 p-5 shadow-sm">
      <dl className="min-w-0">
        <dt className="text-sm font-medium text-oak-700">{title}</dt>
        <dd className="mt-2 truncate text-xl font-semibold tracking-tight text-oak-900 @[16rem]:text-2xl">
          {loading ? <span className="text-base font-normal text-oak-700">Loading...</span> : value}
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
