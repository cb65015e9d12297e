import type { ReactNode } from 'react';

/**
 * The cream panel screens put their lists in: an optional title row (an h2 and actions such as
 * a search box or 'Add Offer'), then the content edge to edge (a DataTable and its Pagination).
 */
export function Card({
  title,
  actions,
  children,
  className = '',
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={`overflow-hidden rounded-2xl border border-cream-300 bg-cream-50 shadow-sm ${className}`}
    >
      {title || actions ? (
        <div className="flex flex-col gap-3 px-4 pt-4 pb-3 sm:flex-row sm:items-center sm:justify-between">
          {title ? <h2 className="text-base font-semibold text-oak-900">{title}</h2> : <span />}
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
